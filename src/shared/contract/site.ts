// The site's own calls: health, the public settings and the visitor's address and country.
import type { HealthReply, Ok, SettingReply } from '../api.ts';
import { noParams } from '../schemas/common.ts';
import { ipStackParams } from '../schemas/geo.ts';
import { get, post, reply } from './define.ts';

export interface IpReply extends Ok {
  ip: string;
}

export interface IpStackReply extends Ok {
  /** The country of `ip` in the server's offline table; null when it is not known. */
  data: { ip: string; country_code: string | null };
}

export const site = {
  health: get(noParams, reply<HealthReply>()),
  'front/get_setting': post(noParams, reply<SettingReply>()),
  'front/auth/get_ip': post(noParams, reply<IpReply>()),
  'front/auth/get_ip_stack': post(ipStackParams, reply<IpStackReply>()),
};
