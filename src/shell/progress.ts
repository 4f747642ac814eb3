// Navigation progress: appears after 200 ms, creeps over 5 s, runs to 100 % on arrival,
// hides 500 ms later; arriving from a page of ours also shows the main loading indicator briefly.
import { session } from '../lib/browser.ts';
import { $mainLoading, MAIN_LOADING_MS } from '../stores/ui.ts';
import { byId } from './dom.ts';

const PROGRESS_THROTTLE_MS = 200;
const PROGRESS_DURATION_MS = 5000;
const PROGRESS_HIDE_MS = 500;

function isPageLink(link: HTMLAnchorElement, event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link.target && link.target !== '_self') return false;
  if (link.hasAttribute('download') || link.origin !== location.origin) return false;
  return !(link.pathname === location.pathname && link.hash !== '');
}

export function startProgress(): void {
  const bar = byId('progress');
  let barTimer: ReturnType<typeof setTimeout> | undefined;

  function begin(): void {
    session.set('front.nav', String(Date.now()));
    clearTimeout(barTimer);
    barTimer = setTimeout(() => {
      if (!bar) return;
      bar.hidden = false;
      bar.style.transition = 'none';
      bar.style.transform = 'scaleX(0)';
      void bar.offsetWidth;
      bar.style.transition = `transform ${PROGRESS_DURATION_MS}ms cubic-bezier(0.1, 0.7, 0.3, 1)`;
      bar.style.transform = 'scaleX(0.9)';
    }, PROGRESS_THROTTLE_MS);
  }

  function finish(): void {
    clearTimeout(barTimer);
    if (!bar) return;
    bar.hidden = false;
    bar.style.transition = 'transform 200ms ease-out';
    bar.style.transform = 'scaleX(1)';
    setTimeout(() => {
      bar.hidden = true;
      bar.style.transform = 'scaleX(0)';
    }, PROGRESS_HIDE_MS);
  }

  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest('a');
    if (link && isPageLink(link, event)) begin();
  });

  // Arrived from a page of ours: finish the bar and show the main loading indicator briefly.
  const navStarted = Number(session.get('front.nav') ?? 0);
  if (navStarted && Date.now() - navStarted < 15_000) {
    session.set('front.nav', null);
    finish();
    $mainLoading.set(true);
    setTimeout(() => $mainLoading.set(false), MAIN_LOADING_MS);
  }
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && bar) bar.hidden = true;
  });
}
