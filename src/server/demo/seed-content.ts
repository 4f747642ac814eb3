// Demo content on first start: the promotions and, for every locale that has a
// seed file, their texts, the FAQ and info pages, the slider and the footer.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { LOCALES } from '../../shared/locales.ts';
import type { Db } from '../db/client.ts';
import { promotionAmounts, promotions, siteContent } from '../db/schema/index.ts';
import { FAQ_TABS } from '../../shared/content.ts';
import { DEMO_PROMOTION_CURRENCY, DEMO_PROMOTIONS, DEMO_SLIDE_LINKS, type SeedFile } from './promotions.ts';
import { plainText, sanitizeContent } from '../content/sanitize.ts';

const SEED_DIR = join(import.meta.dirname, 'content');

export function readSeedFile(locale: string): SeedFile | undefined {
  const file = join(SEED_DIR, `${locale}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SeedFile) : undefined;
}

/** Seeds promotions and site content once; later starts leave operators' edits alone. */
export async function seedContent(db: Db): Promise<void> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(siteContent);
  if ((existing?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const [position, p] of DEMO_PROMOTIONS.entries()) {
      const { key, amounts, ...terms } = p;
      const own = amounts[DEMO_PROMOTION_CURRENCY];
      await tx
        .insert(promotions)
        .values({ ...terms, ...own, bonusValue: terms.bonusValue, currency: DEMO_PROMOTION_CURRENCY, position, imageUrl: `/promotions/${key}.svg` })
        .onConflictDoNothing();
      const [row] = await tx.select({ id: promotions.id }).from(promotions).where(sql`lower(${promotions.promoCode}) = lower(${terms.promoCode})`);
      if (!row) continue;
      ids.set(key, row.id);
      const others = Object.entries(amounts).filter(([currency]) => currency !== DEMO_PROMOTION_CURRENCY);
      await tx
        .insert(promotionAmounts)
        .values(others.map(([currency, money]) => ({ promotionId: row.id, currency, ...money })))
        .onConflictDoNothing();
    }
    const rows: (typeof siteContent.$inferInsert)[] = [];
    for (const locale of LOCALES) {
      const seed = readSeedFile(locale);
      if (!seed) continue;
      for (const [key, text] of Object.entries(seed.promotions)) {
        const id = ids.get(key);
        if (id === undefined) continue;
        rows.push({
          kind: 'promotion',
          slug: String(id),
          locale,
          title: plainText(text.title),
          brief: sanitizeContent(text.brief),
          body: sanitizeContent(text.body),
          imageUrl: `/promotions/${key}.svg`,
          position: id,
        });
      }
      FAQ_TABS.forEach((tab, position) => {
        const page = seed.pages[tab];
        rows.push({ kind: 'faq', slug: tab, locale, title: plainText(page.title), body: sanitizeContent(page.body), position });
      });
      seed.slider.forEach((slide, i) => {
        const base = {
          kind: 'slider' as const,
          slug: String(i + 1),
          locale,
          title: plainText(slide.title),
          body: plainText(slide.text),
          brief: plainText(slide.cta),
          link: DEMO_SLIDE_LINKS[i] ?? null,
          position: i,
        };
        rows.push({ ...base, imageUrl: `/slider/${i + 1}.svg`, mobile: false });
        rows.push({ ...base, imageUrl: `/slider/${i + 1}-mobile.svg`, mobile: true });
      });
      rows.push({ kind: 'license_line', slug: 'license_line', locale, body: sanitizeContent(seed.license_line) });
      seed.footer.forEach((column, i) => {
        rows.push({ kind: 'footer', slug: String(i + 1), locale, body: sanitizeContent(column), position: i });
      });
    }
    // Two instances starting together on a fresh database both get here: the second adds nothing.
    for (let i = 0; i < rows.length; i += 200)
      await tx
        .insert(siteContent)
        .values(rows.slice(i, i + 200))
        .onConflictDoNothing();
  });
}
