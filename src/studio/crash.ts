// The crash game's page: watches the shared schedule (the runner's socket.io events, with
// the round's state from /api/studio/crash/state on open and after each event), runs the
// multiplier's clock between ticks, and bets or cashes out with the launch token.
import { formatMessage, type Message } from '../lib/plural.ts';
import { type CrashBetView, type CrashRoundView, multiplierAt } from '../shared/crash.ts';
import { DEFAULT_LOCALE, isLocale } from '../shared/locales.ts';
import { post, refusalMessage } from './studio.ts';

interface CrashState {
  mode: 'real' | 'fun';
  currency: string;
  balance: number;
  game: { name: string };
  round: CrashRoundView | null;
  bet: CrashBetView | null;
  history: { round: number; crashPoint: number }[];
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const root = document.documentElement;
const named = root.dataset.locale ?? '';
const locale = isLocale(named) ? named : DEFAULT_LOCALE;
const catalog = JSON.parse($('studio-text').textContent ?? '{}') as Record<string, Message>;
const t = (key: string, ...args: (string | number)[]) => formatMessage(catalog[key] ?? key, locale, ...args);
const game = $('game');
const multiplierEl = $('crash-multiplier');
const phaseEl = $('crash-phase');
const betButton = $<HTMLButtonElement>('crash-bet');
const cashButton = $<HTMLButtonElement>('crash-cashout');
const amountEl = $<HTMLSelectElement>('crash-amount');
const autoEl = $<HTMLInputElement>('crash-auto');
const messageEl = $('message');
const fragment = new URLSearchParams(location.hash.slice(1));
let session = fragment.get('s') ?? '';

let state: CrashState | null = null;
/** The server's clock minus ours, so the multiplier runs on the server's time. */
let skew = 0;
let money = (n: number) => n.toFixed(2);
const times = (hundredths: number) => `${(hundredths / 100).toFixed(2)}×`;
const say = (text: string, kind: 'info' | 'win' | 'error' = 'info') => {
  messageEl.textContent = text;
  messageEl.dataset.kind = kind;
};

function render() {
  if (!state?.round) return;
  const { round, bet } = state;
  game.dataset.phase = round.phase;
  game.setAttribute('aria-busy', 'false');
  $('balance').textContent = money(state.balance);
  if (round.phase === 'betting') {
    const seconds = Math.max(0, Math.ceil((Date.parse(round.bettingEndsAt) - (Date.now() + skew)) / 1000));
    phaseEl.textContent = t('crash_betting', seconds);
    multiplierEl.textContent = times(100);
  } else if (round.phase === 'running') phaseEl.textContent = t('crash_flying');
  else {
    phaseEl.textContent = t('crash_crashed', times(round.crashPoint ?? round.multiplier));
    multiplierEl.textContent = times(round.crashPoint ?? round.multiplier);
  }
  const real = state.mode === 'real';
  betButton.disabled = !real || round.phase !== 'betting' || bet !== null;
  cashButton.disabled = !real || round.phase !== 'running' || bet?.status !== 'placed';
  $('crash-history').replaceChildren(
    ...state.history.map((h) => {
      const li = document.createElement('li');
      li.textContent = times(h.crashPoint);
      return li;
    }),
  );
  $('crash-chain-end').textContent = round.chainEnd;
}

async function refresh() {
  const fresh = await post<CrashState>('crash/state', { session });
  const previous = state;
  state = fresh;
  if (fresh.round) skew = Date.parse(fresh.round.serverTime) - Date.now();
  if (!previous) {
    const format = new Intl.NumberFormat(root.lang, { style: 'currency', currency: fresh.currency });
    money = (n) => format.format(n);
    amountEl.replaceChildren(...[0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100].map((s) => new Option(money(s), String(s), false, s === 1)));
    $('mode').textContent = fresh.mode === 'real' ? t('real_money') : t('free_play');
    $('mode').dataset.mode = fresh.mode;
    $('game-name').textContent = fresh.game.name;
    if (fresh.mode !== 'real') say(t('crash_real_only'));
  }
  const bet = fresh.bet;
  if (bet?.status === 'cashed' && previous?.bet?.status !== 'cashed') say(t('crash_cashed', times(bet.cashedAt ?? 0), money(bet.win)), 'win');
  if (bet?.status === 'lost' && previous?.bet?.status !== 'lost') say(t('no_win'));
  if (fresh.round?.phase === 'betting' && previous?.round?.round !== fresh.round.round) say('');
  render();
}

// Between the runner's ticks the multiplier runs on the clock, from the flight's start.
function animate() {
  const round = state?.round;
  if (round?.phase === 'running') multiplierEl.textContent = times(multiplierAt(Date.now() + skew - Date.parse(round.bettingEndsAt)));
  else if (round?.phase === 'betting') render();
  requestAnimationFrame(animate);
}

betButton.addEventListener('click', async () => {
  betButton.disabled = true;
  const auto = autoEl.value.trim() === '' ? null : Number(autoEl.value);
  try {
    await post('crash/bet', { session, amount: Number(amountEl.value), autoCashout: auto });
    say(t('crash_bet_placed'));
  } catch (error) {
    // A bet over the player's own limit says which limit and when it resets.
    say(refusalMessage(t, root.lang, error), 'error');
  }
  await refresh();
});
cashButton.addEventListener('click', async () => {
  cashButton.disabled = true;
  try {
    await post('crash/cashout', { session });
  } catch (error) {
    say(t(error instanceof Error ? error.message : 'action_failed'), 'error');
  }
  await refresh();
});

async function boot() {
  // A demo link opens a free-play session of its own, kept in the address for a reload.
  const demo = fragment.get('demo');
  if (!session && demo) {
    session = (await post<{ session: string }>('session', { demo, lang: locale })).session;
    history.replaceState(null, '', `#s=${session}`);
  }
  if (!session) {
    say(t('session_expired'), 'error');
    return;
  }
  await refresh();
  requestAnimationFrame(animate);
  const { io } = await import('socket.io-client');
  const socket = io({ path: '/socket.io', transports: ['websocket'] });
  socket.on('connect', () => socket.emit('crash:watch'));
  socket.on('crash:tick', (tick: { round: number; multiplier: number }) => {
    if (state?.round?.round === tick.round && state.round.phase === 'running') multiplierEl.textContent = times(tick.multiplier);
  });
  for (const event of ['crash:round', 'crash:start', 'crash:crashed', 'crash:cashout']) socket.on(event, () => void refresh().catch(() => {}));
}

boot().catch((error: unknown) => say(t(error instanceof Error ? error.message : 'action_failed'), 'error'));
