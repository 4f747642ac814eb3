// A bingo room's page: watches its room's games (the runner's socket.io events, with the
// state from /api/studio/bingo/state on open and after each step), counts the sale down on
// the server's clock, buys tickets with the launch token and daubs them as the balls come.
import type { BingoGame, BingoTicket } from '../shared/bingo.ts';
import type { BingoStateReply } from '../shared/contract/live.ts';
import { bingoVerifyLink } from '../shared/fairness-verify.ts';
import { byId as $, locale, money, openSession, roomRefresh, say, sayWhenSettled, sendStake, serverNow, start, t, watchRoom } from './room.ts';

const game = document.body.dataset.engine as BingoGame;
const area = $('game');
const phaseEl = $('bingo-phase');
const buyButton = $<HTMLButtonElement>('bingo-buy');
const countEl = $<HTMLSelectElement>('bingo-count');
const boardCells = new Map([...document.querySelectorAll<HTMLElement>('#bingo-board [data-ball]')].map((el) => [Number(el.dataset.ball), el]));
let session = '';

let state: BingoStateReply | null = null;
let buying = false;
/** The tickets drawn on the page, for the round they belong to. */
let shownTickets = '';
function ticketElement(ticket: BingoTicket, index: number): HTMLElement {
  const el = document.createElement('div');
  el.className = 'bingo-ticket';
  el.setAttribute('role', 'group');
  el.setAttribute('aria-label', `${t('bingo_tickets')} ${index + 1}`);
  for (const row of ticket)
    for (const n of row) {
      const cell = document.createElement('span');
      if (n !== null) {
        cell.textContent = String(n);
        cell.dataset.number = String(n);
      } else if (game === 'bingo-75') cell.dataset.daubed = '';
      el.append(cell);
    }
  return el;
}

/** Daubs every number of the player's tickets that has been drawn: automatic, nothing to click. */
function daub(drawn: Set<number>) {
  for (const cell of document.querySelectorAll<HTMLElement>('#bingo-tickets [data-number]')) {
    if (drawn.has(Number(cell.dataset.number))) cell.dataset.daubed = '';
  }
}

function renderPhase() {
  const round = state?.round;
  if (!round) return;
  if (round.phase === 'sale') {
    const left = Math.max(0, Math.ceil((Date.parse(round.saleEndsAt) - serverNow()) / 1000));
    phaseEl.textContent = t('bingo_on_sale', `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`);
  } else if (round.phase === 'drawing') phaseEl.textContent = t('bingo_balls_out', round.drawn.length);
  else phaseEl.textContent = round.drawn.length > 0 ? t('bingo_done', round.drawn.length) : t('bingo_sale_closed');
  const open = round.phase === 'sale' && Date.parse(round.saleEndsAt) > serverNow();
  buyButton.disabled = !open || buying || state?.mode !== 'real' || state.purchase !== null;
  countEl.disabled = buyButton.disabled;
}

function render() {
  if (!state?.round) return;
  const { round, purchase } = state;
  area.setAttribute('aria-busy', 'false');
  area.dataset.phase = round.phase;
  $('balance').textContent = money(state.balance);
  const drawn = new Set(round.drawn);
  $('bingo-ball').textContent = round.drawn.length ? String(round.drawn[round.drawn.length - 1]) : '–';
  for (const [n, el] of boardCells) {
    if (drawn.has(n)) el.dataset.drawn = '';
    else delete el.dataset.drawn;
  }
  $('bingo-pool').textContent = t('bingo_pool', money(round.pool), round.ticketsSold);
  for (const li of document.querySelectorAll<HTMLElement>('#bingo-prizes [data-prize]')) {
    const won = round.prizes.find((p) => p.prize === li.dataset.prize);
    const out = li.querySelector('output');
    if (won) li.dataset.won = '';
    else delete li.dataset.won;
    if (out) out.textContent = won ? `${money(won.amount)} – ${t('bingo_prize_won', won.ball)}` : '';
  }
  const key = purchase ? `${round.round}:${JSON.stringify(purchase.tickets)}` : `${round.round}:none`;
  if (key !== shownTickets) {
    shownTickets = key;
    $('bingo-tickets').replaceChildren(...(purchase?.tickets ?? []).map(ticketElement));
  }
  daub(drawn);
  $('bingo-hash').textContent = round.seedHash;
  $('bingo-digest').textContent = round.saleDigest ?? '–';
  $('bingo-seed').textContent = round.seed ?? '–';
  const verify = bingoVerifyLink(locale, round);
  const link = $<HTMLAnchorElement>('bingo-verify');
  link.hidden = verify === null;
  if (verify && link.getAttribute('href') !== verify) link.href = verify;
  renderPhase();
}

/** A state the refresh kept: what changed is said, and the page drawn again. */
function show(fresh: BingoStateReply, previous: BingoStateReply | null) {
  state = fresh;
  if (!previous) $('bingo-price').textContent = t('bingo_price', money(fresh.price));
  if (previous && previous.round?.round !== fresh.round?.round) say('');
  if (fresh.round?.phase === 'done') sayWhenSettled(fresh.purchase, previous?.purchase);
  render();
}

const refresh = roomRefresh('bingo/state', 'bingo_real_only', () => session, show);

buyButton.addEventListener('click', async () => {
  buying = true;
  renderPhase();
  await sendStake('bingo/buy', { session, tickets: Number(countEl.value) }, 'bingo_bought');
  buying = false;
  await refresh().catch(() => {});
});

async function boot() {
  session = await openSession();
  if (!session) return;
  await refresh();
  setInterval(renderPhase, 250);
  const socket = await watchRoom('bingo:watch', game, refresh);
  // A ball: daub at once from the event, without waiting for the state.
  socket.on('bingo:ball', (event: { round: number; drawn: number[] }) => {
    if (state?.round?.round !== event.round) return;
    state.round.drawn = event.drawn;
    render();
    // Prizes won on this ball come with the state.
    void refresh().catch(() => {});
  });
  for (const event of ['bingo:sale', 'bingo:closed', 'bingo:done', 'bingo:paid']) socket.on(event, () => void refresh().catch(() => {}));
}

start(boot);
