// The visitor gate as an edge function for a CDN deployment: the same createGate,
// with the blacklists fetched from the API origin (cached 30 s) and the country the
// edge platform resolved (a request header such as CF-IPCountry or X-Country).
// Wire `handle` into the platform's request hook; return its Response when there is one.
import { createGate, type GateLists, gateLists } from '../server/gate.ts';
import type { SettingReply } from '../shared/api.ts';

const API_ORIGIN = (globalThis as { process?: { env?: Record<string, string> } }).process?.env?.API_ORIGIN ?? '';
let cached: { lists: GateLists; at: number } | undefined;

async function lists(): Promise<GateLists> {
  if (cached && Date.now() - cached.at < 30_000) return cached.lists;
  try {
    const reply = (await (
      await fetch(`${API_ORIGIN}/api/front/get_setting`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
    ).json()) as SettingReply;
    cached = { lists: gateLists(reply.setting.country_black_list, reply.setting.ip_black_list), at: Date.now() };
  } catch {
    // Fail open, as the client check does: a settings outage must not take the site down.
    cached ??= { lists: gateLists([], []), at: 0 };
  }
  return cached.lists;
}

const gate = createGate({ lists, countryOf: () => undefined });

export function handle(request: Request): Promise<Response | undefined> {
  const ip = request.headers.get('cf-connecting-ip') ?? request.headers.get('x-real-ip') ?? undefined;
  const country = request.headers.get('cf-ipcountry') ?? request.headers.get('x-country') ?? undefined;
  return gate(request, { ...(ip ? { ip } : {}), ...(country ? { country } : {}) });
}
