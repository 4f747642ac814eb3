import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { noParams } from '../../../shared/schemas/common.ts';
import { updateSettingParams } from '../../../shared/schemas/admin.ts';
import type { AuthEnv } from '../../auth/middleware.ts';
import type { ServerContext } from '../../context.ts';
import { settings } from '../../db/schema/index.ts';
import { parseBody } from '../../http.ts';
import { SETTINGS_ID, type SiteSettings, readSettings } from '../../settings.ts';

function settingReply(s: SiteSettings) {
  return {
    country_black_list: s.countryBlackList,
    ip_black_list: s.ipBlackList,
    one_account_per_ip: s.oneAccountPerIp,
    password_min_length: s.passwordMinLength,
    chat_script_url: s.chatScriptUrl,
  };
}

export function adminSettingRoutes(ctx: ServerContext) {
  const { database } = ctx;
  return new Hono<AuthEnv>()
    .post('/get_setting', async (c) => {
      await parseBody(c, noParams);
      return c.json({ status: 1, setting: settingReply(await readSettings(database.db)) });
    })
    .post('/update_setting', async (c) => {
      const p = await parseBody(c, updateSettingParams);
      const change: Partial<typeof settings.$inferInsert> = { updatedAt: new Date() };
      if (p.country_black_list) change.countryBlackList = [...new Set(p.country_black_list)];
      if (p.ip_black_list) change.ipBlackList = [...new Set(p.ip_black_list)];
      if (p.one_account_per_ip !== undefined) change.oneAccountPerIp = p.one_account_per_ip;
      if (p.password_min_length !== undefined) change.passwordMinLength = p.password_min_length;
      if (p.chat_script_url !== undefined) change.chatScriptUrl = p.chat_script_url;
      await database.db.insert(settings).values({ id: SETTINGS_ID }).onConflictDoNothing();
      await database.db.update(settings).set(change).where(eq(settings.id, SETTINGS_ID));
      ctx.settings.invalidate();
      c.get('log').info({ staff: c.get('player').playerId, change: Object.keys(p) }, 'settings changed');
      return c.json({ status: 1, setting: settingReply(await readSettings(database.db)) });
    });
}
