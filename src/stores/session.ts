// The session (SPEC §3: user, loggedIn, busy). The access token lives in memory
// only; a rotated refresh token in an HttpOnly cookie brings it back on each page.
// `auth.strategy` in localStorage (the spec's storage key) only says a refresh is
// worth trying, so guests never make that call.
import { map } from 'nanostores';
import { call, http, onUnauthorized, setAccessToken } from '../lib/api.ts';
import { local, localHref, session } from '../lib/browser.ts';
import type { BalanceInfo } from '../shared/api.ts';
import { $visitor } from './visitor.ts';

export interface Player extends BalanceInfo {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  country: string;
  phone_number: string;
  scope?: string[];
}

export interface Session {
  user: Player | null;
  loggedIn: boolean;
  busy: boolean;
  /** True once the startup restore has finished (guests included). */
  known: boolean;
}

export const $session = map<Session>({ user: null, loggedIn: false, busy: false, known: false });

const STRATEGY_KEY = 'auth.strategy';
const WANTED_KEY = 'front.wantedPage';
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<(player: Player) => void>();

/** Runs `listener` after every login (the spec's logged-in event). */
export function onLoggedIn(listener: (player: Player) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function expiryOf(token: string): number {
  try {
    const payload = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return (payload.exp ?? 0) * 1000;
  } catch {
    return 0;
  }
}

function adoptToken(token: string): void {
  setAccessToken(token);
  local.set(STRATEGY_KEY, 'local');
  clearTimeout(refreshTimer);
  // Renew a minute before expiry so a long game session never meets a 401.
  const wait = Math.max(10_000, expiryOf(token) - Date.now() - 60_000);
  refreshTimer = setTimeout(() => void refresh(), wait);
}

function clear(): void {
  clearTimeout(refreshTimer);
  setAccessToken(undefined);
  local.set(STRATEGY_KEY, null);
  $session.set({ user: null, loggedIn: false, busy: false, known: true });
}

/** Fetches the player of the current token into the session. */
export async function fetchPlayer(): Promise<Player | null> {
  const reply = await http<{ player: Player | null }>('front/auth/player', { method: 'GET' });
  const player = reply.player ?? null;
  $session.set({ user: player, loggedIn: player !== null, busy: false, known: true });
  return player;
}

let refreshing: Promise<boolean> | undefined;

// One refresh at a time: the server treats a refresh token shown twice as stolen and
// ends the session. keepalive lets a refresh under way finish (and its new cookie
// land) even when the visitor navigates away in the middle of it.
function refresh(): Promise<boolean> {
  refreshing ??= http<{ accessToken: string }>('front/auth/refresh', { method: 'POST', body: {}, keepalive: true })
    .then(
      ({ accessToken }) => {
        adoptToken(accessToken);
        return true;
      },
      () => {
        clear();
        return false;
      },
    )
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

let restoring: Promise<void> | undefined;

/** On page start: brings back the session of a player who logged in before (once per page, whoever asks). */
export function restoreSession(): Promise<void> {
  restoring ??= (async () => {
    if (local.get(STRATEGY_KEY) !== 'local') {
      $session.setKey('known', true);
      return;
    }
    if (await refresh()) {
      try {
        await fetchPlayer();
      } catch (error) {
        // Startup auth errors are only logged (SPEC §8).
        console.error('session restore failed', error);
        clear();
      }
    }
  })();
  return restoring;
}

/** Logs in with the local strategy; throws on failure (the form shows failed_login). */
export async function login(credentials: { username: string; password: string }): Promise<Player> {
  clear();
  $session.setKey('busy', true);
  try {
    const { accessToken } = await call<{ accessToken: string }>('front/auth/login/', { ...credentials, ip_address: $visitor.get().ip });
    adoptToken(accessToken);
    const player = await fetchPlayer();
    if (!player) throw new Error('no player');
    for (const listener of listeners) listener(player);
    return player;
  } catch (error) {
    clear();
    throw error;
  }
}

/** Ends the session on the server and here, and goes to /online-casino. */
export async function signOut(target = '/online-casino'): Promise<void> {
  await call('front/auth/logout').catch(() => undefined);
  clear();
  location.assign(localHref(target));
}

/** Remembers the page a guest wanted, to return there after login. */
export function rememberWantedPage(path: string): void {
  session.set(WANTED_KEY, path);
}

/** The remembered page, once. */
export function takeWantedPage(): string | null {
  const wanted = session.get(WANTED_KEY);
  session.set(WANTED_KEY, null);
  return wanted;
}

// HTTP 401 anywhere: sign out and go home.
if (typeof window !== 'undefined') {
  onUnauthorized(() => {
    if (!$session.get().loggedIn) return;
    clear();
    location.assign(localHref('/'));
  });
}
