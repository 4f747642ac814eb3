// Content as staff edit it (the admin calls): every locale's rows, and the changes,
// with titles made plain text and briefs and bodies sanitized on the way in, so that
// what the build renders into the static pages is never a staff member's raw HTML. Every
// save is a version of the item, kept with who made it (site_content_versions): the
// history an editor restores from, and the audit of content changes.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { type ContentKind, type ContentVersionFields, siteContent, siteContentVersions } from '../db/schema/index.ts';
import type { ContentTranslationsItem as ItemTranslations, TranslationState } from '../../shared/contract/admin.ts';
import { plainText, sanitizeContent } from './sanitize.ts';

export type SiteContentRow = typeof siteContent.$inferSelect;

/** The fields staff may set on an item, as the admin calls name them. */
export interface ContentFields {
  title?: string | undefined;
  brief?: string | undefined;
  body?: string | undefined;
  image_url?: string | null | undefined;
  mobile?: boolean | undefined;
  link?: string | null | undefined;
  position?: number | undefined;
}

/** An item's fields (a row's, or a kept version's) as the admin calls name them. */
export const contentFieldsOf = (f: ContentVersionFields): Required<ContentFields> => ({
  title: f.title,
  brief: f.brief,
  body: f.body,
  image_url: f.imageUrl,
  mobile: f.mobile,
  link: f.link,
  position: f.position,
});

/** Only the fields given change; text goes through the sanitizer. */
function cleanFields(p: ContentFields): Partial<typeof siteContent.$inferInsert> {
  const out: Partial<typeof siteContent.$inferInsert> = {};
  if (p.title !== undefined) out.title = plainText(p.title);
  if (p.brief !== undefined) out.brief = sanitizeContent(p.brief);
  if (p.body !== undefined) out.body = sanitizeContent(p.body);
  if (p.image_url !== undefined) out.imageUrl = p.image_url;
  if (p.mobile !== undefined) out.mobile = p.mobile;
  if (p.link !== undefined) out.link = p.link;
  if (p.position !== undefined) out.position = p.position;
  return out;
}

/** Every item in every locale, by kind, slug and locale. */
export function listSiteContent(db: Executor): Promise<SiteContentRow[]> {
  return db.select().from(siteContent).orderBy(asc(siteContent.kind), asc(siteContent.slug), asc(siteContent.locale));
}

/**
 * For an item of another locale, the version of its English item now: what its translation
 * is saved against. Null for an English item, or when there is no English one.
 */
async function englishVersion(tx: Executor, item: { kind: ContentKind; slug: string; locale: string; mobile: boolean }): Promise<number | null> {
  if (item.locale === 'en') return null;
  const [en] = await tx
    .select({ version: siteContent.version })
    .from(siteContent)
    .where(and(eq(siteContent.kind, item.kind), eq(siteContent.slug, item.slug), eq(siteContent.locale, 'en'), eq(siteContent.mobile, item.mobile)));
  return en?.version ?? null;
}

/** Who saves: a staff account through the API, or `cli:<os user>`. */
export interface Editor {
  staffId: number | null;
  via: string;
}

const versionFields = (r: SiteContentRow): ContentVersionFields => ({
  title: r.title,
  brief: r.brief,
  body: r.body,
  imageUrl: r.imageUrl,
  mobile: r.mobile,
  link: r.link,
  position: r.position,
});

/** Keeps `row` as it now is, the version `action` made. */
async function keepVersion(tx: Executor, row: SiteContentRow, action: SiteContentVersion['action'], who: Editor): Promise<void> {
  await tx.insert(siteContentVersions).values({
    contentId: row.id,
    version: row.version,
    kind: row.kind,
    slug: row.slug,
    locale: row.locale,
    fields: versionFields(row),
    action,
    staffId: who.staffId,
    via: who.via,
  });
}

/** A new item (version 1); undefined when one with this kind, slug, locale (and mobile flag) exists. */
export function createSiteContent(
  db: Db,
  item: { kind: ContentKind; slug: string; locale: string } & ContentFields,
  who: Editor,
): Promise<SiteContentRow | undefined> {
  return db.transaction(async (tx) => {
    const translatedFrom = await englishVersion(tx, { ...item, mobile: item.mobile ?? false });
    const [row] = await tx
      .insert(siteContent)
      .values({ kind: item.kind, slug: item.slug, locale: item.locale, ...cleanFields(item), translatedFrom })
      .onConflictDoNothing()
      .returning();
    if (row) await keepVersion(tx, row, 'create', who);
    return row;
  });
}

export type SaveResult =
  | { ok: true; row: SiteContentRow }
  | { ok: false; message: 'not_found' }
  | { ok: false; message: 'changed_since_opened'; current: SiteContentRow };

/**
 * The item with the given fields changed, as its next version. With `opened` (the version
 * the editor opened) a save over someone else's later one is refused, with the item as it
 * now is, so that nothing is silently overwritten.
 */
export function updateSiteContent(
  db: Db,
  id: number,
  fields: ContentFields,
  who: Editor,
  opened?: number,
  action: 'update' | 'restore' = 'update',
): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(siteContent).where(eq(siteContent.id, id)).for('update');
    if (!current) return { ok: false, message: 'not_found' } as const;
    if (opened !== undefined && opened !== current.version) return { ok: false, message: 'changed_since_opened', current } as const;
    const translatedFrom = await englishVersion(tx, { ...current, mobile: fields.mobile ?? current.mobile });
    const [row] = await tx
      .update(siteContent)
      .set({ ...cleanFields(fields), version: current.version + 1, translatedFrom, updatedAt: new Date() })
      .where(eq(siteContent.id, id))
      .returning();
    const saved = row as SiteContentRow;
    await keepVersion(tx, saved, action, who);
    return { ok: true, row: saved } as const;
  });
}

/** Whether an item was there to remove; its history keeps it, the removal last. */
export function removeSiteContent(db: Db, id: number, who: Editor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(siteContent).where(eq(siteContent.id, id)).returning();
    if (!removed) return false;
    await keepVersion(tx, { ...removed, version: removed.version + 1 }, 'remove', who);
    return true;
  });
}

export type SiteContentVersion = typeof siteContentVersions.$inferSelect;

/** Every version of an item, the newest first. */
export function siteContentHistory(db: Executor, id: number): Promise<SiteContentVersion[]> {
  return db.select().from(siteContentVersions).where(eq(siteContentVersions.contentId, id)).orderBy(desc(siteContentVersions.version));
}

/** Makes an earlier version's fields the item's next version; refusals as a save's, or `version_not_found`. */
export async function restoreSiteContent(
  db: Db,
  id: number,
  version: number,
  who: Editor,
  opened?: number,
): Promise<SaveResult | { ok: false; message: 'version_not_found' }> {
  const [kept] = await db
    .select()
    .from(siteContentVersions)
    .where(and(eq(siteContentVersions.contentId, id), eq(siteContentVersions.version, version)));
  if (!kept || kept.action === 'remove') return { ok: false, message: 'version_not_found' };
  // The stored fields were cleaned when saved; cleaning again changes nothing.
  return updateSiteContent(db, id, contentFieldsOf(kept.fields), who, opened, 'restore');
}

export type { ContentTranslationsItem as ItemTranslations, TranslationState } from '../../shared/contract/admin.ts';

/**
 * Every English item with each other locale's translation state: missing; the same as the
 * English (title, brief and body unchanged); older than the English it was translated from
 * (English saved since); or translated.
 */
export async function contentTranslations(db: Executor, locales: readonly string[]): Promise<ItemTranslations[]> {
  const rows = await listSiteContent(db);
  const key = (r: { kind: string; slug: string; mobile: boolean }) => `${r.kind}\u0000${r.slug}\u0000${r.mobile}`;
  const byItem = new Map<string, Map<string, SiteContentRow>>();
  for (const r of rows) {
    const item = byItem.get(key(r)) ?? new Map<string, SiteContentRow>();
    item.set(r.locale, r);
    byItem.set(key(r), item);
  }
  const out: ItemTranslations[] = [];
  for (const en of rows.filter((r) => r.locale === 'en')) {
    const item = byItem.get(key(en)) as Map<string, SiteContentRow>;
    const states: ItemTranslations['locales'] = {};
    for (const locale of locales) {
      if (locale === 'en') continue;
      const t = item.get(locale);
      let state: TranslationState;
      if (!t) state = 'missing';
      else if (t.title === en.title && t.brief === en.brief && t.body === en.body && `${en.title}${en.brief}${en.body}`.trim() !== '')
        state = 'same_as_english';
      else if (t.translatedFrom !== null && t.translatedFrom < en.version) state = 'outdated';
      else state = 'translated';
      states[locale] = t ? { state, id: t.id, version: t.version } : { state };
    }
    out.push({ kind: en.kind, slug: en.slug, mobile: en.mobile, english: { id: en.id, version: en.version, title: en.title }, locales: states });
  }
  return out;
}
