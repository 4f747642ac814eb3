// Registers /sw.js once the page has loaded (imported lazily by the shell, so it costs
// nothing before the page is usable) and shows the update prompt of ShellParts.astro
// when a new build's worker is waiting: Reload hands control to it and reloads the page.
// A few lines of the platform's own API rather than workbox-window (2.4 KB gzip).
import { localHref } from '../lib/browser.ts';

const UPDATE_CHECK_MS = 60 * 60 * 1000;
const RELOAD_FALLBACK_MS = 5000;

function offer(worker: ServiceWorker): void {
  const prompt = document.getElementById('update-prompt');
  if (!prompt) return;
  prompt.hidden = false;
  prompt.querySelector('button')?.addEventListener(
    'click',
    () => {
      navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
      // src/pwa/sw.ts answers by taking over at once; should the take-over not reach this
      // page (another tab holding the old worker busy), the reload still asks for the new build.
      worker.postMessage({ type: 'SKIP_WAITING' });
      setTimeout(() => location.reload(), RELOAD_FALLBACK_MS);
    },
    { once: true },
  );
}

/**
 * What the worker should keep for this page (sw.ts): the offline page of its locale (the
 * default locale's is precached), and the scripts and stylesheets the page loaded before a
 * worker controlled it.
 */
function handOver(worker: ServiceWorker, uncontrolled: boolean): void {
  const offline = localHref('/offline');
  if (offline !== '/offline') worker.postMessage({ type: 'KEEP_OFFLINE_PAGE', path: offline });
  if (!uncontrolled) return;
  const urlsToCache = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${location.origin}/_astro/`));
  if (urlsToCache.length > 0) worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
}

async function register(): Promise<void> {
  const uncontrolled = navigator.serviceWorker.controller === null;
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  void navigator.serviceWorker.ready.then((ready) => ready.active && handOver(ready.active, uncontrolled));
  // Only a page some worker already controls has an older version to replace.
  const replaces = () => navigator.serviceWorker.controller !== null;
  // Waiting since an earlier visit that did not answer the prompt.
  if (registration.waiting && replaces()) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && replaces()) offer(worker);
    });
  });
  // A tab left open for days still hears of a new build.
  setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
}

export function registerServiceWorker(): void {
  register().catch((error: unknown) => console.error('service worker registration failed', error));
}
