// The Cloudflare Workers deployment run in workerd (through miniflare) with the settings
// of wrangler.toml: the worker of src/edge/worker.ts bundled as wrangler would, a small
// site as its static assets, and the API origin played by this test (miniflare's
// outbound service), so the blacklists can be set, broken or slowed at will.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'edge-worker-'));
const site = join(dir, 'site');

/** The few settings of wrangler.toml the test needs: `key = value` lines, by section. */
function wranglerToml(): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  let section = '';
  for (const line of readFileSync(join(root, 'wrangler.toml'), 'utf8').split('\n')) {
    const header = /^\[(\w+)\]/.exec(line);
    if (header) section = `${header[1]}.`;
    const pair = /^(\w+)\s*=\s*(?:"([^"]*)"|(true|false))/.exec(line);
    if (pair) values[section + pair[1]] = pair[2] ?? pair[3] === 'true';
  }
  return values;
}

const PAGES: Record<string, string> = {
  'index.html': 'home en',
  'de/index.html': 'home de',
  'online-casino/index.html': 'casino en',
  'de/online-casino/index.html': 'casino de',
  'restriction/index.html': 'restriction en',
  'de/restriction/index.html': 'restriction de',
  '404.html': 'not found en',
  'de/404/index.html': 'not found de',
};

interface ApiBehaviour {
  countries: string[];
  ips: string[];
  /** How the settings call ends: a reply, an error status, or a connection that never answers. */
  mode: 'ok' | 'error' | 'hang';
}

const apis = new Map<string, ApiBehaviour>();
const apiCalls: { url: string; forwardedFor: string | null }[] = [];

async function api(request: Request): Promise<Response> {
  const url = new URL(request.url);
  apiCalls.push({ url: url.pathname, forwardedFor: request.headers.get('x-forwarded-for') });
  const behaviour = apis.get(url.host);
  if (!behaviour) return new Response('unknown host', { status: 502 });
  if (url.pathname === '/api/front/get_setting') {
    if (behaviour.mode === 'error') return new Response('down', { status: 503 });
    if (behaviour.mode === 'hang') return new Promise(() => {});
    return Response.json({ status: 1, setting: { country_black_list: behaviour.countries, ip_black_list: behaviour.ips } });
  }
  return Response.json({ status: 1, echo: url.pathname });
}

const toml = wranglerToml();
let script = '';
const workers: Miniflare[] = [];

/** A worker whose API origin (a host of its own, so caches never mix) behaves as asked. */
async function worker(host: string, behaviour: ApiBehaviour): Promise<Miniflare> {
  apis.set(host, behaviour);
  const mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate: toml.compatibility_date as string,
    bindings: { API_ORIGIN: `https://${host}` },
    assets: {
      directory: site,
      binding: toml['assets.binding'] as string,
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: toml['assets.run_worker_first'] as boolean },
      assetConfig: {
        html_handling: toml['assets.html_handling'] as 'drop-trailing-slash',
        not_found_handling: toml['assets.not_found_handling'] as 'none',
      },
    },
    outboundService: api,
  });
  workers.push(mf);
  await mf.ready;
  return mf;
}

const visit = (mf: Miniflare, path: string, headers: Record<string, string> = {}, cf?: Record<string, string>) =>
  mf.dispatchFetch(`https://casino.test${path}`, { headers, redirect: 'manual', ...(cf ? { cf } : {}) });

beforeAll(async () => {
  for (const [file, text] of Object.entries(PAGES)) {
    mkdirSync(join(site, dirname(file)), { recursive: true });
    writeFileSync(join(site, file), `<!doctype html><title>${text}</title><p>${text}</p>`);
  }
  mkdirSync(join(site, '_astro'), { recursive: true });
  writeFileSync(join(site, '_astro/app.B1x2.js'), 'console.log(1)');
  // Bundled as wrangler bundles `main` for upload: one ES module for workerd.
  const out = await build({
    entryPoints: [join(root, toml.main as string)],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
  });
  script = out.outputFiles[0]?.text ?? '';
}, 60_000);

afterAll(async () => {
  await Promise.all(workers.map((mf) => mf.dispose()));
  rmSync(dir, { recursive: true, force: true });
});

describe('edge worker in workerd', () => {
  let mf: Miniflare;
  beforeAll(async () => {
    mf = await worker('api.blocking.test', { countries: ['RU', 'us'], ips: ['203.0.113.9'], mode: 'ok' });
  }, 60_000);

  it('sends a visitor from a blacklisted country (request.cf.country) to the restriction page of their locale', async () => {
    const answer = await visit(mf, '/de/online-casino', { 'cf-connecting-ip': '198.51.100.4' }, { country: 'RU' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/de/restriction');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const en = await visit(mf, '/online-casino', { 'cf-connecting-ip': '198.51.100.4' }, { country: 'US' });
    expect(en.headers.get('location')).toBe('/restriction');
  });

  it('takes the country from CF-IPCountry when the platform gives no request.cf', async () => {
    const answer = await visit(mf, '/', { 'cf-connecting-ip': '198.51.100.4', 'cf-ipcountry': 'ru' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/restriction');
  });

  it('sends a blacklisted address to the restriction page whatever its country', async () => {
    const answer = await visit(mf, '/de', { 'cf-connecting-ip': '203.0.113.9' }, { country: 'FI' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/de/restriction');
  });

  it('serves everybody else the page from the static assets, with the site headers', async () => {
    const answer = await visit(mf, '/de/online-casino', { 'cf-connecting-ip': '203.0.113.10' }, { country: 'FI' });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('casino de');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('strict-transport-security')).toContain('max-age=');
    const home = await visit(mf, '/', { 'cf-connecting-ip': '203.0.113.10' }, { country: 'XX' });
    expect(await home.text()).toContain('home en');
  });

  it('lets a blocked visitor see the restriction page and load assets', async () => {
    const blocked = { 'cf-connecting-ip': '203.0.113.9' };
    const restriction = await visit(mf, '/de/restriction', blocked, { country: 'RU' });
    expect(restriction.status).toBe(200);
    expect(await restriction.text()).toContain('restriction de');
    const asset = await visit(mf, '/_astro/app.B1x2.js', blocked, { country: 'RU' });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers an unknown path with the 404 page of its locale', async () => {
    const de = await visit(mf, '/de/nowhere', {}, { country: 'FI' });
    expect(de.status).toBe(404);
    expect(await de.text()).toContain('not found de');
    const en = await visit(mf, '/nowhere', {}, { country: 'FI' });
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('not found en');
  });

  it('passes API calls to the API origin with the visitor address', async () => {
    const answer = await visit(mf, '/api/front/get_balance?x=1', { 'cf-connecting-ip': '203.0.113.10' });
    expect(await answer.json()).toEqual({ status: 1, echo: '/api/front/get_balance' });
    expect(apiCalls.at(-1)).toEqual({ url: '/api/front/get_balance', forwardedFor: '203.0.113.10' });
  });
});

describe('edge worker when the blacklists cannot be read (fail-open)', () => {
  it('serves the page when the settings call fails', async () => {
    const mf = await worker('api.down.test', { countries: ['RU'], ips: ['203.0.113.9'], mode: 'error' });
    const answer = await visit(mf, '/de/online-casino', { 'cf-connecting-ip': '203.0.113.9' }, { country: 'RU' });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('casino de');
  }, 60_000);

  it('serves the page when the settings call does not answer in time', async () => {
    const mf = await worker('api.hanging.test', { countries: ['RU'], ips: [], mode: 'hang' });
    const t0 = performance.now();
    const answer = await visit(mf, '/', { 'cf-connecting-ip': '198.51.100.4' }, { country: 'RU' });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('home en');
    expect(performance.now() - t0).toBeLessThan(10_000);
  }, 60_000);
});
