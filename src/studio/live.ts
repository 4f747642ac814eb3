// A live table's page (live roulette, live baccarat): watches its table's shared rounds
// (the runner's socket.io events, with the state from /api/studio/live/state on open and
// after each event), counts the betting window down on the server's clock, takes the
// player's chips or bet and sends them once per round with the launch token.
import { liveVerifyLink } from '../shared/fairness-verify.ts';
import { rouletteColor } from '../shared/game-tables.ts';
import type { BaccaratBet, RouletteBet } from '../shared/game-views.ts';
import type { LiveStateReply } from '../shared/contract/live.ts';
import type { LiveHistoryEntry, LiveOutcome, LiveTableId } from '../shared/live.ts';
import { createHand } from './screens/cards.ts';
import { byId as $, locale, money, openSession, roomRefresh, say, sayWhenSettled, sendStake, serverNow, start, t, watchRoom } from './room.ts';

const table = document.body.dataset.engine as LiveTableId;
const roulette = table === 'live-roulette';
const game = $('game');
const phaseEl = $('live-phase');
const chipEl = $<HTMLSelectElement>('live-chip');
const totalEl = $('live-total');
const placeButton = $<HTMLButtonElement>('live-place');
const clearButton = $<HTMLButtonElement>('live-clear');
const spots = [...document.querySelectorAll<HTMLButtonElement>('.live-board .spot')];
const calm = matchMedia('(prefers-reduced-motion: reduce)').matches;
const hands = roulette ? null : { player: createHand($('live-player-cards'), t, calm), banker: createHand($('live-banker-cards'), t, calm) };
let session = '';

let state: LiveStateReply | null = null;
/** The chips on the cloth before they are sent (cents per spot), or the baccarat bet chosen. */
const layout = new Map<string, number>();
let sending = false;
/** A spot of the board as the roulette engine names it. */
function rouletteBet(spot: string, amount: number): RouletteBet {
  const [kind, value] = spot.split(':');
  if (kind === 'straight' || kind === 'dozen' || kind === 'column') return { kind, value: Number(value), amount } as RouletteBet;
  return { kind, amount } as RouletteBet;
}

function choiceOfLayout(): object | null {
  if (layout.size === 0) return null;
  if (roulette) return { bets: [...layout].map(([spot, amount]) => rouletteBet(spot, amount)) };
  const [[bet, amount]] = [...layout] as [[BaccaratBet, number]];
  return { bet, amount };
}

/** What a round drew, in words. */
function outcomeText(outcome: LiveOutcome): string {
  if ('number' in outcome) return `${outcome.number} ${t(`roulette_${rouletteColor(outcome.number)}`)}`;
  if (outcome.winner === 'tie') return t('baccarat_win_tie', outcome.playerTotal);
  return t(`baccarat_win_${outcome.winner}`, outcome.playerTotal, outcome.bankerTotal);
}

function historyItem(entry: LiveHistoryEntry): HTMLLIElement {
  const li = document.createElement('li');
  const a = document.createElement('a');
  const { outcome } = entry;
  a.textContent = 'number' in outcome ? String(outcome.number) : t(`baccarat_${outcome.winner}`);
  if ('number' in outcome) a.dataset.color = rouletteColor(outcome.number);
  // Each past round opens /fairness with its revealed seed, which recomputes it in the browser.
  a.href = liveVerifyLink(locale, table, entry);
  a.target = '_blank';
  a.rel = 'noopener';
  a.title = `${t('fair_verify')}: ${outcomeText(outcome)}`;
  li.append(a);
  return li;
}

function renderLayout() {
  const betting = state?.round?.phase === 'betting' && state.mode === 'real' && !state.bet;
  let total = 0;
  for (const el of spots) {
    const spot = el.dataset.spot ?? '';
    const amount = layout.get(spot);
    total += amount ?? 0;
    if (roulette) {
      if (amount) el.dataset.chip = money(amount / 100);
      else delete el.dataset.chip;
    } else el.setAttribute('aria-pressed', String(amount !== undefined));
    el.disabled = !betting || sending;
  }
  const placed = state?.bet;
  totalEl.textContent = placed ? money(placed.amount) : total > 0 ? money(total / 100) : '–';
  placeButton.disabled = !betting || sending || layout.size === 0;
  clearButton.disabled = !betting || sending || layout.size === 0;
  chipEl.disabled = !betting;
}

function renderPhase() {
  const round = state?.round;
  if (!round) return;
  if (round.phase === 'betting') {
    const left = Date.parse(round.bettingEndsAt) - serverNow();
    if (left > 0) phaseEl.textContent = t('crash_betting', Math.ceil(left / 1000));
    else phaseEl.textContent = t('live_no_more_bets');
  } else if (round.phase === 'closed') phaseEl.textContent = t('live_no_more_bets');
  else if (round.outcome) phaseEl.textContent = outcomeText(round.outcome);
}

function renderResult() {
  const round = state?.round;
  const outcome = round?.phase === 'result' ? round.outcome : null;
  if (roulette) {
    const el = $('live-result');
    el.textContent = outcome && 'number' in outcome ? String(outcome.number) : '–';
    el.dataset.color = outcome && 'number' in outcome ? rouletteColor(outcome.number) : 'none';
    return;
  }
  if (!hands) return;
  if (outcome && 'cards' in outcome) {
    void hands.player.show(outcome.player, calm ? 0 : 150);
    void hands.banker.show(outcome.banker, calm ? 0 : 150);
    $('live-player-total').textContent = String(outcome.playerTotal);
    $('live-banker-total').textContent = String(outcome.bankerTotal);
  } else {
    hands.player.clear();
    hands.banker.clear();
    $('live-player-total').textContent = '';
    $('live-banker-total').textContent = '';
  }
}

function render() {
  if (!state) return;
  game.setAttribute('aria-busy', 'false');
  game.dataset.phase = state.round?.phase ?? '';
  $('balance').textContent = money(state.balance);
  $('live-hash').textContent = state.round?.seed ? `${state.round.seedHash} → ${state.round.seed}` : (state.round?.seedHash ?? '');
  $('live-history').replaceChildren(...state.history.map(historyItem));
  renderPhase();
  renderResult();
  renderLayout();
}

/** A state the refresh kept: what changed is said, and the page drawn again. */
function show(fresh: LiveStateReply, previous: LiveStateReply | null) {
  state = fresh;
  if (!previous) {
    const chips = [10, 50, 100, 200, 500, 1_000, 2_500, 10_000].filter((c) => c >= fresh.limits.spotMin && c <= fresh.limits.spotMax);
    chipEl.replaceChildren(...chips.map((c) => new Option(money(c / 100), String(c), false, c === 100)));
  }
  const newRound = previous?.round?.round !== fresh.round?.round;
  if (newRound) layout.clear();
  if (newRound && fresh.round?.phase === 'betting' && previous) say('');
  if (fresh.round?.phase === 'result') sayWhenSettled(fresh.bet, previous?.bet);
  render();
}

const refresh = roomRefresh('live/state', 'live_real_only', () => session, show);

for (const el of spots) {
  el.addEventListener('click', () => {
    const spot = el.dataset.spot ?? '';
    const chip = Number(chipEl.value);
    if (roulette) layout.set(spot, (layout.get(spot) ?? 0) + chip);
    else {
      // One baccarat bet a round: choosing another side moves it.
      layout.clear();
      layout.set(spot, chip);
    }
    renderLayout();
  });
}
chipEl.addEventListener('change', () => {
  if (!roulette && layout.size > 0) {
    const [spot] = [...layout.keys()] as [string];
    layout.set(spot, Number(chipEl.value));
    renderLayout();
  }
});
clearButton.addEventListener('click', () => {
  layout.clear();
  renderLayout();
});
placeButton.addEventListener('click', async () => {
  const choice = choiceOfLayout();
  if (!choice) return;
  sending = true;
  renderLayout();
  await sendStake('live/bet', { session, choice }, 'live_bets_placed');
  sending = false;
  await refresh().catch(() => {});
});

async function boot() {
  session = await openSession();
  if (!session) return;
  await refresh();
  // The countdown moves every second between the runner's events.
  setInterval(renderPhase, 250);
  await watchRoom('live:watch', table, refresh, ['live:round', 'live:closed', 'live:result', 'live:paid']);
}

start(boot);
