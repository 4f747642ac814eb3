// The visitor gate: a web-standard `(Request) => Response | undefined` that keeps
// blacklisted countries and addresses out before any HTML is sent. The Node server
// runs it in front of every page; the same function deploys unchanged as an edge
// function on Cloudflare Workers (src/edge/gate.ts, src/edge/worker.ts).
import { localeOfPath, localizePath, stripLocale } from '../shared/locales.ts';

export interface GateLists {
  countries: ReadonlySet<string>;
  ips: ReadonlySet<string>;
}

export interface GateOptions {
  /** The current blacklists (cached by the caller). */
  lists: () => GateLists | Promise<GateLists>;
  /** Country of an address; only asked when a country list exists. */
  countryOf: (ip: string) => string | undefined;
}

export interface GateContext {
  /** The visitor's address, as the platform or our proxy logic determined it. */
  ip?: string;
  /** A country the platform already resolved (edge headers), preferred over a lookup. */
  country?: string;
}

const ASSET = /\.[a-z0-9]+$/i;

/** Builds the gate; it answers a redirect to the localized /restriction page, or nothing. */
export function createGate(options: GateOptions) {
  return async function gate(request: Request, context: GateContext = {}): Promise<Response | undefined> {
    const url = new URL(request.url);
    const route = stripLocale(url.pathname);
    // The restriction page itself, and files that are not pages, always pass.
    if (route === '/restriction' || route.startsWith('/restriction/') || ASSET.test(url.pathname)) return undefined;
    const lists = await options.lists();
    if (lists.countries.size === 0 && lists.ips.size === 0) return undefined;
    const ip = context.ip ?? '';
    let blocked = ip !== '' && lists.ips.has(ip);
    if (!blocked && lists.countries.size > 0 && ip !== '') {
      const country = (context.country ?? options.countryOf(ip) ?? '').toUpperCase();
      blocked = country !== '' && lists.countries.has(country);
    }
    if (!blocked) return undefined;
    const target = localizePath('/restriction', localeOfPath(url.pathname));
    return new Response(null, { status: 302, headers: { Location: target, 'Cache-Control': 'no-store' } });
  };
}

export type Gate = ReturnType<typeof createGate>;

/** Exact-match sets from the settings lists (never substring matching). */
export function gateLists(countries: readonly string[], ips: readonly string[]): GateLists {
  return {
    countries: new Set(countries.map((c) => c.trim().toUpperCase()).filter(Boolean)),
    ips: new Set(ips.map((ip) => ip.trim()).filter(Boolean)),
  };
}
