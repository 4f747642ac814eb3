// Punto banco baccarat from an eight-deck shoe. The player only picks a bet; the
// tableau decides every third card, so the round is settled the moment it starts.
import { z } from 'zod';
import { type CardGameConfig, cardGameConfig, dealCards } from './cards.ts';
import { type Engine, ONE_X, type RoundStep } from './types.ts';
import { BACCARAT_RTP } from '../../../shared/game-tables.ts';
import { BACCARAT_BETS, type BaccaratBet, type BaccaratView, type BaccaratWinner } from '../../../shared/game-views.ts';

export const baccaratChoice = z.object({ bet: z.enum(BACCARAT_BETS) });
export type BaccaratChoice = z.infer<typeof baccaratChoice>;

export interface BaccaratState {
  bet: BaccaratBet;
  player: string[];
  banker: string[];
  winner: BaccaratWinner;
}

/** What a winning bet returns, in basis points of the stake; player and banker bets get the stake back on a tie. */
export const BACCARAT_PAYOUTS: Record<BaccaratBet, number> = {
  player: 2 * ONE_X,
  // Even money less the house's 5 % commission on banker wins.
  banker: 19_500,
  tie: 9 * ONE_X,
};

// Each bet's exact return (src/shared/game-tables.ts), proven by the unit test.
export { BACCARAT_RTP };

const SHOE_DECKS = 8;

/** A card's baccarat points: aces 1, two to nine at face value, tens and faces 0. */
export function cardPoints(card: string): number {
  const rank = card[0] ?? '';
  return rank === 'A' ? 1 : 'TJQK'.includes(rank) ? 0 : Number(rank);
}

/** A baccarat hand's total: the last digit of its points. */
export function baccaratTotal(cards: string[]): number {
  return cards.reduce((sum, card) => sum + cardPoints(card), 0) % 10;
}

// The banker's tableau once the player has drawn a third card: whether the banker,
// on `bankerTotal`, draws against the points of that card.
function bankerDraws(bankerTotal: number, playerThird: number): boolean {
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** Plays a coup from cards in dealing order (player, banker, player, banker, then third cards as drawn) and settles `bet`. */
export function playBaccaratFrom(cards: string[], bet: BaccaratBet): RoundStep<BaccaratState, BaccaratView> {
  const shoe = [...cards];
  const player = [shoe.shift()!];
  const banker = [shoe.shift()!];
  player.push(shoe.shift()!);
  banker.push(shoe.shift()!);

  const natural = baccaratTotal(player) >= 8 || baccaratTotal(banker) >= 8;
  if (!natural) {
    if (baccaratTotal(player) <= 5) {
      const third = shoe.shift()!;
      player.push(third);
      if (bankerDraws(baccaratTotal(banker), cardPoints(third))) banker.push(shoe.shift()!);
    } else if (baccaratTotal(banker) <= 5) {
      // A player standing on 6 or 7 leaves the banker the same rule: draw on 0-5.
      banker.push(shoe.shift()!);
    }
  }

  const playerTotal = baccaratTotal(player);
  const bankerTotal = baccaratTotal(banker);
  const winner: BaccaratWinner = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  const payout = winner === bet ? BACCARAT_PAYOUTS[bet] : winner === 'tie' ? ONE_X : 0;
  return {
    state: { bet, player, banker, winner },
    view: { player, banker, playerTotal, bankerTotal, winner },
    done: true,
    payout,
    actions: [],
  };
}

export const baccarat: Engine<BaccaratChoice, BaccaratState, BaccaratView, never, CardGameConfig> = {
  id: 'baccarat',
  choice: baccaratChoice,
  config: cardGameConfig,
  // Six cards are the most a coup can use.
  start: (rng, choice) => playBaccaratFrom(dealCards(rng, 6, SHOE_DECKS), choice.bet),
  rtp: () => BACCARAT_RTP.banker,
};

export type { BaccaratBet, BaccaratView, BaccaratWinner };
