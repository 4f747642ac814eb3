import { Hono } from 'hono';
import type { SiteContentItem } from '../../../shared/contract/admin.ts';
import type { Reply } from '../../../shared/contract/index.ts';
import { noParams } from '../../../shared/schemas/common.ts';
import { createContentParams, removeContentParams, updateContentParams } from '../../../shared/schemas/content.ts';
import type { AuthEnv } from '../../http-auth.ts';
import { createSiteContent, listSiteContent, removeSiteContent, type SiteContentRow, updateSiteContent } from '../../content/manage.ts';
import type { ServerContext } from '../../context.ts';
import { parseBody } from '../../http.ts';

const reply = (r: SiteContentRow): SiteContentItem => ({
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
  updatedAt: r.updatedAt.toISOString(),
});

/** Site content management for staff; `npm run build` publishes changes to the static pages. */
export function adminContentRoutes({ database }: ServerContext) {
  const db = database.db;
  return new Hono<AuthEnv>()
    .post('/get_site_content', async (c) => {
      await parseBody(c, noParams);
      const rows = await listSiteContent(db);
      return c.json({ status: 1, contents: rows.map(reply) } satisfies Reply<'admin/get_site_content'>);
    })
    .post('/create_site_content', async (c) => {
      const p = await parseBody(c, createContentParams);
      const row = await createSiteContent(db, p);
      if (!row) return c.json({ status: 0, message: 'content_exists' });
      c.get('log').info({ staff: c.get('player').playerId, id: row.id }, 'site content created');
      return c.json({ status: 1, content: reply(row) });
    })
    .post('/update_template', async (c) => {
      const { id, ...fields } = await parseBody(c, updateContentParams);
      const row = await updateSiteContent(db, id, fields);
      if (!row) return c.json({ status: 0, message: 'not_found' });
      c.get('log').info({ staff: c.get('player').playerId, id }, 'site content updated');
      return c.json({ status: 1, content: reply(row) });
    })
    .post('/remove_site_content', async (c) => {
      const { id } = await parseBody(c, removeContentParams);
      if (!(await removeSiteContent(db, id))) return c.json({ status: 0, message: 'not_found' });
      c.get('log').info({ staff: c.get('player').playerId, id }, 'site content removed');
      return c.json({ status: 1 });
    });
}
