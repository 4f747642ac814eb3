// What the pages of shared rounds (the crash game, the live tables, the bingo rooms) have
// in common: the page's locale and texts, the message line, the session from the address
// (a demo link opens one of its own), and the socket of the room they watch.
import type { Socket } from 'socket.io-client';
import { formatMessage, type Message } from '../lib/plural.ts';
import { DEFAULT_LOCALE, isLocale } from '../shared/locales.ts';
import { post } from './studio.ts';

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

/** Starts the page: a refusal or a failure on the way is said in the message line. */
export function start(boot: () => Promise<void>): void {
  boot().catch((error: unknown) => say(t(error instanceof Error ? error.message : 'action_failed'), 'error'));
}
