// The page shell, on every page, in plain DOM code so that it costs a few KB and
// never waits for React: menu actions, sidebars, toasts, the loading overlay, the
// navigation progress bar, connectivity, prefetching, chunk-failure reloads, the
// service worker and the client-side visitor check.
import { local, session } from './browser.ts';
import { $mainLoading, $overlay, $theme, $toasts, goToDeposit, MAIN_LOADING_MS, openFaq, openModal, setTheme, type Theme } from '../stores/ui.ts';
import { checkVisitor } from '../stores/visitor.ts';

const root = document.documentElement;
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;

// Theme: the inline head script already applied the stored choice; keep the store in step.
$theme.set((root.dataset.theme as Theme | undefined) ?? 'light');
$theme.subscribe((theme) => {
  for (const button of document.querySelectorAll<HTMLElement>('.theme-button')) {
    button.setAttribute('aria-label', (theme === 'dark' ? button.dataset.labelLight : button.dataset.labelDark) ?? '');
    button.setAttribute('aria-pressed', String(theme === 'dark'));
  }
});

function text(key: string): string {
  const catalog = byId('i18n-catalog');
  if (!catalog?.textContent) return key;
  const all = JSON.parse(catalog.textContent) as Record<string, Record<string, string>>;
  return all.common?.[key] ?? all.menu?.[key] ?? key;
}

/* Sidebars are <dialog>s: focus stays inside, Escape closes, the page behind is inert. */
function openDrawer(id: string, trigger: Element | null): void {
  const drawer = byId<HTMLDialogElement>(id);
  if (!drawer) return;
  drawer.showModal();
  trigger?.setAttribute('aria-expanded', 'true');
  drawer.addEventListener('close', () => trigger?.setAttribute('aria-expanded', 'false'), { once: true });
}

function closeDrawers(): void {
  for (const d of document.querySelectorAll<HTMLDialogElement>('dialog.drawer[open]')) d.close();
}

type Action = (el: HTMLElement) => void;
const actions: Record<string, Action> = {
  login: () => openModal('login', { redirect: true }),
  register: () => openModal('register'),
  contact: () => openModal('contact'),
  faq: (el) => openFaq(Number(el.dataset.index ?? 0)),
  deposit: () => goToDeposit(),
  theme: () => setTheme($theme.get() === 'dark' ? 'light' : 'dark'),
  sidebar: (el) => openDrawer('sidebar', el),
  'account-sidebar': (el) => openDrawer('account-sidebar', el),
  'close-drawer': () => closeDrawers(),
  logout: () => {
    void import('../stores/session.ts').then((m) => m.signOut());
  },
  // "Get bonus now": deposit with this code for a player, the login for a guest.
  bonus: (el) => {
    void import('../stores/session.ts').then((m) => (m.$session.get().loggedIn ? goToDeposit(el.dataset.code ?? '') : openModal('login', { redirect: false })));
  },
  // A slider click: deposit for a player, the login for a guest.
  slider: () => {
    void import('../stores/session.ts').then((m) => (m.$session.get().loggedIn ? goToDeposit() : openModal('login', { redirect: false })));
  },
};

document.addEventListener('click', (event) => {
  const target = event.target as Element | null;
  const el = target?.closest<HTMLElement>('[data-action]');
  if (el) {
    const action = actions[el.dataset.action ?? ''];
    if (action) {
      event.preventDefault();
      if (el.closest('dialog.drawer')) closeDrawers();
      action(el);
    }
    return;
  }
  // A click on a drawer's backdrop (outside its box) closes it.
  if (target instanceof HTMLDialogElement && target.classList.contains('drawer')) target.close();
});

// Links that carry the current page's tracking code to sign-up.
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-keep-query]');
  const code = new URLSearchParams(location.search).get('tracking_code');
  if (link && code) {
    const url = new URL(link.href);
    url.searchParams.set('tracking_code', code);
    link.href = url.toString();
  }
});

// The language switcher remembers the choice for the root path's detection.
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-locale-choice]');
  if (link) document.cookie = `i18n_redirected=${link.dataset.localeChoice}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
});

/* Toasts: top right, 350 px, gone after 3.5 s, no close button. */
const toastHost = byId('toasts');
$toasts.subscribe((toasts) => {
  if (!toastHost) return;
  toastHost.replaceChildren(
    ...toasts.map((t) => {
      const item = document.createElement('div');
      item.className = `toast toast-${t.kind}`;
      item.setAttribute('role', t.kind === 'danger' ? 'alert' : 'status');
      item.textContent = t.text;
      return item;
    }),
  );
});

const overlay = byId('overlay');
$overlay.subscribe((on) => overlay?.toggleAttribute('hidden', !on));
const mainLoading = byId('main-loading');
$mainLoading.subscribe((on) => mainLoading?.toggleAttribute('hidden', !on));

/* Navigation progress: appears after 200 ms, creeps over 5 s, runs to 100 % on arrival, hides 500 ms later. */
const PROGRESS_THROTTLE_MS = 200;
const PROGRESS_DURATION_MS = 5000;
const PROGRESS_HIDE_MS = 500;
const bar = byId('progress');
let barTimer: ReturnType<typeof setTimeout> | undefined;

function startProgress(): void {
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

function finishProgress(): void {
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

function isPageLink(link: HTMLAnchorElement, event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link.target && link.target !== '_self') return false;
  if (link.hasAttribute('download') || link.origin !== location.origin) return false;
  return !(link.pathname === location.pathname && link.hash !== '');
}

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest('a');
  if (link && isPageLink(link, event)) startProgress();
});

// Arrived from a page of ours: finish the bar and show the main loading indicator briefly.
const navStarted = Number(session.get('front.nav') ?? 0);
if (navStarted && Date.now() - navStarted < 15_000) {
  session.set('front.nav', null);
  finishProgress();
  $mainLoading.set(true);
  setTimeout(() => $mainLoading.set(false), MAIN_LOADING_MS);
}
window.addEventListener('pageshow', (event) => {
  if (event.persisted && bar) bar.hidden = true;
});

/* Connectivity: the site goes offline and online with the browser. */
const connectivity = byId('connectivity');
function showConnectivity(): void {
  if (!connectivity) return;
  const online = navigator.onLine;
  root.dataset.online = String(online);
  connectivity.hidden = online;
  connectivity.textContent = online ? '' : text('offline');
}
window.addEventListener('online', showConnectivity);
window.addEventListener('offline', showConnectivity);
showConnectivity();

/* Prefetch on intent, never on 2g or with data saver. */
interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}
const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
const prefetched = new Set<string>();
function prefetch(event: Event): void {
  if (connection?.saveData || connection?.effectiveType?.includes('2g')) return;
  const link = (event.target as Element | null)?.closest?.('a');
  if (!link || link.origin !== location.origin || link.pathname === location.pathname || prefetched.has(link.pathname)) return;
  prefetched.add(link.pathname);
  const hint = document.createElement('link');
  hint.rel = 'prefetch';
  hint.href = link.pathname;
  document.head.append(hint);
}
document.addEventListener('pointerover', prefetch, { passive: true });
document.addEventListener('focusin', prefetch);
document.addEventListener('touchstart', prefetch, { passive: true });

/* A script chunk that fails to load (a deploy replaced it) reloads the page, at most once a minute. */
const RELOAD_THROTTLE_MS = 60_000;
function reloadOnce(): void {
  const last = Number(local.get('front.chunkReload') ?? 0);
  if (Date.now() - last < RELOAD_THROTTLE_MS) return;
  local.set('front.chunkReload', String(Date.now()));
  location.reload();
}
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadOnce();
});
window.addEventListener('unhandledrejection', (event) => {
  const message = String((event.reason as Error | undefined)?.message ?? event.reason ?? '');
  if (/dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message)) reloadOnce();
});

/* Service worker at /sw.js, scope /. */
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.error('service worker registration failed', error));
  });
}

void checkVisitor();

// Links that arrive with a purpose: the reset token of an emailed link, or #login.
if (byId('modal-host')) {
  const resetToken = new URLSearchParams(location.search).get('reset_token');
  if (resetToken) openModal('reset-password', { token: resetToken });
  else if (location.hash === '#login') openModal('login', { redirect: true });
}
