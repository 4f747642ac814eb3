// Punto banco: pick Player, Banker or Tie, then Deal. The tableau decides every third
// card, so the whole coup comes back at once; the screen deals it card by card in the
// order of the table (player, banker, player, banker, then the third cards).
import { finder } from '../dom.ts';
import type { BaccaratBet, BaccaratView } from '../../shared/game-views.ts';
import type { Screen } from '../studio.ts';
import { type Card, cardsText, createHand, type Hand } from './cards.ts';
import './baccarat.css';

/** A hand's baccarat total: the last digit of its points (aces 1, tens and faces 0). */
function totalOf(cards: readonly Card[]): number {
  let sum = 0;
  for (const card of cards) {
    const rank = card?.[0] ?? '';
    sum += rank === 'A' ? 1 : rank >= '2' && rank <= '9' ? Number(rank) : 0;
  }
  return sum % 10;
}

const BETS: readonly BaccaratBet[] = ['player', 'banker', 'tie'];
/** What a winning bet pays, stake apart, as the engine's BACCARAT_PAYOUTS (2×, 1.95×, 9× returned). */
const PAYS: Record<BaccaratBet, number> = { player: 1, banker: 0.95, tie: 8 };

export const screen: Screen = (root, studio) => {
  const { t } = studio;
  const side = (name: 'player' | 'banker') => `
        <div class="bac-side" data-side="${name}" role="group" aria-labelledby="bac-${name}-name">
          <p class="card-seat"><span id="bac-${name}-name"></span> <span class="card-total"></span></p>
          <div class="bac-cards"></div>
        </div>`;
  root.innerHTML = `
    <div class="bac cards-table">
      <div class="bac-sides">${side('player')}${side('banker')}</div>
      <p class="card-outcome" aria-live="polite"></p>
      <div class="bac-bets" role="group" aria-labelledby="bac-bet-title">
        <p id="bac-bet-title" class="bac-bet-title"></p>
        ${BETS.map((b) => `<button type="button" class="bac-bet" data-bet="${b}" aria-pressed="false"><span class="bac-bet-name"></span> <span class="bac-bet-pays"></span></button>`).join('')}
      </div>
      <p class="card-rule"></p>
      <p class="visually-hidden" aria-live="polite"></p>
    </div>`;
  const q = finder(root);
  const ratio = new Intl.NumberFormat(document.documentElement.lang || 'en', { maximumFractionDigits: 2 });
  q('#bac-player-name').textContent = t('baccarat_player');
  q('#bac-banker-name').textContent = t('baccarat_banker');
  q('#bac-bet-title').textContent = t('baccarat_bet');
  q('.card-rule').textContent = t('baccarat_rule');
  const outcomeEl = q<HTMLElement>('.card-outcome');
  const spoken = q<HTMLElement>('.visually-hidden');
  const betButtons = [...root.querySelectorAll<HTMLButtonElement>('.bac-bet')];
  for (const b of betButtons) {
    const bet = b.dataset.bet as BaccaratBet;
    (b.querySelector('.bac-bet-name') as HTMLElement).textContent = t(`baccarat_${bet}`);
    (b.querySelector('.bac-bet-pays') as HTMLElement).textContent = t('baccarat_pays', `${ratio.format(PAYS[bet])}:1`);
  }
  const sides = {
    player: { el: q<HTMLElement>('[data-side=player]'), hand: createHand(q('[data-side=player] .bac-cards'), t, studio.calm) },
    banker: { el: q<HTMLElement>('[data-side=banker]'), hand: createHand(q('[data-side=banker] .bac-cards'), t, studio.calm) },
  };

  let bet: BaccaratBet = 'player';
  let busy = false;
  const paintBets = () => {
    for (const b of betButtons) {
      b.setAttribute('aria-pressed', String(b.dataset.bet === bet));
      b.disabled = busy;
    }
  };
  for (const b of betButtons) {
    b.addEventListener('click', () => {
      if (busy) return;
      bet = b.dataset.bet as BaccaratBet;
      paintBets();
    });
  }
  paintBets();

  const showTotals = () => {
    for (const { el, hand } of Object.values(sides)) {
      (el.querySelector('.card-total') as HTMLElement).textContent = hand.cards.length ? String(totalOf(hand.cards)) : '';
    }
  };
  const dealTo = async (hand: Hand, cards: readonly string[]) => {
    await hand.show(cards);
    showTotals();
  };

  const idle = () => studio.setActions([{ label: t('deal'), run: () => void deal(), primary: true }]);

  const deal = async () => {
    if (busy) return;
    busy = true;
    paintBets();
    studio.setActions([{ label: t('deal'), run: () => undefined, primary: true, disabled: true }]);
    outcomeEl.textContent = '';
    spoken.textContent = '';
    for (const { el, hand } of Object.values(sides)) {
      hand.clear();
      delete el.dataset.won;
    }
    showTotals();
    const round = await studio.start({ bet });
    if (!round) {
      busy = false;
      paintBets();
      idle();
      return;
    }
    const view = round.view as BaccaratView;
    const { player, banker } = sides;
    await dealTo(player.hand, view.player.slice(0, 1));
    await dealTo(banker.hand, view.banker.slice(0, 1));
    await dealTo(player.hand, view.player.slice(0, 2));
    await dealTo(banker.hand, view.banker.slice(0, 2));
    if (view.player.length > 2) await dealTo(player.hand, view.player);
    if (view.banker.length > 2) await dealTo(banker.hand, view.banker);

    if (view.winner !== 'tie') sides[view.winner].el.dataset.won = '';
    else for (const { el } of Object.values(sides)) el.dataset.won = '';
    const text =
      view.winner === 'tie'
        ? t('baccarat_win_tie', view.playerTotal)
        : t(view.winner === 'player' ? 'baccarat_win_player' : 'baccarat_win_banker', view.playerTotal, view.bankerTotal);
    outcomeEl.textContent = text;
    outcomeEl.dataset.kind = view.winner === bet ? 'win' : 'info';
    spoken.textContent = [
      t('card_hand_total', t('baccarat_player'), cardsText(t, view.player), view.playerTotal),
      t('card_hand_total', t('baccarat_banker'), cardsText(t, view.banker), view.bankerTotal),
    ].join(' ');
    studio.finish(round);
    busy = false;
    paintBets();
    idle();
  };

  idle();
};
