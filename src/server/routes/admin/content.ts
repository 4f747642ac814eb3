import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { noParams } from '../../../shared/schemas/common.ts';
import { createContentParams, removeContentParams, updateContentParams } from '../../../shared/schemas/content.ts';
import type { AuthEnv } from '../../auth/middleware.ts';
import { plainText, sanitizeContent } from '../../content/sanitize.ts';
import type { ServerContext } from '../../context.ts';
import { siteContent } from '../../db/schema/index.ts';
import { parseBody } from '../../http.ts';

type Row = typeof siteContent.$inferSelect;

const reply = (r: Row) => ({
  id: r.id,
  kind: r.kind,
  slug: r.slug,
  locale: r.locale,
  title: r.title,
  brief: r.brief,
  body: r.body,
  image_url: r.imageUrl,
  mobile: r.mobile,
  position: r.position,
  updatedAt: r.updatedAt,
});

function cleanFields(p: {
  title?: string | undefined;
  brief?: string | undefined;
  body?: string | undefined;
  image_url?: string | null | undefined;
  mobile?: boolean | undefined;
  position?: number | undefined;
}) {
  const out: Partial<typeof siteContent.$inferInsert> = {};
  if (p.title !== undefined) out.title = plainText(p.title);
  if (p.brief !== undefined) out.brief = sanitizeContent(p.brief);
  if (p.body !== undefined) out.body = sanitizeContent(p.body);
  if (p.image_url !== undefined) out.imageUrl = p.image_url;
  if (p.mobile !== undefined) out.mobile = p.mobile;
  if (p.position !== undefined) out.position = p.position;
  return out;
}

/** Site content management for staff; `npm run build` publishes changes to the static pages. */
export function adminContentRoutes({ database }: ServerContext) {
  const db = database.db;
  return new Hono<AuthEnv>()
    .post('/get_site_content', async (c) => {
      await parseBody(c, noParams);
      const rows = await db.select().from(siteContent).orderBy(asc(siteContent.kind), asc(siteContent.slug), asc(siteContent.locale));
      return c.json({ status: 1, contents: rows.map(reply) });
    })
    .post('/create_site_content', async (c) => {
      const p = await parseBody(c, createContentParams);
      const [row] = await db
        .insert(siteContent)
        .values({ kind: p.kind, slug: p.slug, locale: p.locale, ...cleanFields(p) })
        .onConflictDoNothing()
        .returning();
      if (!row) return c.json({ status: 0, message: 'content_exists' });
      c.get('log').info({ staff: c.get('player').playerId, id: row.id }, 'site content created');
      return c.json({ status: 1, content: reply(row) });
    })
    .post('/update_template', async (c) => {
      const { id, ...fields } = await parseBody(c, updateContentParams);
      const [row] = await db
        .update(siteContent)
        .set({ ...cleanFields(fields), updatedAt: new Date() })
        .where(eq(siteContent.id, id))
        .returning();
      if (!row) return c.json({ status: 0, message: 'not_found' });
      c.get('log').info({ staff: c.get('player').playerId, id }, 'site content updated');
      return c.json({ status: 1, content: reply(row) });
    })
    .post('/remove_site_content', async (c) => {
      const { id } = await parseBody(c, removeContentParams);
      const removed = await db.delete(siteContent).where(eq(siteContent.id, id)).returning({ id: siteContent.id });
      if (removed.length === 0) return c.json({ status: 0, message: 'not_found' });
      c.get('log').info({ staff: c.get('player').playerId, id }, 'site content removed');
      return c.json({ status: 1 });
    });
}
