import { Hono } from 'hono';
import { noParams } from '../../../shared/schemas/common.ts';
import type { SettingReply } from '../../../shared/api.ts';
import type { ServerContext } from '../../context.ts';
import { type AppEnv, parseBody } from '../../http.ts';
import { blacklists } from '../../settings.ts';

export function settingRoutes({ settings }: ServerContext) {
  return new Hono<AppEnv>().post('/get_setting', async (c) => {
    await parseBody(c, noParams);
    const current = await settings.get();
    const setting: SettingReply['setting'] = blacklists(current);
    // Present only when staff chose a third-party chat; otherwise the built-in chat runs.
    if (current.chatScriptUrl) setting.chat_script_url = current.chatScriptUrl;
    return c.json({ status: 1, setting } satisfies SettingReply);
  });
}
