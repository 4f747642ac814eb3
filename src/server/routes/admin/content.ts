import { Hono } from 'hono';
import type { SiteContentItem, SiteContentVersionItem } from '../../../shared/contract/admin.ts';
import type { Reply } from '../../../shared/contract/index.ts';
import { noParams } from '../../../shared/schemas/common.ts';
import {
  contentHistoryParams,
  contentTranslationsParams,
  createContentParams,
  removeContentParams,
  restoreContentParams,
  updateContentParams,
} from '../../../shared/schemas/content.ts';
import type { AuthEnv } from '../../http-auth.ts';
import { LOCALES } from '../../../shared/locales.ts';
import {
  contentFieldsOf,
  contentTranslations,
  createSiteContent,
  type ItemTranslations,
  listSiteContent,
  removeSiteContent,
  restoreSiteContent,
  type SaveResult,
  type SiteContentRow,
  type SiteContentVersion,
  siteContentHistory,
  updateSiteContent,
} from '../../content/manage.ts';
import type { ServerContext } from '../../context.ts';
import { parseBody } from '../../http.ts';

const reply = (r: SiteContentRow): SiteContentItem => ({
  id: r.id,
  kind: r.kind,
  slug: r.slug,
  locale: r.locale,
  ...contentFieldsOf(r),
  version: r.version,
  updatedAt: r.updatedAt.toISOString(),
});

const versionReply = (v: SiteContentVersion): SiteContentVersionItem => ({
  version: v.version,
  action: v.action,
  ...contentFieldsOf(v.fields),
  staff_id: v.staffId,
  via: v.via,
  savedAt: v.createdAt.toISOString(),
});

/** A save's answer: the item saved, or why not (with the item as it now is when it changed since it was opened). */
function saved(result: SaveResult | { ok: false; message: 'version_not_found' }): Reply<'admin/update_template'> {
  if (result.ok) return { status: 1, content: reply(result.row) };
  if (result.message === 'changed_since_opened') return { status: 0, message: result.message, content: reply(result.current) };
  return { status: 0, message: result.message };
}

/**
 * Site content management for staff (the content role); every save is a version kept with
 * who made it; `npm run build` publishes changes to the static pages.
 */
export function adminContentRoutes({ database }: ServerContext) {
  const db = database.db;
  const editor = (staffId: number) => ({ staffId, via: 'api' });
  return new Hono<AuthEnv>()
    .post('/get_site_content', async (c) => {
      await parseBody(c, noParams);
      const rows = await listSiteContent(db);
      return c.json({ status: 1, contents: rows.map(reply) } satisfies Reply<'admin/get_site_content'>);
    })
    .post('/create_site_content', async (c) => {
      const p = await parseBody(c, createContentParams);
      const row = await createSiteContent(db, p, editor(c.get('player').playerId));
      if (!row) return c.json({ status: 0, message: 'content_exists' });
      c.get('log').info({ staff: c.get('player').playerId, id: row.id }, 'site content created');
      return c.json({ status: 1, content: reply(row) });
    })
    .post('/update_template', async (c) => {
      const { id, version, ...fields } = await parseBody(c, updateContentParams);
      const result = await updateSiteContent(db, id, fields, editor(c.get('player').playerId), version);
      if (result.ok) c.get('log').info({ staff: c.get('player').playerId, id, version: result.row.version }, 'site content updated');
      return c.json(saved(result));
    })
    .post('/remove_site_content', async (c) => {
      const { id } = await parseBody(c, removeContentParams);
      if (!(await removeSiteContent(db, id, editor(c.get('player').playerId)))) return c.json({ status: 0, message: 'not_found' });
      c.get('log').info({ staff: c.get('player').playerId, id }, 'site content removed');
      return c.json({ status: 1 });
    })
    .post('/get_content_translations', async (c) => {
      const { locale } = await parseBody(c, contentTranslationsParams);
      const all = await contentTranslations(db, LOCALES);
      // With a locale: the items it still needs, its state only.
      const items = locale
        ? all
            .filter((i) => locale !== 'en' && i.locales[locale]?.state !== 'translated')
            .map((i) => ({ ...i, locales: { [locale]: i.locales[locale] as ItemTranslations['locales'][string] } }))
        : all;
      return c.json({ status: 1, items } satisfies Reply<'admin/get_content_translations'>);
    })
    .post('/get_site_content_history', async (c) => {
      const { id } = await parseBody(c, contentHistoryParams);
      const versions = await siteContentHistory(db, id);
      if (versions.length === 0) return c.json({ status: 0, message: 'not_found' } satisfies Reply<'admin/get_site_content_history'>);
      return c.json({ status: 1, versions: versions.map(versionReply) } satisfies Reply<'admin/get_site_content_history'>);
    })
    .post('/restore_site_content', async (c) => {
      const { id, version, opened } = await parseBody(c, restoreContentParams);
      const result = await restoreSiteContent(db, id, version, editor(c.get('player').playerId), opened);
      if (result.ok) c.get('log').info({ staff: c.get('player').playerId, id, restored: version, version: result.row.version }, 'site content restored');
      return c.json(saved(result));
    });
}
