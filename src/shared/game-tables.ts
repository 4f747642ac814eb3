// Tables that a game's rules and its screen both need: the engines decide with them, the
// game pages draw them. Kept free of zod and of engine code so the pages stay small.

/** 1× the stake, in basis points: a payout of 19_800 returns 1.98 × the stake. */
export const ONE_X = 10_000;

/** Number of equally likely dice rolls: 0.00 to 99.99 in steps of 0.01. */
export const DICE_OUTCOMES = 10_000;
/** Share of a fair dice payout that is paid, in percent: the 1 % house edge. */
export const DICE_RETURN_PERCENT = 99;

/** Counts the dice rolls (in hundredths) that win a bet; a roll equal to the target loses both ways. */
export function diceWinningOutcomes(target: number, direction: 'over' | 'under'): number {
  const edge = target * 100;
  return direction === 'under' ? edge : DICE_OUTCOMES - 1 - edge;
}

/** Dice payout in basis points for a winning bet: 99 % of the fair odds, floored to whole basis points. */
export function dicePayout(target: number, direction: 'over' | 'under'): number {
  // All integers, so the floor is exact; flooring is what makes the RTP a hair under 99 %.
  return Math.floor((ONE_X * DICE_RETURN_PERCENT * DICE_OUTCOMES) / (100 * diceWinningOutcomes(target, direction)));
}

export const SLOT_SYMBOLS = ['nine', 'ten', 'jack', 'queen', 'king', 'ace', 'bell', 'seven', 'wild', 'scatter'] as const;
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

/** Stake limits of every game, in cents. */
export const STAKE_LIMITS = { min: 10, max: 10_000, default: 100 } as const;

export type RouletteColor = 'red' | 'black' | 'green';
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/**
 * An American wheel's 38 pockets are 0 … 36 and 00, which the engine, the fair outcome and
 * the page all number 37 (the draw is a number in [0, 38)); only its label says "00".
 */
export const DOUBLE_ZERO = 37;

/** Which wheel a table spins: European (37 pockets, French tables too) or American (38, with 00). */
export type RouletteWheel = 'european' | 'american';

/** How many pockets a wheel has. */
export const roulettePockets = (wheel: RouletteWheel) => (wheel === 'american' ? 38 : 37);

/** A pocket as the table prints it: 00 for the American wheel's second zero. */
export const roulettePocketLabel = (pocket: number) => (pocket === DOUBLE_ZERO ? '00' : String(pocket));

/** The colour of a roulette pocket: zero (and 00) is green. */
export function rouletteColor(pocket: number): RouletteColor {
  if (pocket === 0 || pocket === DOUBLE_ZERO) return 'green';
  return RED.has(pocket) ? 'red' : 'black';
}

/** Inside bets that name the numbers they cover: a split covers 2, a street 3, a corner 4, a six line 6, the American table's five-number bet 5. */
export type RouletteGroupKind = 'split' | 'street' | 'corner' | 'line' | 'five';
export type RouletteEvenKind = 'red' | 'black' | 'even' | 'odd' | 'low' | 'high';
/** Where a bet lies on the table, as a round's choice names it. */
export type RouletteBetSpot =
  | { kind: 'straight'; value: number }
  | { kind: RouletteGroupKind; numbers: number[] }
  | { kind: 'dozen' | 'column'; value: number }
  | { kind: RouletteEvenKind };
export type RouletteBetKind = RouletteBetSpot['kind'];

/** A spot of the European table: the bet placed there and the pockets it wins on. */
export interface RouletteSpot {
  key: string;
  bet: RouletteBetSpot;
  numbers: readonly number[];
}

/** One name per spot, whatever order a choice lists a group's numbers in. */
export function rouletteSpotKey(bet: RouletteBetSpot): string {
  if ('numbers' in bet) return `${bet.kind}-${[...bet.numbers].sort((a, b) => a - b).join('-')}`;
  if ('value' in bet) return `${bet.kind}-${bet.value}`;
  return bet.kind;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const EVEN_MONEY: Record<RouletteEvenKind, (n: number) => boolean> = {
  red: (n) => RED.has(n),
  black: (n) => !RED.has(n),
  even: (n) => n % 2 === 0,
  odd: (n) => n % 2 === 1,
  low: (n) => n <= 18,
  high: (n) => n >= 19,
};

function tableSpots(): RouletteSpot[] {
  const spots: RouletteSpot[] = [];
  const add = (bet: RouletteBetSpot, numbers: number[]) => spots.push({ key: rouletteSpotKey(bet), bet, numbers });
  const group = (kind: RouletteGroupKind, numbers: number[]) => add({ kind, numbers }, numbers);
  for (let n = 0; n <= 36; n++) add({ kind: 'straight', value: n }, [n]);
  // On the table the numbers run in streets of three (1 2 3, 4 5 6 …); zero touches 1, 2 and 3.
  for (const n of [1, 2, 3]) group('split', [0, n]);
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) group('split', [n, n + 1]);
    if (n <= 33) group('split', [n, n + 3]);
  }
  group('street', [0, 1, 2]);
  group('street', [0, 2, 3]);
  for (let s = 1; s <= 34; s += 3) group('street', range(s, s + 2));
  group('corner', [0, 1, 2, 3]);
  for (let n = 1; n <= 32; n++) if (n % 3 !== 0) group('corner', [n, n + 1, n + 3, n + 4]);
  for (let s = 1; s <= 31; s += 3) group('line', range(s, s + 5));
  for (const value of [1, 2, 3]) add({ kind: 'dozen', value }, range(12 * value - 11, 12 * value));
  for (const value of [1, 2, 3])
    add(
      { kind: 'column', value },
      range(1, 36).filter((n) => n % 3 === value % 3),
    );
  for (const [kind, wins] of Object.entries(EVEN_MONEY) as [RouletteEvenKind, (n: number) => boolean][]) add({ kind }, range(1, 36).filter(wins));
  return spots;
}

/**
 * The American table: 00 sits above 3 as 0 sits above 1, both touching 2. Its inside bets
 * near the zeros are the split 0-00, the splits 0-1, 0-2, 00-2, 00-3, the streets 0-1-2,
 * 0-00-2 and 00-2-3, and the five-number bet 0-00-1-2-3 along the top (no first-four
 * corner); the rest of the table is the European one.
 */
function americanSpots(): RouletteSpot[] {
  const european = tableSpots().filter((s) => !s.numbers.includes(0));
  const spots: RouletteSpot[] = [];
  const add = (bet: RouletteBetSpot, numbers: number[]) => spots.push({ key: rouletteSpotKey(bet), bet, numbers });
  const group = (kind: RouletteGroupKind, numbers: number[]) => add({ kind, numbers }, numbers);
  const z = DOUBLE_ZERO;
  add({ kind: 'straight', value: 0 }, [0]);
  add({ kind: 'straight', value: z }, [z]);
  for (const numbers of [
    [0, z],
    [0, 1],
    [0, 2],
    [2, z],
    [3, z],
  ])
    group('split', numbers);
  for (const numbers of [
    [0, 1, 2],
    [0, 2, z],
    [2, 3, z],
  ])
    group('street', numbers);
  group('five', [0, 1, 2, 3, z]);
  return [...spots, ...european];
}

/** Every spot a bet may lie on: 37 straight, 60 splits, 14 streets (two of them zero's trios), 23 corners (one the first four), 11 six lines, 3 dozens, 3 columns and 6 even-money spots. */
export const ROULETTE_SPOTS: readonly RouletteSpot[] = tableSpots();
export const ROULETTE_SPOT_BY_KEY: ReadonlyMap<string, RouletteSpot> = new Map(ROULETTE_SPOTS.map((s) => [s.key, s]));
/** The American table's spots: 38 straight, 62 splits, 15 streets, the five-number bet, 22 corners, 11 six lines and the 12 outside spots. */
export const AMERICAN_ROULETTE_SPOTS: readonly RouletteSpot[] = americanSpots();
export const AMERICAN_ROULETTE_SPOT_BY_KEY: ReadonlyMap<string, RouletteSpot> = new Map(AMERICAN_ROULETTE_SPOTS.map((s) => [s.key, s]));

/** A wheel's table of spots. */
export function rouletteSpotsOf(wheel: RouletteWheel): { spots: readonly RouletteSpot[]; byKey: ReadonlyMap<string, RouletteSpot> } {
  return wheel === 'american'
    ? { spots: AMERICAN_ROULETTE_SPOTS, byKey: AMERICAN_ROULETTE_SPOT_BY_KEY }
    : { spots: ROULETTE_SPOTS, byKey: ROULETTE_SPOT_BY_KEY };
}

/**
 * What a winning bet returns in multiples of its amount, the amount included: 36 shared by
 * the numbers it covers, so every spot returns 36/37 over the European wheel and 36/38 over
 * the American one; except the five-number bet, which pays 6 to 1 (7×, not 7.2×) and so
 * returns 35/38, the worst bet on the table.
 */
export function rouletteMultiplier(spot: RouletteSpot): number {
  return spot.numbers.length === 5 ? 7 : 36 / spot.numbers.length;
}

/** An American table's returns: every bet 36/38 but the five-number bet, 35/38 (stated before play). */
export const AMERICAN_ROULETTE_RTP = { standard: 36 / 38, fiveNumber: 35 / 38 } as const;

/** A roulette table's limits, in cents: the least and most on one spot, and the most on the table in one spin. */
export interface RouletteLimits {
  spotMin: number;
  spotMax: number;
  tableMax: number;
}

/**
 * A table's limits when its catalogue entry names none, from the studio's stake limits:
 * the smallest stake is the smallest chip, the largest is the whole table, and one spot
 * takes a quarter of it, so no single number carries the table's whole exposure.
 */
export const ROULETTE_LIMITS: RouletteLimits = { spotMin: STAKE_LIMITS.min, spotMax: STAKE_LIMITS.max / 4, tableMax: STAKE_LIMITS.max };

const CHIP_VALUES = [10, 50, 100, 500, 1_000, 2_500, 5_000, 10_000];
const MAX_CHIPS = 6;

/** The chips a table offers, in cents: the usual values between its spot minimum and maximum, the minimum itself always first. */
export function rouletteChips(limits: RouletteLimits): number[] {
  const chips = CHIP_VALUES.filter((c) => c > limits.spotMin && c <= limits.spotMax);
  return [limits.spotMin, ...chips].slice(0, MAX_CHIPS);
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

/** Casino Hold'em: what a winning ante pays, "to 1", by the player's hand; every hand from a straight down pays even money. */
export const HOLDEM_ANTE_PAYTABLE = [
  ['royal_flush', 100],
  ['straight_flush', 20],
  ['four_of_a_kind', 10],
  ['full_house', 3],
  ['flush', 2],
  ['straight_or_less', 1],
] as const;

/** The AA Bonus on the player's two cards and the flop, "to 1": a pair of aces or better. */
export const AA_BONUS_PAYTABLE = [
  ['royal_flush', 100],
  ['straight_flush', 50],
  ['four_of_a_kind', 40],
  ['full_house', 30],
  ['flush', 20],
  ['straight', 7],
  ['three_of_a_kind', 7],
  ['two_pair', 7],
  ['pair_of_aces', 7],
] as const;

/**
 * Casino Hold'em's returns with the best call-or-fold decisions: per unit of the ante
 * (the figure players are quoted, a house edge of 2.16 %) and per unit of all money
 * staked (ante, and a call of twice it on about 82 % of hands); and the AA Bonus's
 * exact return. Proven in tests/unit/engines-cards.test.ts.
 */
export const HOLDEM_RETURNS = { perAnte: 0.9784, perWagered: 0.9918, aaBonus: 0.9374 } as const;

/**
 * Each baccarat bet's exact return with an eight-deck shoe (the catalogue figure is the
 * best bet, banker). Proven by the unit test, which enumerates every six-card deal with
 * the shoe's composition and removal of each dealt card.
 */
export const BACCARAT_RTP = { player: 0.98765, banker: 0.98942, tie: 0.8564 } as const;

/**
 * Prize tiers: the symbol that shows it three times, the payout in basis points, and the
 * weight out of SCRATCH_TOTAL_WEIGHT. Exact RTP 0.95 (Σ prize × weight / total), and
 * 28.42 % of cards win something.
 */
export const SCRATCH_PRIZES = [
  { symbol: 'cherry', prize: 10_000, weight: 17_000 },
  { symbol: 'lemon', prize: 20_000, weight: 7_000 },
  { symbol: 'orange', prize: 50_000, weight: 2_400 },
  { symbol: 'plum', prize: 100_000, weight: 1_200 },
  { symbol: 'bell', prize: 200_000, weight: 500 },
  { symbol: 'clover', prize: 500_000, weight: 200 },
  { symbol: 'diamond', prize: 1_000_000, weight: 100 },
  { symbol: 'crown', prize: 5_000_000, weight: 20 },
] as const;

/** Weight of a card that wins nothing. */
export const SCRATCH_LOSE_WEIGHT = 71_580;
/** Sum of all weights: the denominator of every tier's probability. */
export const SCRATCH_TOTAL_WEIGHT = SCRATCH_PRIZES.reduce((sum, tier) => sum + tier.weight, SCRATCH_LOSE_WEIGHT);

/** The prize a scratch ticket (a draw in [0, SCRATCH_TOTAL_WEIGHT)) names: its tier, or null for a card that wins nothing. */
export function scratchTier(ticket: number): (typeof SCRATCH_PRIZES)[number] | null {
  let rest = ticket;
  for (const tier of SCRATCH_PRIZES) {
    if (rest < tier.weight) return tier;
    rest -= tier.weight;
  }
  return null;
}
