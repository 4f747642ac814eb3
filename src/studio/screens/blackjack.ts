// Blackjack: Deal, then Hit or Stand until the hand is settled. The dealer's hole card
// stays face down until the round ends. A round left open last time is put back on the
// table with its moves.
import type { BlackjackView } from '../../server/games/engines/blackjack.ts';
import type { StudioRound } from '../../shared/schemas/games.ts';
import type { Screen } from '../studio.ts';
import { type Card, cardsText, createHand, setSpoken } from './cards.ts';
import './blackjack.css';

/** The best total of the cards shown, and whether an ace in it still counts eleven (as the engine counts). */
function totalOf(cards: readonly Card[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    if (!card) continue;
    const rank = card[0] ?? '';
    if (rank === 'A') aces++;
    total += rank === 'A' ? 1 : 'TJQK'.includes(rank) ? 10 : Number(rank);
  }
  const soft = aces > 0 && total + 10 <= 21;
  return { total: soft ? total + 10 : total, soft };
}

export const screen: Screen = (root, studio) => {
  const { t } = studio;
  root.innerHTML = `
    <div class="bj cards-table">
      <div class="bj-seat" role="group" aria-labelledby="bj-dealer-name">
        <p class="card-seat"><span id="bj-dealer-name"></span> <span class="card-total" data-total="dealer"></span></p>
        <div data-hand="dealer"></div>
      </div>
      <div class="bj-middle">
        <p class="card-outcome" aria-live="polite"></p>
        <p class="card-rule"></p>
      </div>
      <div class="bj-seat" role="group" aria-labelledby="bj-player-name">
        <div data-hand="player"></div>
        <p class="card-seat"><span id="bj-player-name"></span> <span class="card-total" data-total="player"></span></p>
      </div>
      <p class="visually-hidden" aria-live="polite"></p>
    </div>`;
  const q = <T extends Element>(sel: string) => root.querySelector(sel) as T;
  q('#bj-dealer-name').textContent = t('card_dealer');
  q('#bj-player-name').textContent = t('card_you');
  q('.card-rule').textContent = t('blackjack_rules');
  const outcomeEl = q<HTMLElement>('.card-outcome');
  const spoken = q<HTMLElement>('.visually-hidden');
  const dealerTotalEl = q<HTMLElement>('[data-total=dealer]');
  const playerTotalEl = q<HTMLElement>('[data-total=player]');
  const dealer = createHand(q('[data-hand=dealer]'), t, studio.calm);
  const player = createHand(q('[data-hand=player]'), t, studio.calm);

  /** A total as the table shows it: "7/17" while a soft hand can still move, else the best total. */
  const showTotal = (el: HTMLElement, cards: readonly Card[], settled: boolean) => {
    if (cards.every((c) => c === null)) {
      el.textContent = '';
      return;
    }
    const { total, soft } = totalOf(cards);
    if (soft && total < 21 && !settled) setSpoken(el, `${total - 10}/${total}`, t('blackjack_soft_total', total - 10, total));
    else setSpoken(el, String(total));
  };
  const spokenTotal = (cards: readonly Card[], settled: boolean) => {
    const { total, soft } = totalOf(cards);
    return soft && total < 21 && !settled ? t('blackjack_soft_total', total - 10, total) : String(total);
  };
  const refresh = (settled: boolean) => {
    showTotal(dealerTotalEl, dealer.cards, settled);
    showTotal(playerTotalEl, player.cards, settled);
  };
  /** Both hands in words, for screen readers. */
  const announce = (settled: boolean) => {
    spoken.textContent = [
      t('card_hand_total', t('card_you'), cardsText(t, player.cards), spokenTotal(player.cards, settled)),
      t('card_hand_total', t('card_dealer'), cardsText(t, dealer.cards), spokenTotal(dealer.cards, settled)),
    ].join(' ');
  };
  const setOutcome = (text: string, kind: 'win' | 'info' = 'info') => {
    outcomeEl.textContent = text;
    outcomeEl.dataset.kind = kind;
  };

  const outcomeText = (view: BlackjackView): { text: string; kind: 'win' | 'info' } => {
    const mine = totalOf(view.player).total;
    const theirs = totalOf(view.dealer).total;
    switch (view.outcome) {
      case 'blackjack':
        return { text: t('blackjack_outcome_blackjack'), kind: 'win' };
      case 'win':
        return theirs > 21
          ? { text: t('blackjack_outcome_dealer_bust', theirs), kind: 'win' }
          : { text: t('blackjack_outcome_win', mine, theirs), kind: 'win' };
      case 'push':
        return { text: t('blackjack_outcome_push', mine), kind: 'info' };
      case 'bust':
        return { text: t('blackjack_outcome_bust', mine), kind: 'info' };
      default:
        return view.dealer.length === 2 && theirs === 21
          ? { text: t('blackjack_outcome_dealer_blackjack'), kind: 'info' }
          : { text: t('blackjack_outcome_lose', mine, theirs), kind: 'info' };
    }
  };

  let busy = false;
  const idle = () => studio.setActions([{ label: t('deal'), run: () => void deal(), primary: true }]);
  const moves = (round: StudioRound | null) => {
    const allowed = round && !busy ? round.actions : [];
    studio.setActions([
      {
        label: t('hit'),
        run: () => {
          if (round) void play(round, 'hit');
        },
        primary: true,
        disabled: !allowed.includes('hit'),
      },
      {
        label: t('stand'),
        run: () => {
          if (round) void play(round, 'stand');
        },
        disabled: !allowed.includes('stand'),
      },
    ]);
  };

  /** Shows what a reply changed: the player's new cards, then at the end the hole card and the dealer's draws. */
  const settle = async (round: StudioRound) => {
    const view = round.view as BlackjackView;
    await player.show(view.player);
    refresh(false);
    if (!round.done) {
      busy = false;
      announce(false);
      setOutcome(t('blackjack_prompt'));
      moves(round);
      return;
    }
    // The hole card turns over first, then the dealer draws one card at a time.
    for (let n = 2; n <= view.dealer.length; n++) {
      await dealer.show(view.dealer.slice(0, n));
      refresh(n === view.dealer.length);
    }
    refresh(true);
    announce(true);
    const { text, kind } = outcomeText(view);
    setOutcome(text, kind);
    studio.finish(round);
    busy = false;
    idle();
  };

  const deal = async () => {
    if (busy) return;
    busy = true;
    studio.setActions([{ label: t('deal'), run: () => undefined, primary: true, disabled: true }]);
    setOutcome('');
    spoken.textContent = '';
    dealer.clear();
    player.clear();
    refresh(false);
    const round = await studio.start({});
    if (!round) {
      busy = false;
      idle();
      return;
    }
    moves(null);
    const view = round.view as BlackjackView;
    // Dealt as at the table: player, dealer, player, then the dealer's hole card face down.
    const up = view.dealer[0] ?? null;
    await player.show(view.player.slice(0, 1));
    refresh(false);
    await dealer.show([up]);
    refresh(false);
    await player.show(view.player.slice(0, 2));
    refresh(false);
    await dealer.show([up, null]);
    await settle(round);
  };

  const play = async (round: StudioRound, move: 'hit' | 'stand') => {
    if (busy) return;
    busy = true;
    moves(null);
    const next = await studio.act(round, { move });
    if (!next) {
      busy = false;
      moves(round);
      return;
    }
    await settle(next);
  };

  const open = studio.openRound;
  if (open && !open.done) {
    busy = true;
    moves(null);
    const view = open.view as BlackjackView;
    void (async () => {
      await player.show(view.player);
      refresh(false);
      await dealer.show(view.dealer);
      studio.say(t('card_resumed'));
      await settle(open);
    })();
  } else idle();
};
