// The service worker at /sw.js, scope / (built by @vite-pwa/astro, astro.config.mjs).
// Workbox precaches what the build lists in its manifest (the default locale's offline
// page with the scripts and stylesheets it loads, icons), each with its revision, so a
// new build installs a new worker. The offline page of the player's own locale is kept
// when a page of that locale asks for it (register.ts), not the 23 a player never reads;
// every other hashed asset is kept when a page first uses it (the page hands over what it
// loaded before the worker took it): a first visit does not download every game's code.
// Pages go to the network first and fall back to the last copy, then to the offline page
// of their locale. The API and socket.io are never touched. A new worker waits until the
// player answers the update prompt (src/pwa/register.ts).
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

declare const self: {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data?: { type?: string; path?: string }; waitUntil(work: Promise<unknown>): void }) => void): void;
  addEventListener(type: 'activate', listener: (event: { waitUntil(work: Promise<unknown>): void }) => void): void;
};

const manifest = self.__WB_MANIFEST;
precacheAndRoute(manifest);
cleanupOutdatedCaches();
clientsClaim();

// The update prompt's Reload button (workbox-window's messageSkipWaiting).
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

const NEVER = [/^\/api\//, /^\/socket\.io\//];

// Hashed names never change their bytes; a build's new names push the oldest out.
const ASSETS_KEPT = 200;
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_astro/'),
  new CacheFirst({ cacheName: 'assets', plugins: [new ExpirationPlugin({ maxEntries: ASSETS_KEPT, purgeOnQuotaError: true })] }),
);

// A locale's offline page, kept when a page of that locale asks (register.ts, on every page:
// a copy already kept costs a lookup). It names this build's assets, so each build keeps its
// copies in a cache of its own (the web manifest's revision carries the build's digest:
// precache.ts) and drops the last build's when it takes over.
const OFFLINE_PAGE = /^\/[a-z]{2}\/offline$/;
const PREFIX = 'offline-pages-';
const build = manifest.find((entry): entry is PrecacheEntry => typeof entry !== 'string' && entry.url === 'manifest.webmanifest')?.revision ?? '';
const OFFLINE_PAGES = `${PREFIX}${build}`;
async function keepOfflinePage(path: string): Promise<void> {
  const cache = await caches.open(OFFLINE_PAGES);
  if (!(await cache.match(path))) await cache.add(path);
}
self.addEventListener('message', (event) => {
  const path = event.data?.path;
  if (event.data?.type === 'KEEP_OFFLINE_PAGE' && path && OFFLINE_PAGE.test(path)) event.waitUntil(keepOfflinePage(path).catch(() => undefined));
});
self.addEventListener('activate', (event) =>
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== OFFLINE_PAGES).map((n) => caches.delete(n))))),
);

registerRoute(new NavigationRoute(new NetworkFirst({ cacheName: 'pages', networkTimeoutSeconds: 10 }), { denylist: NEVER }));

// No network and no copy of the page: the offline page in the page's language, else the default locale's.
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  const locale = new URL(request.url).pathname.split('/')[1];
  const own = locale ? await caches.match(`/${locale}/offline`, { cacheName: OFFLINE_PAGES }) : undefined;
  return own ?? (await matchPrecache('/offline')) ?? Response.error();
});
