import type { Reply } from '../../../shared/contract/index.ts';
import { Hono } from 'hono';
import { noParams } from '../../../shared/schemas/common.ts';
import type { SettingReply } from '../../../shared/api.ts';
import type { ServerContext } from '../../context.ts';
import { type AppEnv, parseBody } from '../../http.ts';
import { countryOf } from '../../geo/ip-country.ts';
import { profileIn } from '../../jurisdiction/index.ts';
import { blacklists } from '../../settings.ts';

export function settingRoutes({ settings }: ServerContext) {
  return new Hono<AppEnv>().post('/get_setting', async (c) => {
    await parseBody(c, noParams);
    const current = await settings.get();
    const setting: SettingReply['setting'] = blacklists(current);
    // Present only when staff chose a third-party chat; otherwise the built-in chat runs.
    if (current.chatScriptUrl) setting.chat_script_url = current.chatScriptUrl;
    const profile = profileIn(current, countryOf(c.get('clientIp')));
    const market = { age_notice: profile.licence_notice, guest_free_play: profile.guest_free_play };
    return c.json({ status: 1, setting, market } satisfies Reply<'front/get_setting'>);
  });
}
