// The game page's side of the studio: it opens the session named in the URL fragment,
// shows the balance, the stake and the messages every game shares, and sends rounds
// and moves. A request that fails on the network is sent again with the same round id,
// so a flaky connection never plays a round twice.
import { formatMessage, type Message } from '../lib/plural.ts';
import { fairnessPanel } from './fairness-panel.ts';
import { DEFAULT_LOCALE, isLocale } from '../shared/locales.ts';
import { type LimitRefusalInfo, protectionSentence, type RealityCheckInfo } from '../shared/protection.ts';
import { realityChecks } from './reality.ts';
import type { StudioRound, StudioRoundReply, StudioSessionReply } from '../shared/schemas/games.ts';

export interface Action {
  label: string;
  run: () => void;
  primary?: boolean;
  disabled?: boolean;
}

export interface Studio {
  game: StudioSessionReply['game'];
  mode: StudioSessionReply['mode'];
  /** The player's hand of this game left unfinished (in this launch or an earlier one), to resume. */
  openRound: StudioRound | null;
  /** How long an untouched hand waits before the game's rule ends it, in words ("24 hours"); null in free play, where it waits for good. */
  abandonedAfter: string | null;
  /** Translation of a `studio` catalogue key; `{0}` … replaced by the arguments. */
  t(key: string, ...args: (string | number)[]): string;
  /** An amount in the session's currency and the page's locale. */
  money(amount: number): string;
  /** The chosen stake. */
  stake(): number;
  /** The largest stake a round may take (a slot's bonus buy is priced in stakes). */
  maxStake: number;
  /** For a screen whose rounds name their own stake (roulette's chips): hides the shared stake picker. */
  hideStake(): void;
  /** The buttons under the game (Spin, Deal, Hit/Stand…): the first primary one also answers the space bar. */
  setActions(actions: Action[]): void;
  /** Starts a round with the chosen stake, or with `stake` when the screen names it; null when it was refused (the message is already shown). */
  start(choice: unknown, stake?: number): Promise<StudioRound | null>;
  /** Plays a move of an open round; null when refused (a move the balance cannot pay leaves the round as it was, and says so). */
  act(round: StudioRound, action: unknown): Promise<StudioRound | null>;
  /** A percentage in the page's locale, from a fraction: 0.9967 → "99.67 %". */
  percent(fraction: number): string;
  /** Shows the result of a finished round and the balance after it (call after any animation). */
  finish(round: StudioRound): void;
  /** A short message under the game. */
  say(text: string, kind?: 'info' | 'win' | 'error'): void;
  /** True when the player asked for less motion. */
  calm: boolean;
}

export type Screen = (root: HTMLElement, studio: Studio) => void;

const RETRIES = 3;

class StudioRefusal extends Error {}

function element<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el as T;
}

/** What a refusal by player protection adds (src/shared/protection.ts). */
export interface ProtectionNote {
  limit?: LimitRefusalInfo;
  until?: string;
  reality?: RealityCheckInfo;
}

/**
 * A stake refused by the player's own limit or break, in words: which limit and when it
 * resets, or when the break ends (catalogue keys of `protection` the page ships); undefined for another refusal.
 */
/** A refusal by a limit or a break in words (the shared rule of src/shared/protection.ts). */
export function protectionMessage(t: (key: string, ...args: (string | number)[]) => string, lang: string, note: ProtectionNote): string | undefined {
  return protectionSentence(note, t, lang);
}

/** Why a call was refused, in words: the limit or break that refused it, else the text of its catalogue key. */
export function refusalMessage(t: (key: string, ...args: (string | number)[]) => string, lang: string, error: unknown): string {
  return protectionMessage(t, lang, error as ProtectionNote) ?? t(error instanceof Error ? error.message : 'action_failed');
}

/** A round id the server has never seen: random, URL-safe. */
function newRoundId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

export async function post<T>(path: string, body: object): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < RETRIES; attempt++) {
    try {
      const response = await fetch(`/api/studio/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const data = (await response.json().catch(() => ({}))) as { status?: number; message?: string; balance?: number } & ProtectionNote;
      if (response.ok && data.status === 1) return data as T;
      // The server answered: repeating would get the same answer.
      if (response.status < 500)
        throw Object.assign(new StudioRefusal(data.message ?? 'action_failed'), {
          balance: data.balance,
          limit: data.limit,
          until: data.until,
          reality: data.reality,
        });
      lastError = new StudioRefusal('action_failed');
    } catch (error) {
      if (error instanceof StudioRefusal) throw error;
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 400 * 2 ** attempt));
  }
  throw lastError instanceof StudioRefusal ? lastError : new StudioRefusal('connection_lost');
}

/** Where the launch link put the session: `#s=<token>`, or `#demo=<slug>` for free play without a launch. */
function launchFromFragment(): { session: string } | { demo: string } | null {
  const params = new URLSearchParams(location.hash.slice(1));
  const session = params.get('s');
  if (session) return { session };
  const demo = params.get('demo');
  return demo ? { demo } : null;
}

/** Boots the page: opens the session while the screen's code loads, then hands the game area to the screen. */
export async function bootStudio(screenReady: Promise<Screen>): Promise<void> {
  const root = document.documentElement;
  const locale = root.dataset.locale ?? 'en';
  const catalog = JSON.parse(element('studio-text').textContent ?? '{}') as Record<string, Message>;
  const t = (key: string, ...args: (string | number)[]) => formatMessage(catalog[key] ?? key, isLocale(locale) ? locale : DEFAULT_LOCALE, ...args);
  const area = element('game');
  const balanceEl = element('balance');
  const stakeEl = element<HTMLSelectElement>('stake');
  const actionsEl = element('actions');
  const messageEl = element('message');
  const modeEl = element('mode');
  const say: Studio['say'] = (text, kind = 'info') => {
    messageEl.textContent = text;
    messageEl.dataset.kind = kind;
  };

  const launch = launchFromFragment();
  if (!launch) {
    area.setAttribute('aria-busy', 'false');
    say(t('session_expired'), 'error');
    return;
  }
  let opened: StudioSessionReply;
  try {
    opened = await post<StudioSessionReply>('session', 'demo' in launch ? { demo: launch.demo, lang: locale } : launch);
  } catch (error) {
    area.setAttribute('aria-busy', 'false');
    say(t(error instanceof Error ? error.message : 'action_failed'), 'error');
    return;
  }
  // A demo link opened a session of its own: keep it, so a reload plays on with the same money.
  const session = opened.session ?? ('session' in launch ? launch.session : '');
  if (opened.session) history.replaceState(null, '', `#s=${opened.session}`);

  const format = new Intl.NumberFormat(root.lang, { style: 'currency', currency: opened.currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const money = (amount: number) => format.format(amount);
  // A stake refused by the player's own limit or break: which limit, and when it resets.
  const protectionNote = (note: ProtectionNote): string | undefined => protectionMessage(t, root.lang, note);
  const showBalance = (amount: number) => {
    balanceEl.textContent = money(amount);
  };
  showBalance(opened.balance);
  root.dataset.gameTheme = opened.game.theme;
  document.title = `${opened.game.name} – ${document.title}`;
  element('game-name').textContent = opened.game.name;
  modeEl.textContent = opened.mode === 'real' ? t('real_money') : t('free_play');
  // Every game states its return before play (the lowest over the player's choices where they change it).
  element('rtp').textContent = t(
    'game_rtp',
    new Intl.NumberFormat(root.lang, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(opened.game.rtp),
  );
  modeEl.dataset.mode = opened.mode;

  const { min, max } = opened.limits;
  const stakes = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100].filter((s) => s >= min && s <= max);
  stakeEl.replaceChildren(...stakes.map((s) => new Option(money(s), String(s), false, s === opened.limits.default)));
  element<HTMLButtonElement>('stake-down').addEventListener('click', () => {
    stakeEl.selectedIndex = Math.max(0, stakeEl.selectedIndex - 1);
  });
  element<HTMLButtonElement>('stake-up').addEventListener('click', () => {
    stakeEl.selectedIndex = Math.min(stakeEl.options.length - 1, stakeEl.selectedIndex + 1);
  });

  // The stake of an open round is already taken: it cannot change until the round ends.
  const lockStake = (locked: boolean) => {
    for (const id of ['stake', 'stake-down', 'stake-up']) (element(id) as HTMLButtonElement | HTMLSelectElement).disabled = locked;
  };
  lockStake(opened.openRound !== null);

  let busy = false;
  // A reality check waits for the player's answer: nothing can be played meanwhile.
  let paused = false;
  let current: Action[] = [];
  const render = () => {
    actionsEl.replaceChildren(
      ...current.map((a) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = a.label;
        b.className = a.primary ? 'primary' : 'secondary';
        b.disabled = busy || paused || Boolean(a.disabled);
        b.addEventListener('click', () => a.run());
        return b;
      }),
    );
  };
  const setBusy = (value: boolean) => {
    busy = value;
    area.setAttribute('aria-busy', String(value));
    render();
  };
  // The space bar plays the main action unless a control has focus.
  document.addEventListener('keydown', (e) => {
    if (e.key !== ' ' || busy || paused || (e.target instanceof HTMLElement && e.target.closest('button, select, input, a'))) return;
    const main = current.find((a) => a.primary && !a.disabled);
    if (main) {
      e.preventDefault();
      main.run();
    }
  });

  const checks = realityChecks({
    session,
    locale: isLocale(locale) ? locale : DEFAULT_LOCALE,
    t,
    ask: (answer) => post<{ reality: RealityCheckInfo | null }>('reality_check', { session, ...(answer ? { continue: true } : {}) }),
    pause: (value) => {
      paused = value;
      render();
    },
  });
  checks.schedule(opened.realityCheck ?? null);

  let pendingBalance: number | null = null;
  const request = async (path: 'start' | 'act', body: object): Promise<StudioRound | null> => {
    setBusy(true);
    say('');
    try {
      const reply = await post<StudioRoundReply>(path, { session, ...body });
      lockStake(!reply.round.done);
      // The stake leaves the balance at once; a win joins it when the screen shows the result.
      if (reply.round.done) {
        showBalance(reply.balance - reply.round.win);
        pendingBalance = reply.balance;
      } else showBalance(reply.balance);
      return reply.round;
    } catch (error) {
      const code = error instanceof Error ? error.message : 'action_failed';
      const balance = (error as { balance?: number }).balance;
      if (typeof balance === 'number') showBalance(balance);
      const { reality } = error as ProtectionNote;
      if (code === 'reality_check_due' && reality) checks.show(reality);
      const note = protectionNote(error as ProtectionNote);
      // A move the balance cannot pay was not played: the hand waits as it was.
      say(note ?? t(path === 'act' && code === 'insufficient_funds' ? 'move_insufficient_funds' : code), 'error');
      return null;
    } finally {
      setBusy(false);
    }
  };

  const hours = opened.abandonedHandHours;
  const studio: Studio = {
    game: opened.game,
    mode: opened.mode,
    openRound: opened.openRound,
    // "24 hours" takes a different plural (and word order) in each language: Intl knows them.
    abandonedAfter: hours === null ? null : new Intl.NumberFormat(root.lang, { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(hours),
    t,
    money,
    stake: () => Number(stakeEl.value),
    maxStake: opened.limits.max,
    hideStake() {
      const picker = stakeEl.closest<HTMLElement>('.stake');
      if (picker) picker.hidden = true;
    },
    setActions(actions) {
      current = actions;
      render();
    },
    start: (choice, stake = Number(stakeEl.value)) => request('start', { roundId: newRoundId(), stake, choice }),
    act: (round, action) => request('act', { roundId: round.roundId, step: round.step, action }),
    percent: (fraction) => new Intl.NumberFormat(root.lang, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fraction),
    finish(round) {
      if (pendingBalance !== null) showBalance(pendingBalance);
      pendingBalance = null;
      if (round.win === round.stake) say(t('stake_returned'));
      else if (round.win > 0) say(t('you_won', money(round.win)), 'win');
      else say(t('no_win'));
    },
    say,
    calm: matchMedia('(prefers-reduced-motion: reduce)').matches,
  };
  const fair = document.getElementById('fair');
  if (fair instanceof HTMLDetailsElement) fairnessPanel(fair, { session, locale, t, post });
  const screen = await screenReady;
  area.replaceChildren();
  area.setAttribute('aria-busy', 'false');
  screen(area, studio);
}
