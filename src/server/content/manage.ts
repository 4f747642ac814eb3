// Content as staff edit it (the admin calls): every locale's rows, and the changes,
// with titles made plain text and briefs and bodies sanitized on the way in, so that
// what the build renders into the static pages is never a staff member's raw HTML.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { type ContentKind, siteContent } from '../db/schema/index.ts';
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

/** A new item; undefined when one with this kind, slug, locale (and mobile flag) exists. */
export async function createSiteContent(
  db: Executor,
  item: { kind: ContentKind; slug: string; locale: string } & ContentFields,
): Promise<SiteContentRow | undefined> {
  const [row] = await db
    .insert(siteContent)
    .values({ kind: item.kind, slug: item.slug, locale: item.locale, ...cleanFields(item) })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The item with the given fields changed; undefined when there is no such item. */
export async function updateSiteContent(db: Executor, id: number, fields: ContentFields): Promise<SiteContentRow | undefined> {
  const [row] = await db
    .update(siteContent)
    .set({ ...cleanFields(fields), updatedAt: new Date() })
    .where(eq(siteContent.id, id))
    .returning();
  return row;
}

/** Whether an item was there to remove. */
export async function removeSiteContent(db: Executor, id: number): Promise<boolean> {
  const removed = await db.delete(siteContent).where(eq(siteContent.id, id)).returning({ id: siteContent.id });
  return removed.length > 0;
}
