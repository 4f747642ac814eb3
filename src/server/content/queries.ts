// Content as the front calls read it: the caller's locale, English where a
// translation is missing.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { DEFAULT_LOCALE } from '../../shared/locales.ts';
import type { Executor } from '../db/client.ts';
import { type ContentKind, promotions, siteContent } from '../db/schema/index.ts';

type Row = typeof siteContent.$inferSelect;

/** Rows of a kind in `locale`, each slug falling back to English when untranslated. */
export async function localizedContent(db: Executor, kind: ContentKind, locale: string, filter: { mobile?: boolean; slug?: string } = {}): Promise<Row[]> {
  const conditions = [eq(siteContent.kind, kind), inArray(siteContent.locale, [...new Set([locale, DEFAULT_LOCALE])])];
  if (filter.mobile !== undefined) conditions.push(eq(siteContent.mobile, filter.mobile));
  if (filter.slug !== undefined) conditions.push(eq(siteContent.slug, filter.slug));
  const found = await db
    .select()
    .from(siteContent)
    .where(and(...conditions))
    .orderBy(asc(siteContent.position), asc(siteContent.id));
  const bySlug = new Map<string, Row>();
  for (const row of found) {
    const key = `${row.slug}:${row.mobile}`;
    if (row.locale === locale || !bySlug.has(key)) bySlug.set(key, row);
  }
  return [...bySlug.values()];
}

/** Active promotions with their texts in `locale` (English fallback). */
export async function localizedPromotions(db: Executor, locale: string, id?: number) {
  const conditions = [eq(promotions.status, 'active')];
  if (id !== undefined) conditions.push(eq(promotions.id, id));
  const promos = await db
    .select()
    .from(promotions)
    .where(and(...conditions))
    .orderBy(asc(promotions.position), asc(promotions.id));
  const texts = await localizedContent(db, 'promotion', locale, id === undefined ? {} : { slug: String(id) });
  const bySlug = new Map(texts.map((t) => [t.slug, t]));
  return promos.flatMap((p) => {
    const text = bySlug.get(String(p.id));
    return text ? [{ promotion: p, text }] : [];
  });
}
