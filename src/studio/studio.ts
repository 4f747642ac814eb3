// The game page's side of the studio: it opens the session named in the URL fragment,
// shows the balance, the stake and the messages every game shares, and sends rounds
// and moves. A request that fails on the network is sent again with the same round id,
// so a flaky connection never plays a round twice.
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
  /** A round left unfinished last time, to resume. */
  openRound: StudioRound | null;
  /** Translation of a `studio` catalogue key; `{0}` … replaced by the arguments. */
  t(key: string, ...args: (string | number)[]): string;
  /** An amount in the session's currency and the page's locale. */
  money(amount: number): string;
  /** The chosen stake. */
  stake(): number;
  /** The buttons under the game (Spin, Deal, Hit/Stand…): the first primary one also answers the space bar. */
  setActions(actions: Action[]): void;
  /** Starts a round with the chosen stake; null when it was refused (the message is already shown). */
  start(choice: unknown): Promise<StudioRound | null>;
  /** Plays a move of an open round; null when refused. */
  act(round: StudioRound, action: unknown): Promise<StudioRound | null>;
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

/** A round id the server has never seen: random, URL-safe. */
function newRoundId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

async function post<T>(path: string, body: object): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < RETRIES; attempt++) {
    try {
      const response = await fetch(`/api/studio/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const data = (await response.json().catch(() => ({}))) as { status?: number; message?: string; balance?: number };
      if (response.ok && data.status === 1) return data as T;
      // The server answered: repeating would get the same answer.
      if (response.status < 500) throw Object.assign(new StudioRefusal(data.message ?? 'action_failed'), { balance: data.balance });
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
  const catalog = JSON.parse(element('studio-text').textContent ?? '{}') as Record<string, string>;
  const t = (key: string, ...args: (string | number)[]) => (catalog[key] ?? key).replace(/\{(\d+)\}/g, (m, i: string) => String(args[Number(i)] ?? m));
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
  const showBalance = (amount: number) => {
    balanceEl.textContent = money(amount);
  };
  showBalance(opened.balance);
  root.dataset.gameTheme = opened.game.theme;
  document.title = `${opened.game.name} – ${document.title}`;
  element('game-name').textContent = opened.game.name;
  modeEl.textContent = opened.mode === 'real' ? t('real_money') : t('free_play');
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
  let current: Action[] = [];
  const render = () => {
    actionsEl.replaceChildren(
      ...current.map((a) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = a.label;
        b.className = a.primary ? 'primary' : 'secondary';
        b.disabled = busy || Boolean(a.disabled);
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
    if (e.key !== ' ' || busy || (e.target instanceof HTMLElement && e.target.closest('button, select, input, a'))) return;
    const main = current.find((a) => a.primary && !a.disabled);
    if (main) {
      e.preventDefault();
      main.run();
    }
  });

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
      say(t(code), 'error');
      return null;
    } finally {
      setBusy(false);
    }
  };

  const studio: Studio = {
    game: opened.game,
    mode: opened.mode,
    openRound: opened.openRound,
    t,
    money,
    stake: () => Number(stakeEl.value),
    setActions(actions) {
      current = actions;
      render();
    },
    start: (choice) => request('start', { roundId: newRoundId(), stake: Number(stakeEl.value), choice }),
    act: (round, action) => request('act', { roundId: round.roundId, step: round.step, action }),
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
  const screen = await screenReady;
  area.replaceChildren();
  area.setAttribute('aria-busy', 'false');
  screen(area, studio);
}
