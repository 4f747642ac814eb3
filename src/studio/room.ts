// What the pages of shared rounds (the crash game, the live tables, the bingo rooms) have
// in common: the page's locale and texts, the message line, the session from the address
// (a demo link opens one of its own), the socket of the room they watch, and its state
// on the server's clock.
import type { Socket } from 'socket.io-client';
import { formatMessage, type Message } from '../lib/plural.ts';
import { DEFAULT_LOCALE, isLocale } from '../shared/locales.ts';
import { post, refusalMessage } from './studio.ts';

export const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
export const root = document.documentElement;
const named = root.dataset.locale ?? '';
export const locale = isLocale(named) ? named : DEFAULT_LOCALE;
const catalog = JSON.parse(byId('studio-text').textContent ?? '{}') as Record<string, Message>;
export const t = (key: string, ...args: (string | number)[]) => formatMessage(catalog[key] ?? key, locale, ...args);
const fragment = new URLSearchParams(location.hash.slice(1));

const messageEl = byId('message');
/** Puts a line in the page's message area (read out: it is a live region). */
export const say = (text: string, kind: 'info' | 'win' | 'error' = 'info') => {
  messageEl.textContent = text;
  messageEl.dataset.kind = kind;
};

/**
 * The page's launch session: the one in the address, else one opened by the page's demo
 * link (free play or watching) and kept in the address for a reload. Says so and answers
 * '' when there is neither.
 */
export async function openSession(): Promise<string> {
  const inAddress = fragment.get('s');
  if (inAddress) return inAddress;
  const demo = fragment.get('demo');
  if (!demo) {
    say(t('session_expired'), 'error');
    return '';
  }
  const { session } = await post<{ session: string }>('session', { demo, lang: locale });
  history.replaceState(null, '', `#s=${session}`);
  return session;
}

/**
 * The socket of the room this page watches: it asks to watch (`watch`, with `room` when
 * the page names one) on every connect, and calls `refresh` then, since a reconnect may
 * have missed a step of the round; each of `steps` calls `refresh` too.
 */
export async function watchRoom(watch: string, room: string | undefined, refresh: () => Promise<unknown>, steps: readonly string[] = []): Promise<Socket> {
  const { io } = await import('socket.io-client');
  const socket = io({ path: '/socket.io', transports: ['websocket'] });
  const again = () => void refresh().catch(() => {});
  socket.on('connect', () => {
    if (room === undefined) socket.emit(watch);
    else socket.emit(watch, room);
    again();
  });
  for (const step of steps) socket.on(step, again);
  return socket;
}

/** What the state of a shared round's room carries for the page around its game. */
export interface RoomState {
  mode: 'real' | 'fun';
  currency: string;
  game: { name: string };
  round: { serverTime: string } | null;
}

/** The server's clock minus ours, so the countdowns run on the server's time. */
let skew = 0;
/** The server's time now (ms), as of its last state. */
export const serverNow = () => Date.now() + skew;
let format = (n: number) => n.toFixed(2);
/** An amount in the player's currency (known from the first state on). */
export const money = (n: number) => format(n);

/**
 * Takes a state of the room: the server's clock from each, and from the first the
 * currency, the mode and the game's name on the page; in free play it says `realOnly`.
 */
export function followState(fresh: RoomState, first: boolean, realOnly: string): void {
  if (fresh.round) skew = Date.parse(fresh.round.serverTime) - Date.now();
  if (!first) return;
  const currency = new Intl.NumberFormat(root.lang, { style: 'currency', currency: fresh.currency });
  format = (n) => currency.format(n);
  byId('mode').textContent = fresh.mode === 'real' ? t('real_money') : t('free_play');
  byId('mode').dataset.mode = fresh.mode;
  byId('game-name').textContent = fresh.game.name;
  if (fresh.mode !== 'real') say(t(realOnly));
}

/**
 * The refresh of a live table's or a bingo room's state from `path` (live/state,
 * bingo/state) for the session `session()` gives; `realOnly` is what free play is told. Refreshes cross on the network (an
 * event each step), so an answer older than the one shown is dropped; the first one kept
 * also names the page's title. `show` gets every answer kept, with the one before it.
 */
export function roomRefresh<S extends RoomState>(
  path: string,
  realOnly: string,
  session: () => string,
  show: (fresh: S, previous: S | null) => void,
): () => Promise<void> {
  let shown: S | null = null;
  let asked = 0;
  let applied = 0;
  return async () => {
    const n = ++asked;
    const fresh = await post<S>(path, { session: session() });
    if (n < applied) return;
    applied = n;
    const previous = shown;
    shown = fresh;
    followState(fresh, !previous, realOnly);
    if (!previous) document.title = `${fresh.game.name} – ${document.title}`;
    show(fresh, previous);
  };
}

/**
 * Sends the player's stake (a bet, tickets) and says how it went: `placed`, or why it
 * was refused; a stake over the player's own limit says which limit and when it resets.
 */
export async function sendStake(path: string, body: object, placed: string): Promise<void> {
  try {
    await post(path, body);
    say(t(placed));
  } catch (error) {
    say(refusalMessage(t, root.lang, error), 'error');
  }
}

/** Says what the player's stake won, once: when it is settled in this state and was not in the one before. */
export function sayWhenSettled(stake: { status: string; win: number } | null, before: { status: string } | null | undefined): void {
  if (stake?.status !== 'settled' || before?.status === 'settled') return;
  if (stake.win > 0) say(t('you_won', money(stake.win)), 'win');
  else say(t('no_win'));
}

/** Starts the page: a refusal or a failure on the way is said in the message line. */
export function start(boot: () => Promise<void>): void {
  boot().catch((error: unknown) => say(t(error instanceof Error ? error.message : 'action_failed'), 'error'));
}
