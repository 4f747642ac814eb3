// The session (SPEC §3: user, loggedIn, busy). The access token lives in memory
// only; a rotated refresh token in an HttpOnly cookie brings it back on each page.
// `auth.strategy` in localStorage (the spec's storage key) only says a refresh is
// worth trying, so guests never make that call.
import { map } from 'nanostores';
import { call, onUnauthorized, REQUEST_TIMEOUT_MS, read, setAccessToken } from '../lib/api.ts';
import { local, localHref, session } from '../lib/browser.ts';
import type { SessionPlayer } from '../shared/contract/auth.ts';
import type { SecondFactorMethod } from '../shared/contract/security.ts';
import type { AuthenticationResponseParams } from '../shared/schemas/security.ts';
import { $visitor } from './visitor.ts';

/** The logged-in player, balances included (`GET front/auth/player`). */
export type Player = SessionPlayer;

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

/**
 * The page's session snapshot: `<html data-session="player">` while a login is remembered.
 * Base.astro's first script sets it from `auth.strategy` before anything is drawn, so the
 * header shows the player's place (not "Login / Register") until the session check answers.
 */
function markSession(player: boolean): void {
  if (typeof document === 'undefined') return;
  if (player) document.documentElement.dataset.session = 'player';
  else delete document.documentElement.dataset.session;
}

function adoptToken(token: string): void {
  setAccessToken(token);
  local.set(STRATEGY_KEY, 'local');
  markSession(true);
  clearTimeout(refreshTimer);
  // Renew a minute before expiry so a long game session never meets a 401.
  const wait = Math.max(10_000, expiryOf(token) - Date.now() - 60_000);
  refreshTimer = setTimeout(() => void refresh(), wait);
}

function clear(): void {
  clearTimeout(refreshTimer);
  setAccessToken(undefined);
  local.set(STRATEGY_KEY, null);
  markSession(false);
  $session.set({ user: null, loggedIn: false, busy: false, known: true });
}

/** Fetches the player of the current token into the session. */
export async function fetchPlayer(): Promise<Player | null> {
  const reply = await read('front/auth/player');
  const player = reply.player ?? null;
  $session.set({ user: player, loggedIn: player !== null, busy: false, known: true });
  return player;
}

let refreshing: Promise<boolean> | undefined;

/** The Web Locks name every tab of the site refreshes under. */
const REFRESH_LOCK = 'front.auth.refresh';
/** How long a tab waits for another's refresh before going ahead alone: one request's timeout and some. */
const REFRESH_LOCK_WAIT_MS = REQUEST_TIMEOUT_MS + 5_000;

// Tabs share the refresh cookie but each keeps its own access token, so each must
// refresh; they take turns, and the second tab sends the cookie the first one was
// handed instead of the one both started with. Web Locks span every tab and worker of
// the origin and are let go when a page goes away. Where they are missing (an old
// browser, or a page served over plain HTTP, where they do not exist) or a lock holder
// hangs, the tab refreshes alone: the server answers a token shown twice within its
// grace window with the same successor, so that is still no logout.
function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return task();
  let started = false;
  const run = () => {
    started = true;
    return task();
  };
  const options: LockOptions = typeof AbortSignal.timeout === 'function' ? { signal: AbortSignal.timeout(REFRESH_LOCK_WAIT_MS) } : {};
  // The lock's promise settles with the task's (the DOM typing nests it one level too deep).
  return (locks.request(REFRESH_LOCK, options, run) as Promise<T>).catch((error: unknown) => {
    // Only a lock never granted is retried alone; a failed refresh is the caller's to handle.
    if (started) throw error;
    return task();
  });
}

// One refresh at a time in this tab (a second caller shares the first one's answer),
// and one at a time across tabs (above). keepalive lets a refresh under way finish (and
// its new cookie land) even when the visitor navigates away in the middle of it; the
// next page may then send the old cookie once more, which the grace window covers.
function refresh(): Promise<boolean> {
  refreshing ??= oneTabAtATime(() => call('front/auth/refresh', {}, { keepalive: true }))
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

/** The password was right; the account asks for its second factor with this ticket. */
export interface SecondFactorStep {
  ticket: string;
  methods: SecondFactorMethod[];
}

/** The tokens of a finished login: the player fetched, the logged-in listeners told. */
async function finish(accessToken: string): Promise<Player> {
  adoptToken(accessToken);
  const player = await fetchPlayer();
  if (!player) throw new Error('no player');
  for (const listener of listeners) listener(player);
  return player;
}

/**
 * Logs in with the local strategy; throws on failure (the form shows failed_login). An
 * account with a second factor answers its step instead, finished by `proveSecondFactor`.
 */
export async function login(credentials: { username: string; password: string }): Promise<Player | SecondFactorStep> {
  clear();
  $session.setKey('busy', true);
  try {
    const reply = await call('front/auth/login/', { ...credentials, ip_address: $visitor.get().ip });
    if ('second_factor' in reply) {
      $session.setKey('busy', false);
      return { ticket: reply.second_factor.ticket, methods: reply.second_factor.methods };
    }
    return await finish(reply.accessToken);
  } catch (error) {
    clear();
    throw error;
  }
}

/** The second step with a code of the authenticator app or a recovery code; throws like login (401 `wrong_second_factor`, `login_ticket_expired`). */
export async function proveSecondFactor(ticket: string, method: 'totp' | 'recovery', code: string): Promise<Player> {
  $session.setKey('busy', true);
  try {
    const { accessToken } = await call('front/auth/second_factor', { ticket, method, code });
    return await finish(accessToken);
  } catch (error) {
    clear();
    throw error;
  }
}

/** The second step with a passkey: the browser signs the server's challenge for the ticket. */
export async function proveWithPasskey(ticket: string): Promise<Player> {
  $session.setKey('busy', true);
  try {
    const asked = await call('front/auth/passkey_options', { ticket });
    if (asked.status !== 1) throw Object.assign(new Error(asked.message), { data: asked });
    // The WebAuthn helper loads only for a player who picks a passkey.
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const response = await startAuthentication({ optionsJSON: asked.options });
    const { accessToken } = await call('front/auth/second_factor', { ticket, method: 'passkey', response: response as AuthenticationResponseParams });
    return await finish(accessToken);
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

/** Whether a page is waiting for the login (the login says so). */
export function hasWantedPage(): boolean {
  return session.get(WANTED_KEY) !== null;
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
