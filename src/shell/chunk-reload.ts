// A script chunk that fails to load (a deploy replaced it) reloads the page, at most once a minute.
import { local } from '../lib/browser.ts';

const RELOAD_THROTTLE_MS = 60_000;

function reloadOnce(): void {
  const last = Number(local.get('front.chunkReload') ?? 0);
  if (Date.now() - last < RELOAD_THROTTLE_MS) return;
  local.set('front.chunkReload', String(Date.now()));
  location.reload();
}

export function startChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reloadOnce();
  });
  window.addEventListener('unhandledrejection', (event) => {
    const message = String((event.reason as Error | undefined)?.message ?? event.reason ?? '');
    if (/dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message)) reloadOnce();
  });
}
