// The PWA in a real browser: a copy of the built site on a server of its own, a visitor
// whose page the service worker controls, a new build deployed under it (content
// published from the admin: a new licence line), the update prompt in the page's
// language, Reload, and the new page. Then the offline fallbacks, and no API in any cache.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import type { SiteSnapshot } from '../../src/shared/site-snapshot.ts';
import { offlineAssets } from '../../src/pwa/precache.ts';
import { buildSite, snapshotPath } from '../../src/server/site-build.ts';
import { launchBrowser } from '../helpers/e2e.ts';
import { startE2eServer } from '../helpers/e2e-setup.ts';
import { ROOT, type Spawned } from '../helpers/spawn.ts';

const de = JSON.parse(readFileSync(join(ROOT, 'locales/de.json'), 'utf8')) as { common: Record<string, string> };
const NEW_LICENSE = 'Lizenzzeile der neuen Version';

describe('PWA: update prompt and offline pages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casino-pwa-'));
  const dist = join(dir, 'client');
  let server: Spawned;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // The shared build stays as it is for the other browser tests; this one deploys over a copy.
    cpSync(join(ROOT, 'dist/client'), dist, { recursive: true });
    cpSync(snapshotPath(join(ROOT, 'dist/client')), snapshotPath(dist));
    ({ server } = await startE2eServer({ SPORTS_FEED: 'off' }, dist));
    browser = await launchBrowser();
    context = await browser.newContext();
    page = await context.newPage();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const footer = () => page.locator('.site-footer').textContent();
  /** Every address kept in the caches named by `prefix` (Workbox's precache, or all). */
  const cachedPaths = (prefix = '') =>
    page.evaluate(async (prefix) => {
      const paths: string[] = [];
      for (const name of await caches.keys())
        if (name.startsWith(prefix)) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
      return paths;
    }, prefix);
  /** The hashed scripts and stylesheets the open page loaded, each with the status it got. */
  const loadedAssets = () =>
    page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .map((entry) => ({ url: new URL(entry.name), status: entry.responseStatus }))
        .filter(({ url }) => url.origin === location.origin && url.pathname.startsWith('/_astro/'))
        .map(({ url, status }) => ({ path: url.pathname, status })),
    );

  it('precaches the default offline page with what the offline pages load, and keeps the offline page of the page’s locale and what a first page loaded before the worker took it', async () => {
    await page.goto(`${server.url}/de`, { waitUntil: 'load' });
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    const precached = await cachedPaths('workbox-precache');
    // Not the 23 offline pages in languages this visitor does not read.
    expect(precached.filter((path) => path.endsWith('/offline'))).toEqual(['/offline']);
    // Of the build's scripts and stylesheets, only the offline pages' (not every game's code).
    const offline = [...offlineAssets(dist)].map((file) => `/${file}`);
    expect(offline.length).toBeGreaterThan(0);
    expect(precached.filter((path) => path.startsWith('/_astro/')).sort()).toEqual(offline.sort());
    // The page's own assets, fetched before the worker controlled it, are handed over and kept.
    // The German offline page is kept beside them.
    const first = [...(await loadedAssets()).map((asset) => asset.path), '/de/offline'];
    expect(first.length).toBeGreaterThan(1);
    await expect
      .poll(async () => {
        const kept = new Set(await cachedPaths());
        return first.filter((path) => !kept.has(path));
      })
      .toEqual([]);
  });

  it('offers the new version of a deployed build, leaving the open page as it was', async () => {
    await page.goto(`${server.url}/de`, { waitUntil: 'load' });
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    const before = await footer();
    expect(before).not.toContain(NEW_LICENSE);
    expect(await page.locator('#update-prompt').isHidden()).toBe(true);
    const oldWorker = await (await fetch(`${server.url}/sw.js`)).text();

    // Deploy: content changed in the admin, then `npm run build` (here straight into the served
    // copy, without the .br/.gz copies: brotli over every page would take minutes and
    // prove nothing about the update).
    const snapshot = JSON.parse(readFileSync(snapshotPath(dist), 'utf8')) as SiteSnapshot;
    snapshot.licenseLine = { ...snapshot.licenseLine, de: NEW_LICENSE };
    await buildSite(ROOT, dist, loadConfig({ NODE_ENV: 'test' }).siteUrl, snapshot, { compress: false });
    // The running server picks the new tree up by itself (its build stamp changed).
    await expect.poll(async () => (await fetch(`${server.url}/sw.js`)).text(), { timeout: 20_000, interval: 200 }).not.toBe(oldWorker);

    // What the page's hourly check does (and any navigation): ask for /sw.js again.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const prompt = page.locator('#update-prompt');
    await prompt.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await prompt.locator('span').textContent()).toBe(de.common.new_version);
    expect(await prompt.locator('button').textContent()).toBe(de.common.reload);
    // Until the visitor answers, the open page stays as it was.
    expect(await footer()).toBe(before);

    // Proof that the new worker took the page over (not the fallback reload of register.ts).
    await page.evaluate(() => navigator.serviceWorker.addEventListener('controllerchange', () => sessionStorage.setItem('taken-over', '1')));
    // Reload: the waiting worker takes over and the page comes back as the new build.
    await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), prompt.locator('button').click()]);
    await expect.poll(footer, { timeout: 30_000 }).toContain(NEW_LICENSE);
    expect(await page.locator('#update-prompt').isHidden()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('taken-over'))).toBe('1');
  }, 300_000);

  it('shows a visited page offline from its last copy, and the offline page of its language for the rest', async () => {
    await page.goto(`${server.url}/de/online-casino`, { waitUntil: 'load' });
    const lobby = await page.locator('h1').first().textContent();
    // The new build's worker keeps the German offline page in a cache of its own; the last build's is gone.
    await expect.poll(() => cachedPaths('offline-pages-')).toEqual(['/de/offline']);
    await context.setOffline(true);
    try {
      await page.goto(`${server.url}/de/online-casino`, { waitUntil: 'load' });
      expect(await page.locator('h1').first().textContent()).toBe(lobby);
      // With its scripts and stylesheets: each one the offline copy asked for came from a cache.
      const offlineLoaded = await loadedAssets();
      expect(offlineLoaded.length).toBeGreaterThan(0);
      expect(offlineLoaded.filter((asset) => asset.status !== 200)).toEqual([]);
      await page.goto(`${server.url}/de/contact-us`, { waitUntil: 'load' });
      expect(await page.locator('h1').first().textContent()).toBe(de.common.offline);
    } finally {
      await context.setOffline(false);
    }
  });

  it('never keeps an API answer in any cache', async () => {
    await page.goto(`${server.url}/de`, { waitUntil: 'networkidle' });
    const cached = await cachedPaths();
    expect(cached).toContain('/de/offline');
    expect(cached.some((u) => u.startsWith('/_astro/'))).toBe(true);
    expect(cached.filter((u) => u.startsWith('/api/') || u.startsWith('/socket.io/'))).toEqual([]);
  });
});
