// Casino Hold'em on the ante alone: Deal, and the whole hand is played out. The screen
// deals the player's two cards, the dealer's two face down and the five of the board,
// then turns the dealer's cards over and names both best hands and the winner.
import type { HoldemView } from '../../server/games/engines/holdem.ts';
import type { Screen } from '../studio.ts';
import { cardsText, createHand, sleep } from './cards.ts';
import './holdem.css';

export const screen: Screen = (root, studio) => {
  const { t } = studio;
  const seat = (name: 'dealer' | 'player') => `
      <div class="he-seat" data-seat="${name}" role="group" aria-labelledby="he-${name}-name">
        <p class="card-seat"><span id="he-${name}-name"></span></p>
        <div class="he-cards"></div>
        <p class="he-best"></p>
      </div>`;
  root.innerHTML = `
    <div class="he cards-table">
      ${seat('dealer')}
      <div class="he-board" role="group" aria-labelledby="he-board-name">
        <p class="card-seat"><span id="he-board-name"></span></p>
        <div class="he-cards"></div>
      </div>
      ${seat('player')}
      <div class="he-result">
        <p class="he-qualify"></p>
        <p class="card-outcome" aria-live="polite"></p>
      </div>
      <p class="card-rule"></p>
      <p class="visually-hidden" aria-live="polite"></p>
    </div>`;
  const q = <T extends Element>(sel: string) => root.querySelector(sel) as T;
  q('#he-dealer-name').textContent = t('card_dealer');
  q('#he-player-name').textContent = t('card_you');
  q('#he-board-name').textContent = t('holdem_board');
  q('.card-rule').textContent = t('holdem_rules');
  const dealerBest = q<HTMLElement>('[data-seat=dealer] .he-best');
  const playerBest = q<HTMLElement>('[data-seat=player] .he-best');
  const qualifyEl = q<HTMLElement>('.he-qualify');
  const outcomeEl = q<HTMLElement>('.card-outcome');
  const spoken = q<HTMLElement>('.visually-hidden');
  const seats = { dealer: q<HTMLElement>('[data-seat=dealer]'), player: q<HTMLElement>('[data-seat=player]') };
  const dealer = createHand(q('[data-seat=dealer] .he-cards'), t, studio.calm);
  const player = createHand(q('[data-seat=player] .he-cards'), t, studio.calm);
  const board = createHand(q('.he-board .he-cards'), t, studio.calm);
  const pause = (ms: number) => (studio.calm ? Promise.resolve() : sleep(ms));

  let busy = false;
  const idle = () => studio.setActions([{ label: t('deal'), run: () => void deal(), primary: true }]);

  const deal = async () => {
    if (busy) return;
    busy = true;
    studio.setActions([{ label: t('deal'), run: () => undefined, primary: true, disabled: true }]);
    for (const el of [dealerBest, playerBest, qualifyEl, outcomeEl, spoken]) el.textContent = '';
    for (const el of Object.values(seats)) delete el.dataset.won;
    dealer.clear();
    player.clear();
    board.clear();
    const round = await studio.start({});
    if (!round) {
      busy = false;
      idle();
      return;
    }
    const view = round.view as HoldemView;
    await player.show(view.player);
    await dealer.show([null, null]);
    // No decision is left to the player, so the whole board comes out in one go.
    await board.show(view.board);
    await pause(200);
    await dealer.show(view.dealer);

    const mine = t(`hand_${view.playerHand}`);
    const theirs = t(`hand_${view.dealerHand}`);
    playerBest.textContent = mine;
    dealerBest.textContent = theirs;
    qualifyEl.textContent = view.dealerQualifies ? t('holdem_qualifies', theirs) : t('holdem_not_qualifies', theirs);
    qualifyEl.dataset.qualifies = String(view.dealerQualifies);
    let text: string;
    if (!view.dealerQualifies) text = t('holdem_outcome_no_qualify');
    else if (view.winner === 'player') text = t('holdem_outcome_win');
    else if (view.winner === 'push') text = t('holdem_outcome_push');
    else text = t('holdem_outcome_lose');
    outcomeEl.textContent = text;
    outcomeEl.dataset.kind = view.winner === 'player' ? 'win' : 'info';
    if (view.winner !== 'push') seats[view.winner].dataset.won = '';
    spoken.textContent = [
      t('holdem_hand', t('card_you'), cardsText(t, view.player), mine),
      t('holdem_hand', t('card_dealer'), cardsText(t, view.dealer), theirs),
      t('holdem_board_cards', cardsText(t, view.board)),
    ].join(' ');
    studio.finish(round);
    busy = false;
    idle();
  };

  idle();
};
