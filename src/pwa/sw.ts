// The service worker at /sw.js, scope / (built by @vite-pwa/astro, astro.config.mjs).
// Workbox precaches what the build lists in its manifest (the offline page of every
// locale with the scripts and stylesheets it loads, icons), each with its revision, so a
// new build installs a new worker. Every other hashed asset is kept when a page first
// uses it (the page hands over what it loaded before the worker took it: register.ts):
// a first visit does not download every game's code. Pages go to the network first and
// fall back to the last copy, then to the offline page of their locale. The API and
// socket.io are never touched. A new worker waits until the player answers the update
// prompt (src/pwa/register.ts).
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

declare const self: {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data?: { type?: string } }) => void): void;
};

precacheAndRoute(self.__WB_MANIFEST);
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

registerRoute(new NavigationRoute(new NetworkFirst({ cacheName: 'pages', networkTimeoutSeconds: 10 }), { denylist: NEVER }));

// No network and no copy of the page: the offline page in the page's language.
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  const locale = new URL(request.url).pathname.split('/')[1];
  return (locale ? await matchPrecache(`/${locale}/offline`) : undefined) ?? (await matchPrecache('/offline')) ?? Response.error();
});
