import type { Reply } from '../../../shared/contract/index.ts';
import { Hono } from 'hono';
import type { AdminSettings } from '../../../shared/contract/admin.ts';
import { noParams } from '../../../shared/schemas/common.ts';
import { updateSettingParams } from '../../../shared/schemas/admin.ts';
import type { AuthEnv } from '../../http-auth.ts';
import type { ServerContext } from '../../context.ts';
import { HttpError, parseBody } from '../../http.ts';
import { readSettings, type SiteSettings, updateSettings } from '../../settings.ts';

function settingReply(s: SiteSettings): AdminSettings {
  return {
    country_black_list: s.countryBlackList,
    ip_black_list: s.ipBlackList,
    one_account_per_ip: s.oneAccountPerIp,
    password_min_length: s.passwordMinLength,
    chat_script_url: s.chatScriptUrl,
    currency_by_country: s.currencyByCountry,
    jurisdiction_profiles: s.jurisdictionProfiles,
    jurisdiction_by_country: s.jurisdictionByCountry,
  };
}

export function adminSettingRoutes(ctx: ServerContext) {
  const { database } = ctx;
  return new Hono<AuthEnv>()
    .post('/get_setting', async (c) => {
      await parseBody(c, noParams);
      return c.json({ status: 1, setting: settingReply(await readSettings(database.db)) } satisfies Reply<'admin/get_setting'>);
    })
    .post('/update_setting', async (c) => {
      const p = await parseBody(c, updateSettingParams);
      const updated = await updateSettings(database.db, p);
      if (!updated.ok) throw new HttpError(400, 'validation_failed', { [`jurisdiction_by_country.${updated.unknownProfileFor}`]: 'invalid_value' });
      ctx.settings.invalidate();
      c.get('log').info({ staff: c.get('player').playerId, change: Object.keys(p) }, 'settings changed');
      return c.json({ status: 1, setting: settingReply(updated.settings) } satisfies Reply<'admin/update_setting'>);
    });
}
