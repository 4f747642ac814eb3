// The visitor gate on an edge runtime (src/edge/worker.ts runs it on Cloudflare Workers):
// the same createGate as the Node server, with the blacklists fetched from the API
// origin (kept 30 s) and the country the edge platform resolved — `request.cf.country`
// on Workers, else a header such as CF-IPCountry. No IP table ships to the edge.
import { createGate, type GateContext, type GateLists, gateLists } from '../server/gate.ts';
import type { SettingReply } from '../shared/api.ts';

export interface EdgeGateOptions {
  /** Origin of our API (`https://api.casino.test`), where the settings' blacklists live. */
  apiOrigin: string;
  /** How long fetched lists are used before asking again. */
  ttlMs?: number;
  /** How long the settings call may take before the gate gives up and lets the visitor in. */
  timeoutMs?: number;
  now?: () => number;
}

/** Country codes that name no country: Cloudflare's unknown (XX) and Tor (T1). */
const NO_COUNTRY = new Set(['XX', 'T1']);

/** The visitor's address and country as the edge platform tells them. */
export function edgeVisitor(request: Request): GateContext {
  const ip = request.headers.get('cf-connecting-ip') ?? request.headers.get('x-real-ip') ?? '';
  const cf = (request as Request & { cf?: { country?: unknown } }).cf;
  const raw = (typeof cf?.country === 'string' ? cf.country : null) ?? request.headers.get('cf-ipcountry') ?? request.headers.get('x-country') ?? '';
  const country = raw.trim().toUpperCase();
  return { ...(ip ? { ip } : {}), ...(country && !NO_COUNTRY.has(country) ? { country } : {}) };
}

/** The gate for one API origin: a redirect Response for a blacklisted visitor, else undefined. */
export function createEdgeGate(options: EdgeGateOptions): (request: Request) => Promise<Response | undefined> {
  const ttl = options.ttlMs ?? 30_000;
  const now = options.now ?? Date.now;
  let cached: { lists: GateLists; at: number } | undefined;

  async function lists(): Promise<GateLists> {
    if (cached && now() - cached.at < ttl) return cached.lists;
    try {
      const response = await fetch(new URL('/api/front/get_setting', options.apiOrigin), {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 2_000),
      });
      if (!response.ok) throw new Error(`get_setting answered ${response.status}`);
      const { setting } = (await response.json()) as SettingReply;
      cached = { lists: gateLists(setting.country_black_list, setting.ip_black_list), at: now() };
    } catch (error) {
      // Fail open, as the client check does: a settings outage must not take the site down.
      // The last lists known stay in force; without any, nobody is kept out. Asked again after the TTL.
      console.error('visitor gate: blacklists unavailable', error);
      cached = { lists: cached?.lists ?? gateLists([], []), at: now() };
    }
    return cached.lists;
  }

  // Countries come from the platform; an address without one is judged by the IP list alone.
  const gate = createGate({ lists, countryOf: () => undefined });
  return (request) => gate(request, edgeVisitor(request));
}
