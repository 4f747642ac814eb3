// Casino hold'em reduced to the ante: the player and the dealer each get two cards,
// five are dealt to the board, and the best five of seven decide. With no call or
// fold to make, the house edge comes from the paytable: a win against a qualifying
// dealer pays less than even money on the common hands, while a dealer who does not
// qualify pays the ante at least even money whatever the player holds.
import { z } from 'zod';
import { bestOfSeven, type CardGameConfig, cardGameConfig, dealCards, type HandRank, lowestScore } from './cards.ts';
import { type Engine, ONE_X, type RoundStep } from './types.ts';

export const holdemChoice = z.object({});
export type HoldemChoice = z.infer<typeof holdemChoice>;
export type HoldemWinner = 'player' | 'dealer' | 'push';

export interface HoldemState {
  player: string[];
  dealer: string[];
  board: string[];
}

export interface HoldemView {
  player: string[];
  dealer: string[];
  board: string[];
  playerHand: HandRank;
  dealerHand: HandRank;
  /** Whether the dealer holds a pair of fours or better. */
  dealerQualifies: boolean;
  /** Who won the ante: always the player when the dealer does not qualify. */
  winner: HoldemWinner;
}

/** What the ante returns when the player beats a qualifying dealer, by the player's hand, in basis points. */
export const HOLDEM_WIN_PAYS: Record<HandRank, number> = {
  // Beating a dealer who holds at least a pair takes a pair, so this never pays; it
  // is set like the pair to keep the table total.
  high_card: 12_500,
  pair: 12_500,
  two_pair: 14_000,
  three_of_a_kind: 17_500,
  straight: 17_500,
  flush: 17_500,
  full_house: 2 * ONE_X,
  four_of_a_kind: 6 * ONE_X,
  straight_flush: 11 * ONE_X,
  royal_flush: 51 * ONE_X,
};

/** What the ante returns when the dealer does not qualify: even money, or the win pay when that is more. */
export const HOLDEM_ANTE_BONUS: Record<HandRank, number> = {
  high_card: 2 * ONE_X,
  pair: 2 * ONE_X,
  two_pair: 2 * ONE_X,
  three_of_a_kind: 2 * ONE_X,
  straight: 2 * ONE_X,
  flush: 2 * ONE_X,
  full_house: 2 * ONE_X,
  four_of_a_kind: 6 * ONE_X,
  straight_flush: 11 * ONE_X,
  royal_flush: 51 * ONE_X,
};

const PAIR_OF_FOURS = lowestScore('pair', 4);

/** Plays a round from nine cards: the player's two, the dealer's two, then the board's five. */
export function playHoldemFrom(cards: string[]): RoundStep<HoldemState, HoldemView> {
  const player = cards.slice(0, 2);
  const dealer = cards.slice(2, 4);
  const board = cards.slice(4, 9);
  const playerBest = bestOfSeven([...player, ...board]);
  const dealerBest = bestOfSeven([...dealer, ...board]);
  const dealerQualifies = dealerBest.score >= PAIR_OF_FOURS;

  let winner: HoldemWinner;
  let payout: number;
  if (!dealerQualifies) {
    winner = 'player';
    payout = HOLDEM_ANTE_BONUS[playerBest.rank];
  } else if (playerBest.score > dealerBest.score) {
    winner = 'player';
    payout = HOLDEM_WIN_PAYS[playerBest.rank];
  } else if (playerBest.score === dealerBest.score) {
    winner = 'push';
    payout = ONE_X;
  } else {
    winner = 'dealer';
    payout = 0;
  }

  return {
    state: { player, dealer, board },
    view: { player, dealer, board, playerHand: playerBest.rank, dealerHand: dealerBest.rank, dealerQualifies, winner },
    done: true,
    payout,
    actions: [],
  };
}

export const casinoHoldem: Engine<HoldemChoice, HoldemState, HoldemView, never, CardGameConfig> = {
  id: 'holdem',
  choice: holdemChoice,
  config: cardGameConfig,
  start: (rng) => playHoldemFrom(dealCards(rng, 9)),
  // Measured, not derived: 12 million rounds (two mulberry32-seeded runs of 6 million)
  // returned 0.9681 with a standard error of 0.0003; the unit test's 200 000 rounds
  // check the engine still lands near it.
  rtp: () => 0.968,
};
