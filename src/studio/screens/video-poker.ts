// Jacks or Better: Deal five cards, hold any of them (a tap, or the keys 1–5 where there is a keyboard), Draw to
// replace the others; the final hand is paid by the paytable above the cards. A round
// left open last time (here or in an earlier launch of the game) comes back with its
// five cards, ready to draw; under the paytable, what happens to a hand left too long.
import { finder, sleep } from '../dom.ts';
import type { HandRank } from '../../shared/game-views.ts';
import type { VideoPokerView } from '../../shared/game-views.ts';
import type { StudioRound } from '../../shared/schemas/games.ts';
import { JACKS_OR_BETTER_PAYTABLE } from '../../shared/game-tables.ts';
import type { Screen } from '../studio.ts';
import { type Card, cardName, cardsText, createHand, type Hand } from './cards.ts';
import './video-poker.css';

/** The machine's glass: the engine's own table (the pair row pays jacks or better only). */
const PAYTABLE = JACKS_OR_BETTER_PAYTABLE;

const SLOTS = 5;

export const screen: Screen = (root, studio) => {
  const { t } = studio;
  const rows = PAYTABLE.map(([rank]) => `<li data-rank="${rank}"><span class="vp-pay-name"></span><span class="vp-pay-x"></span></li>`).join('');
  const slots = Array.from(
    { length: SLOTS },
    (_, i) =>
      `<button type="button" class="vp-slot" data-slot="${i}" aria-pressed="false" disabled><span class="vp-card"></span><span class="vp-tag" aria-hidden="true"></span></button>`,
  ).join('');
  root.innerHTML = `
    <div class="vp cards-table">
      <h2 id="vp-paytable-title" class="visually-hidden"></h2>
      <ul class="vp-paytable" aria-labelledby="vp-paytable-title">${rows}</ul>
      <p class="card-note vp-note" data-rule="abandoned"></p>
      <div class="vp-hand" role="group" aria-labelledby="vp-hand-title">
        <h2 id="vp-hand-title" class="visually-hidden"></h2>
        ${slots}
      </div>
      <p class="card-outcome vp-result" aria-live="polite"></p>
      <p class="visually-hidden" data-spoken aria-live="polite"></p>
    </div>`;
  const q = finder(root);
  q('#vp-paytable-title').textContent = t('poker_paytable');
  q('#vp-hand-title').textContent = t('poker_your_cards');
  for (const [rank, pays] of PAYTABLE) {
    const row = q(`li[data-rank=${rank}]`);
    (row.querySelector('.vp-pay-name') as HTMLElement).textContent = rank === 'pair' ? t('poker_jacks_or_better') : t(`hand_${rank}`);
    (row.querySelector('.vp-pay-x') as HTMLElement).textContent = `${pays}×`;
  }
  const abandoned = q<HTMLElement>('[data-rule=abandoned]');
  if (studio.abandonedAfter) abandoned.textContent = t('poker_abandoned', studio.abandonedAfter);
  else abandoned.remove();
  const resultEl = q<HTMLElement>('.vp-result');
  const spoken = q<HTMLElement>('[data-spoken]');
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('.vp-slot')];
  const hands: Hand[] = buttons.map((b) => createHand(b.querySelector('.vp-card') as HTMLElement, t, studio.calm));

  let held: boolean[] = new Array<boolean>(SLOTS).fill(false);
  let round: StudioRound | null = null;
  let busy = false;

  const setResult = (text: string, kind: 'win' | 'info' = 'info') => {
    resultEl.textContent = text;
    resultEl.dataset.kind = kind;
  };
  /** The hint while the player chooses; the keys are their own text, shown only where there is a keyboard (studio.css). */
  const showHint = () => {
    setResult(t('poker_hint'));
    const keys = document.createElement('span');
    keys.className = 'key-hint';
    keys.textContent = t('poker_keys');
    resultEl.append(' ', keys);
  };
  const markWon = (rank: HandRank | null) => {
    for (const li of root.querySelectorAll<HTMLElement>('.vp-paytable li')) {
      if (li.dataset.rank === rank) li.setAttribute('aria-current', 'true');
      else li.removeAttribute('aria-current');
    }
  };
  /** The five slots: their cards' names, held states and whether they can be toggled now. */
  const paintSlots = (choosing: boolean) => {
    buttons.forEach((b, i) => {
      const card = hands[i]?.cards[0] ?? null;
      b.disabled = !choosing;
      b.setAttribute('aria-pressed', String(held[i]));
      b.setAttribute('aria-label', t('poker_card', i + 1, cardName(t, card)));
      (b.querySelector('.vp-tag') as HTMLElement).textContent = held[i] ? t('held') : t('hold');
    });
  };
  // Holds are the player's until the draw: kept in the tab, so a reload mid-hand keeps them too.
  const holdsKey = (r: StudioRound) => `vp-holds:${r.roundId}`;
  const toggle = (i: number) => {
    if (busy || !round || round.done || i < 0 || i >= SLOTS) return;
    held[i] = !held[i];
    try {
      sessionStorage.setItem(holdsKey(round), JSON.stringify(held));
    } catch {}
    paintSlots(true);
  };
  buttons.forEach((b, i) => {
    b.addEventListener('click', () => toggle(i));
  });
  // The keys 1–5 hold a card, unless the player is typing in a control.
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || !/^[1-5]$/.test(e.key)) return;
    if (e.target instanceof HTMLElement && e.target.closest('select, input, textarea')) return;
    e.preventDefault();
    toggle(Number(e.key) - 1);
  });

  /** Turns the five cards to `cards`, left to right; unchanged ones stay as they are. */
  const showCards = async (cards: readonly Card[]) => {
    const turns: Promise<void>[] = [];
    for (let i = 0; i < SLOTS; i++) {
      const hand = hands[i];
      const card = cards[i] ?? null;
      if (!hand || hand.cards[0] === card) continue;
      turns.push(hand.show([card]));
      if (!studio.calm) await sleep(90);
    }
    await Promise.all(turns);
  };

  const idle = () => studio.setActions([{ label: t('deal'), run: () => void deal(), primary: true }]);
  const drawAction = (enabled: boolean) => studio.setActions([{ label: t('draw'), run: () => void draw(), primary: true, disabled: !enabled }]);

  /** A dealt hand waiting for the player's holds. */
  const choose = (open: StudioRound) => {
    const view = open.view as VideoPokerView;
    round = open;
    held = view.held.length === SLOTS ? [...view.held] : new Array<boolean>(SLOTS).fill(false);
    try {
      const kept: unknown = JSON.parse(sessionStorage.getItem(holdsKey(open)) ?? 'null');
      if (Array.isArray(kept) && kept.length === SLOTS) held = kept.map(Boolean);
    } catch {}
    busy = false;
    paintSlots(true);
    showHint();
    spoken.textContent = t('poker_dealt', cardsText(t, view.hand));
    drawAction(true);
  };

  const deal = async () => {
    if (busy) return;
    busy = true;
    studio.setActions([{ label: t('deal'), run: () => undefined, primary: true, disabled: true }]);
    held = new Array<boolean>(SLOTS).fill(false);
    paintSlots(false);
    markWon(null);
    setResult('');
    spoken.textContent = '';
    const next = await studio.start({});
    if (!next) {
      busy = false;
      idle();
      return;
    }
    drawAction(false);
    await showCards((next.view as VideoPokerView).hand);
    choose(next);
  };

  const draw = async () => {
    if (busy || !round) return;
    busy = true;
    const open = round;
    paintSlots(false);
    drawAction(false);
    const next = await studio.act(open, { hold: [...held] });
    if (next?.done) {
      try {
        sessionStorage.removeItem(holdsKey(open));
      } catch {}
    }
    if (!next) {
      busy = false;
      paintSlots(true);
      drawAction(true);
      return;
    }
    const view = next.view as VideoPokerView;
    await showCards(view.hand);
    if (!next.done) {
      choose(next);
      return;
    }
    round = null;
    paintSlots(false);
    const rank = view.result ?? 'high_card';
    const name = rank === 'pair' && next.win > 0 ? t('poker_jacks_or_better') : t(`hand_${rank}`);
    if (next.win > 0) {
      markWon(rank);
      setResult(name, 'win');
    } else setResult(t('poker_no_win', name));
    spoken.textContent = `${t('poker_final', cardsText(t, view.hand))} ${resultEl.textContent}`;
    studio.finish(next);
    busy = false;
    idle();
  };

  // Five cards face down until the first deal, or the hand of a round left open.
  for (const hand of hands) void hand.show([null]);
  paintSlots(false);
  const open = studio.openRound;
  if (open && !open.done) {
    busy = true;
    drawAction(false);
    studio.say(t('card_resumed'));
    void showCards((open.view as VideoPokerView).hand).then(() => choose(open));
  } else idle();
};
