// Playing cards and poker hand ranking shared by the card engines. A card is a
// two-character string, rank then suit ('AS', 'TD', '9H'), so that rounds stored as
// JSON stay readable in the database and in logs.
import { z } from 'zod';
import type { Rng } from './types.ts';
import { HAND_RANKS, type HandRank } from '../../../shared/game-views.ts';

import { CARD_RANKS, CARD_SUITS, dealFrom, ONE_DECK, orderedShoe, shuffleTop } from '../../../shared/fairness.ts';

export const RANKS = CARD_RANKS;
export const SUITS = CARD_SUITS;
export { ONE_DECK };

/** The settings every card game accepts: only the look of the table, never the rules or paytable. */
export const cardGameConfig = z.object({ theme: z.string().optional() });
export type CardGameConfig = z.infer<typeof cardGameConfig>;

/** The poker value of a card's rank: 2…9, T = 10, J = 11, Q = 12, K = 13, A = 14. */
export function rankValue(card: string): number {
  const rank = card.length === 2 ? RANKS.indexOf(card.charAt(0)) : -1;
  if (rank < 0 || !SUITS.includes(card.charAt(1))) throw new Error(`not a card: ${card}`);
  return rank + 2;
}

/** `decks` full decks in a uniformly random order (Fisher–Yates driven by `rng`, as src/shared/fairness.ts maps it). */
export function shuffledDeck(rng: Rng, decks = 1): string[] {
  const cards = orderedShoe(decks);
  return shuffleTop(rng, cards, cards.length);
}

/** The first `count` cards of a shuffled `decks`-deck shoe, for games that never reach the rest. */
export function dealCards(rng: Rng, count: number, decks = 1): string[] {
  return dealFrom(rng, count, decks);
}

/** A ranked poker hand: `score` orders any two hands (higher wins, equal scores tie). */
export interface PokerHand {
  rank: HandRank;
  score: number;
}

// The score packs the category and up to five tie-break ranks into one integer, four
// bits each, so comparing hands is comparing numbers.
function scored(category: number, tieBreaks: number[]): PokerHand {
  let score = category;
  for (let i = 0; i < 5; i++) score = score * 16 + (tieBreaks[i] ?? 0);
  return { rank: HAND_RANKS[category]!, score };
}

// The top card of the best five-rank run in a bitmask of rank values, or 0. The ace
// (bit 14) also plays low, so A-2-3-4-5 is a straight topped by the five.
function straightTop(rankBits: number): number {
  for (let top = 14; top >= 5; top--) {
    const run = top === 5 ? (1 << 14) | 0b111100 : 0b11111 << (top - 4);
    if ((rankBits & run) === run) return top;
  }
  return 0;
}

/** The lowest score of a `rank` hand led by `tieBreaks`, for rules like "a pair of fours or better". */
export function lowestScore(rank: HandRank, ...tieBreaks: number[]): number {
  return scored(HAND_RANKS.indexOf(rank), tieBreaks).score;
}

// Ranks 5, 6 or 7 cards as the best five-card hand they contain. Working from rank and
// suit counts instead of trying all 21 five-card subsets keeps the simulations fast.
function rankCards(cards: string[]): PokerHand {
  const rankCounts = new Array<number>(15).fill(0);
  const suitRanks: number[][] = [[], [], [], []];
  let rankBits = 0;
  for (const card of cards) {
    const value = rankValue(card);
    rankCounts[value]!++;
    suitRanks[SUITS.indexOf(card[1]!)]!.push(value);
    rankBits |= 1 << value;
  }

  const flushRanks = suitRanks.find((ranks) => ranks.length >= 5)?.sort((a, b) => b - a);
  if (flushRanks) {
    const top = straightTop(flushRanks.reduce((bits, value) => bits | (1 << value), 0));
    if (top === 14) return scored(9, []);
    if (top) return scored(8, [top]);
  }

  // Ranks grouped by how many of each the cards hold, best group first.
  const quads: number[] = [];
  const trips: number[] = [];
  const pairs: number[] = [];
  const singles: number[] = [];
  for (let value = 14; value >= 2; value--) {
    const count = rankCounts[value]!;
    if (count === 4) quads.push(value);
    else if (count === 3) trips.push(value);
    else if (count === 2) pairs.push(value);
    else if (count === 1) singles.push(value);
  }
  const highestExcept = (...used: number[]): number[] => {
    const rest: number[] = [];
    for (let value = 14; value >= 2; value--) if (rankCounts[value]! > 0 && !used.includes(value)) rest.push(value);
    return rest;
  };

  if (quads.length) return scored(7, [quads[0]!, highestExcept(quads[0]!)[0]!]);
  // A second set of trips fills the full house as well as a pair would.
  const fullHousePair = [...trips.slice(1), ...pairs].sort((a, b) => b - a)[0];
  if (trips.length && fullHousePair !== undefined) return scored(6, [trips[0]!, fullHousePair]);
  if (flushRanks) return scored(5, flushRanks.slice(0, 5));
  const top = straightTop(rankBits);
  if (top) return scored(4, [top]);
  if (trips.length) return scored(3, [trips[0]!, ...highestExcept(trips[0]!).slice(0, 2)]);
  if (pairs.length >= 2) return scored(2, [pairs[0]!, pairs[1]!, highestExcept(pairs[0]!, pairs[1]!)[0]!]);
  if (pairs.length === 1) return scored(1, [pairs[0]!, ...highestExcept(pairs[0]!).slice(0, 3)]);
  return scored(0, singles.slice(0, 5));
}

/** Ranks a five-card poker hand. */
export function pokerHand(cards: string[]): PokerHand {
  if (cards.length !== 5 || new Set(cards).size !== 5) throw new Error('a poker hand is five different cards');
  return rankCards(cards);
}

/** Ranks the best five-card hand among seven cards (two hole cards and five on the board). */
export function bestOfSeven(cards: string[]): PokerHand {
  if (cards.length !== 7 || new Set(cards).size !== 7) throw new Error('best of seven needs seven different cards');
  return rankCards(cards);
}

export { HAND_RANKS, type HandRank };
