// Tables that a game's rules and its screen both need: the engines decide with them, the
// game pages draw them. Kept free of zod and of engine code so the pages stay small.

export const SLOT_SYMBOLS = ['nine', 'ten', 'jack', 'queen', 'king', 'ace', 'bell', 'seven', 'wild'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** The slot's 10 paylines: for each reel, the row (0 top, 1 middle, 2 bottom) the line crosses. */
export const SLOT_LINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 2, 1, 0, 1],
];

export type RouletteColor = 'red' | 'black' | 'green';
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** The colour of a roulette pocket: zero is green. */
export function rouletteColor(pocket: number): RouletteColor {
  if (pocket === 0) return 'green';
  return RED.has(pocket) ? 'red' : 'black';
}

/** Jacks or Better, full pay 9/6: what each paying hand returns in multiples of the stake (stake included). The pair row pays jacks or better only. */
export const JACKS_OR_BETTER_PAYTABLE = [
  ['royal_flush', 800],
  ['straight_flush', 50],
  ['four_of_a_kind', 25],
  ['full_house', 9],
  ['flush', 6],
  ['straight', 4],
  ['three_of_a_kind', 3],
  ['two_pair', 2],
  ['pair', 1],
] as const;
