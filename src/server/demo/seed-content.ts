// Demo content on first start: the promotions and, for every locale that has a
// seed file, their texts, the FAQ and info pages, the slider and the footer.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
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

/**
 * Seeds promotions and site content once; later starts leave operators' edits alone, but
 * bring the seeded texts up to date where nobody edited them (upgradeSeededTexts).
 */
export async function seedContent(db: Db): Promise<void> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(siteContent);
  if ((existing?.n ?? 0) > 0) {
    await upgradeSeededTexts(db);
    return;
  }
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

/**
 * Hashes of the seeded promotion and slide texts as they were while their figures were
 * typed into the prose ("up to ₹200" on `in`), by `<kind>:<key>:<locale>:<field>`.
 */
const TYPED_FIGURES = JSON.parse(readFileSync(join(import.meta.dirname, 'typed-figures.json'), 'utf8')) as Record<string, string>;

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * A site seeded before offers named their figures by token: each seeded text still exactly
 * as it was seeded (its hash in typed-figures.json) becomes today's, so the page states the
 * promotion's figures in its currency; a text staff changed is theirs and stays. A seeded
 * promotion with no text at all (BINGO50, added to such a site by migration 0027) gets its
 * texts. Idempotent: a text already upgraded matches no old hash.
 */
export async function upgradeSeededTexts(db: Db): Promise<void> {
  const codes = DEMO_PROMOTIONS.map((p) => p.promoCode);
  const found = await db.select({ id: promotions.id, code: promotions.promoCode }).from(promotions).where(inArray(promotions.promoCode, codes));
  const ids = new Map<string, number>(DEMO_PROMOTIONS.flatMap((p) => found.filter((f) => f.code === p.promoCode).map((f) => [p.key, f.id] as const)));
  const rows = await db
    .select()
    .from(siteContent)
    .where(inArray(siteContent.kind, ['promotion', 'slider']));
  const withText = new Set(rows.filter((r) => r.kind === 'promotion').map((r) => r.slug));
  const added: (typeof siteContent.$inferInsert)[] = [];
  await db.transaction(async (tx) => {
    for (const locale of LOCALES) {
      const seed = readSeedFile(locale);
      if (!seed) continue;
      for (const [key, text] of Object.entries(seed.promotions)) {
        const id = ids.get(key);
        if (id === undefined) continue;
        const fresh = { title: plainText(text.title), brief: sanitizeContent(text.brief), body: sanitizeContent(text.body) };
        if (!withText.has(String(id))) {
          added.push({ kind: 'promotion', slug: String(id), locale, ...fresh, imageUrl: `/promotions/${key}.svg`, position: id });
          continue;
        }
        const row = rows.find((r) => r.kind === 'promotion' && r.slug === String(id) && r.locale === locale);
        if (!row) continue;
        const change: Partial<typeof fresh> = {};
        for (const field of ['title', 'brief', 'body'] as const) {
          if (TYPED_FIGURES[`promotion:${key}:${locale}:${field}`] === digest(row[field])) change[field] = fresh[field];
        }
        if (Object.keys(change).length > 0) await tx.update(siteContent).set(change).where(eq(siteContent.id, row.id));
      }
      for (const [i, slide] of seed.slider.entries()) {
        const fresh = { title: plainText(slide.title), body: plainText(slide.text) };
        for (const row of rows.filter((r) => r.kind === 'slider' && r.slug === String(i + 1) && r.locale === locale)) {
          const change: Partial<typeof fresh> = {};
          for (const field of ['title', 'body'] as const) {
            if (TYPED_FIGURES[`slider:${i + 1}:${locale}:${field}`] === digest(row[field])) change[field] = fresh[field];
          }
          if (Object.keys(change).length > 0) await tx.update(siteContent).set(change).where(eq(siteContent.id, row.id));
        }
      }
    }
    // Two instances starting together: the second adds nothing.
    if (added.length > 0) await tx.insert(siteContent).values(added).onConflictDoNothing();
  });
}
