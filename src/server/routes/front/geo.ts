import type { Reply } from '../../../shared/contract/index.ts';
import { Hono } from 'hono';
import { noParams } from '../../../shared/schemas/common.ts';
import { ipStackParams } from '../../../shared/schemas/geo.ts';
import { countryOf } from '../../geo/ip-country.ts';
import { type AppEnv, parseBody } from '../../http.ts';

/** The visitor's address and its country, answered here so no third party sees either. */
export function geoRoutes() {
  return new Hono<AppEnv>()
    .post('/auth/get_ip', async (c) => {
      await parseBody(c, noParams);
      return c.json({ status: 1, ip: c.get('clientIp') } satisfies Reply<'front/auth/get_ip'>);
    })
    .post('/auth/get_ip_stack', async (c) => {
      const { ip } = await parseBody(c, ipStackParams);
      return c.json({ status: 1, data: { ip, country_code: countryOf(ip) ?? null } } satisfies Reply<'front/auth/get_ip_stack'>);
    });
}
