// The crash game's page: watches the shared schedule (the runner's socket.io events, with
// the round's state from /api/studio/crash/state on open and after each event), runs the
// multiplier's clock between ticks, and bets or cashes out with the launch token.
import { type CrashBetView, type CrashHistoryEntry, type CrashRoundView, multiplierAt } from '../shared/crash.ts';
import { crashVerifyLink } from '../shared/fairness-verify.ts';
import { el } from './dom.ts';
import { pageFairWords } from './fairness-shown.ts';
import { byId as $, followState, locale, money, openSession, say, sendStake, serverNow, start, t, watchRoom } from './room.ts';
import { post } from './studio.ts';

interface CrashState {
  mode: 'real' | 'fun';
  currency: string;
  balance: number;
  game: { name: string };
  round: CrashRoundView | null;
  bet: CrashBetView | null;
  history: CrashHistoryEntry[];
}

const game = $('game');
const multiplierEl = $('crash-multiplier');
const phaseEl = $('crash-phase');
const betButton = $<HTMLButtonElement>('crash-bet');
const cashButton = $<HTMLButtonElement>('crash-cashout');
const amountEl = $<HTMLSelectElement>('crash-amount');
let session = '';

let state: CrashState | null = null;
let historyShown = '';
const times = (hundredths: number) => `${(hundredths / 100).toFixed(2)}×`;
const words = pageFairWords(locale);

/** The link that checks a crashed round on /fairness, in the browser: its seed, its place in the chain, the chain's end. */
const verifyHref = (h: CrashHistoryEntry) => crashVerifyLink(locale, { seed: h.seed, number: h.number, chainEnd: h.chainEnd, crashPoint: h.crashPoint });

/** The game's history: each crashed round's multiplier, a link that checks it. */
function historyItem(h: CrashHistoryEntry): HTMLLIElement {
  const link = el('a', { href: verifyHref(h), target: '_blank', rel: 'noopener', textContent: times(h.crashPoint) });
  link.setAttribute('aria-label', `${times(h.crashPoint)} · ${t('fair_verify')}`);
  return el('li', {}, link);
}

/** The provably fair panel's line of a crashed round: its place in the chain, where it crashed, its seed, and Verify. */
function fairItem(h: CrashHistoryEntry): HTMLLIElement {
  return el(
    'li',
    { className: 'fair-round' },
    el(
      'p',
      { className: 'fair-round-head' },
      words.say('crash_round', h.number, times(h.crashPoint)),
      ' · ',
      el('a', { href: verifyHref(h), target: '_blank', rel: 'noopener', textContent: t('fair_verify') }),
    ),
    el('code', { textContent: h.seed }),
  );
}
function render() {
  if (!state?.round) return;
  const { round, bet } = state;
  game.dataset.phase = round.phase;
  game.setAttribute('aria-busy', 'false');
  $('balance').textContent = money(state.balance);
  if (round.phase === 'betting') {
    const seconds = Math.max(0, Math.ceil((Date.parse(round.bettingEndsAt) - serverNow()) / 1000));
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
  // Drawn again only when a round joins it: render runs every frame while bets are open, and a link replaced under the pointer or the focus would be lost.
  const shown = state.history.map((h) => h.round).join();
  if (shown !== historyShown) {
    historyShown = shown;
    $('crash-history').replaceChildren(...state.history.map(historyItem));
    $('crash-rounds').replaceChildren(...state.history.map(fairItem));
  }
  $('crash-chain-end').textContent = round.chainEnd;
}

async function refresh() {
  const fresh = await post<CrashState>('crash/state', { session });
  const previous = state;
  state = fresh;
  followState(fresh, !previous, 'crash_real_only');
  if (!previous) amountEl.replaceChildren(...[0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100].map((s) => new Option(money(s), String(s), false, s === 1)));
  const bet = fresh.bet;
  if (bet?.status === 'cashed' && previous?.bet?.status !== 'cashed') say(t('crash_cashed', times(bet.cashedAt ?? 0), money(bet.win)), 'win');
  if (bet?.status === 'lost' && previous?.bet?.status !== 'lost') say(t('no_win'));
  if (fresh.round?.phase === 'betting' && previous?.round?.round !== fresh.round.round) say('');
  render();
}

// Between the runner's ticks the multiplier runs on the clock, from the flight's start.
function animate() {
  const round = state?.round;
  if (round?.phase === 'running') multiplierEl.textContent = times(multiplierAt(serverNow() - Date.parse(round.bettingEndsAt)));
  else if (round?.phase === 'betting') render();
  requestAnimationFrame(animate);
}

betButton.addEventListener('click', async () => {
  // The auto cash-out field (the form kit's, src/islands/studio/CrashAutoField.tsx): a multiplier
  // it does not take is shown under it, and no bet goes out.
  const autoForm = document.querySelector<HTMLFormElement>('[data-crash-auto]');
  if (autoForm?.dataset.valid === 'false') {
    autoForm.requestSubmit();
    return;
  }
  betButton.disabled = true;
  const auto = autoForm?.dataset.auto ? Number(autoForm.dataset.auto) : null;
  await sendStake('crash/bet', { session, amount: Number(amountEl.value), autoCashout: auto }, 'crash_bet_placed');
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
  session = await openSession();
  if (!session) return;
  await refresh();
  requestAnimationFrame(animate);
  const socket = await watchRoom('crash:watch', undefined, refresh, ['crash:round', 'crash:start', 'crash:crashed', 'crash:cashout']);
  socket.on('crash:tick', (tick: { round: number; multiplier: number }) => {
    if (state?.round?.round === tick.round && state.round.phase === 'running') multiplierEl.textContent = times(tick.multiplier);
  });
}

start(boot);
