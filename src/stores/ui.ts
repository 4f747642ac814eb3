// Interface state shared by the page shell and every island: modals, toasts,
// loading indicators, theme, and the account page's tab and bonus code.
import { atom } from 'nanostores';
import { local, localHref, session } from '../lib/browser.ts';
import { ACCOUNT_TAB } from '../shared/account-menu.ts';

export type ModalName = 'login' | 'register' | 'forgot-password' | 'forgot-username' | 'reset-password' | 'contact' | 'welcome';

export interface ModalState {
  name: ModalName;
  /** run-login: credentials to fill in and submit at once. */
  credentials?: { username: string; password: string };
  /** After login, go to /online-casino (a normal login) or stay (after registration). */
  redirect?: boolean;
  /** The page to go to after a successful login (the game a guest could not play for free). */
  afterLoginPage?: string;
  /** The modal to open after a successful login (the welcome dialog after registration). */
  afterLogin?: ModalName;
  /** reset-password: the token of the emailed link. */
  token?: string;
}

export const $modal = atom<ModalState | null>(null);

/** Opens a modal (the register, login, run-login and contact events of the spec). */
export function openModal(name: ModalName, options: Omit<ModalState, 'name'> = {}): void {
  $modal.set({ name, ...options });
  // The modal host hydrates on interaction; this counts as one.
  (window as { casinoInteracted?: boolean }).casinoInteracted = true;
  window.dispatchEvent(new Event('casino:interaction'));
}

export function closeModal(): void {
  $modal.set(null);
}

export interface Toast {
  id: number;
  kind: 'success' | 'danger' | 'info';
  text: string;
}

export const TOAST_MS = 3500;
export const $toasts = atom<Toast[]>([]);
let toastIds = 0;

/** Shows a toast top right; it hides itself after 3.5 s and has no close button. */
export function toast(kind: Toast['kind'], text: string): void {
  const id = ++toastIds;
  $toasts.set([...$toasts.get(), { id, kind, text }]);
  setTimeout(() => $toasts.set($toasts.get().filter((t) => t.id !== id)), TOAST_MS);
}

/** The loading overlay over the whole page, while a form or a game is busy. */
export const $overlay = atom(false);

/** The main loading indicator, shown 500 ms on page changes. */
export const MAIN_LOADING_MS = 500;
export const $mainLoading = atom(false);

export type Theme = 'light' | 'dark';
export const $theme = atom<Theme>('light');

export function setTheme(theme: Theme): void {
  $theme.set(theme);
  local.set('theme', theme);
  document.documentElement.dataset.theme = theme;
}

export type PlayMode = 'real' | 'fun';

/** A game being played: what the in-game header shows and what "Play for real" relaunches. */
export interface GamePlay {
  name: string;
  slug: string;
  /** The same-origin game page the player frames. */
  url: string;
  mode: PlayMode;
  /** external_game_id, the game_id of get_game_url. */
  externalId: string;
}

/** The game being played (the spec's isGamePlay and gameName); off when a menu page or deposit is chosen, and after login. */
export const $gamePlay = atom<GamePlay | null>(null);

// The account page's tab (its number from shared/account-menu.ts) and the bonus code survive the navigation to /user-management.

export function bonusCode(): string {
  return session.get('front.bonusCode') ?? '';
}

export function setBonusCode(code: string): void {
  session.set('front.bonusCode', code || null);
}

/** The deposit action: clears the bonus code, selects the deposit tab, leaves game play, goes to the account page. */
export function goToDeposit(code = ''): void {
  setBonusCode(code);
  $gamePlay.set(null);
  location.assign(`${localHref('/user-management')}?tab=${ACCOUNT_TAB.deposit}`);
}

/** Opens the FAQ as a 1024×768 popup (a new tab where popups are blocked). */
export function openFaq(index = 0): void {
  const w = 1024;
  const h = 768;
  const left = Math.max(0, (screen.width - w) / 2);
  const top = Math.max(0, (screen.height - h) / 2);
  const url = localHref(`/faq/${index}`);
  // Same-origin help page: it may keep its opener, and that is how we learn a blocker stopped it.
  const popup = window.open(url, 'faq', `width=${w},height=${h},left=${left},top=${top}`);
  if (!popup) location.assign(url);
}
