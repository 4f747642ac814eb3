// The Cloudflare Workers deployment (wrangler.toml): the prerendered site in dist/client
// served as static assets, the visitor gate before every page, /api and /socket.io passed
// to the API origin so the site stays one origin (the refresh cookie is SameSite=Strict).
// Tested in workerd through miniflare: tests/edge/worker.test.ts.
import { localeOfPath, localizePath } from '../shared/locales.ts';
import { cacheControl, securityHeaders } from '../server/site-headers.ts';
import { createEdgeGate } from './gate.ts';

/** The platform's binding to the uploaded assets (wrangler.toml `[assets] binding`). */
interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

export interface Env {
  ASSETS: AssetsBinding;
  /** Where the Node API processes answer (`https://api.casino.test`); wrangler.toml `[vars]`. */
  API_ORIGIN: string;
}

// One gate per API origin, kept for the isolate's life so its lists cache holds between requests.
const gates = new Map<string, ReturnType<typeof createEdgeGate>>();
function gateFor(env: Env) {
  let gate = gates.get(env.API_ORIGIN);
  if (!gate) {
    gate = createEdgeGate({ apiOrigin: env.API_ORIGIN });
    gates.set(env.API_ORIGIN, gate);
  }
  return gate;
}

const API = /^\/(api|socket\.io)(\/|$)/;

/** Forwards an API call or the socket.io connection (WebSocket upgrades included) to the API origin. */
function toApi(request: Request, url: URL, env: Env): Promise<Response> {
  const target = new URL(url.pathname + url.search, env.API_ORIGIN);
  const forwarded = new Request(target, request);
  const ip = request.headers.get('cf-connecting-ip');
  // The API believes this only from TRUSTED_PROXIES (docs/operations.md, "Cloudflare Workers").
  if (ip) forwarded.headers.set('x-forwarded-for', ip);
  forwarded.headers.set('x-forwarded-proto', url.protocol.replace(':', ''));
  forwarded.headers.set('x-forwarded-host', url.host);
  return fetch(forwarded);
}

/** The asset's answer with the headers our Node server sends for the same file. */
function withSiteHeaders(response: Response, pathname: string, status = response.status): Response {
  const headers = new Headers(response.headers);
  const html = (headers.get('content-type') ?? '').startsWith('text/html');
  for (const [name, value] of Object.entries(securityHeaders(true))) headers.set(name, value);
  if (response.ok || status === 404) headers.set('Cache-Control', cacheControl(pathname, html));
  return new Response(response.body, { status, statusText: status === response.status ? response.statusText : '', headers });
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (API.test(url.pathname)) return toApi(request, url, env);
    const redirect = await gateFor(env)(request);
    if (redirect) return redirect;
    const response = await env.ASSETS.fetch(request);
    if (response.status !== 404 || (request.method !== 'GET' && request.method !== 'HEAD')) return withSiteHeaders(response, url.pathname);
    // Unknown paths get the 404 page of their locale, as on the Node server.
    const page = await env.ASSETS.fetch(new Request(new URL(localizePath('/404', localeOfPath(url.pathname)), url), { method: request.method }));
    return withSiteHeaders(page.ok ? page : response, url.pathname, 404);
  },
};
