import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../src/server/site-build.ts';
import { StaticSite } from '../../src/server/static.ts';

const page = (lang: string, text: string) =>
  `<!doctype html><html lang="${lang}"><head><script>console.log("inline")</script></head><body>${text.repeat(80)}</body></html>`;

describe('static site serving', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'casino-dist-'));
    for (const dir of ['de', '_astro', 'online-casino', 'de/404']) mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, 'index.html'), page('en', 'Welcome '));
    writeFileSync(join(root, 'online-casino/index.html'), page('en', 'Casino '));
    writeFileSync(join(root, 'de/index.html'), page('de', 'Willkommen '));
    writeFileSync(join(root, '404.html'), page('en', 'This page could not be found '));
    writeFileSync(join(root, 'de/404/index.html'), page('de', 'Diese Seite wurde nicht gefunden '));
    writeFileSync(join(root, '_astro/app.Ab12Cd.js'), 'export const x = 1;\n'.repeat(100));
    writeFileSync(join(root, 'favicon.svg'), '<svg/>');
    await precompress(root);
    const site = new StaticSite(root, { production: false });
    server = createServer((req, res) => void site.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });
  // fetch() undoes Content-Encoding; the raw bytes show what was really sent.
  const raw = (path: string, encoding: string) =>
    new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      httpGet(`${base}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });

  it('serves the brotli copy to a browser that accepts it, gzip to one that does not', async () => {
    const br = await raw('/de', 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('Willkommen');
    const gz = await raw('/de', 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('lang="de"');
    const plain = await raw('/de', 'identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toContain('Willkommen');
  });

  it('caches hashed assets for a year and revalidates HTML every time', async () => {
    expect((await get('/_astro/app.Ab12Cd.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/online-casino')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/online-casino/')).status).toBe(200);
  });

  it('answers 304 when the page has not changed', async () => {
    const first = await get('/');
    const etag = first.headers.get('etag') ?? '';
    expect((await get('/', { 'if-none-match': etag })).status).toBe(304);
  });

  it('allows only the inline scripts the page itself carries', async () => {
    const csp = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("'unsafe-inline' 'sha256");
    expect(csp).toContain("object-src 'none'");
  });

  it('shows the localized 404 page for an unknown path', async () => {
    const de = await get('/de/gibt-es-nicht');
    expect(de.status).toBe(404);
    expect(await de.text()).toContain('Diese Seite wurde nicht gefunden');
    const en = await get('/nothing/here');
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('This page could not be found');
  });

  it('still answers with a message and a link home when the 404 page itself is missing', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'casino-bare-'));
    writeFileSync(join(bare, 'index.html'), page('en', 'Home '));
    const site = new StaticSite(bare, { production: false });
    const server2 = createServer((req, res) => void site.handle(req, res));
    await new Promise<void>((resolve) => server2.listen(0, '127.0.0.1', resolve));
    const response = await fetch(`http://127.0.0.1:${(server2.address() as AddressInfo).port}/fr/nulle-part`);
    const html = await response.text();
    await new Promise<void>((resolve) => server2.close(() => resolve()));
    expect(response.status).toBe(404);
    expect(html).toContain('This page could not be found');
    expect(html).toContain('<a href="/fr">');
  });

  it('never serves a file outside the site, whatever the path says', async () => {
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/..%5c..%5cetc/passwd', '/%00', '/%E0%A4%A']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('root:');
    }
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405);
    const head = await fetch(`${base}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
