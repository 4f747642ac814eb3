// The tables of the instant games and the house card and dice games (hi-lo, mines,
// plinko, sic bo, andar bahar, teen patti): multipliers and pays as data, shared by the
// engines (src/server/games/engines) and the screens that print them. Amounts of
// return are in basis points of the stake (10_000 = 1×), the stake included.

/** The return every cash-out game (hi-lo, mines) pays: 99 % of the fair multiplier, whatever the player does. */
export const CASHOUT_RTP_BP = 9_900;

/** A cash-out game's largest win, in multiples of the stake, unless its catalogue row says less. */
export const CASHOUT_MAX_MULTIPLE = 10_000;

/** Hi-lo: the ranks from low to high (the ace is low), and how many cards a round deals at most. */
export const HILO_RANKS = 'A23456789TJQK';
export const HILO_CARDS = 52;

/** Mines: the board's cells, and how many mines a player may choose. */
export const MINES_CELLS = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

/**
 * The multiplier of a cash-out after `safe` safe cells among `mines` mines, in basis
 * points: 99 % of the inverse of the chance of finding them (the product of
 * (25 − i) / (25 − mines − i)), to the nearest basis point.
 */
export function minesMultiplier(mines: number, safe: number): number {
  let fair = 1;
  for (let i = 0; i < safe; i++) fair *= (MINES_CELLS - i) / (MINES_CELLS - mines - i);
  return Math.round(CASHOUT_RTP_BP * fair);
}

export const PLINKO_ROWS = [8, 12, 16] as const;
export type PlinkoRows = (typeof PLINKO_ROWS)[number];
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

// Each row count and risk has one table, left pocket to right, symmetric. The values
// were chosen so that every table returns 99.00 % (the unit test sums each exactly:
// pocket k is reached with chance C(rows, k) / 2^rows).
const half = (values: number[]) => [...values, ...values.slice(0, -1).reverse()];
export const PLINKO_PAYTABLES: Record<PlinkoRows, Record<PlinkoRisk, readonly number[]>> = {
  8: {
    low: half([56_200, 21_000, 11_000, 10_000, 5_000]),
    medium: half([130_400, 30_100, 13_000, 7_000, 4_000]),
    high: half([290_000, 39_900, 15_000, 3_000, 2_000]),
  },
  12: {
    low: half([100_000, 30_300, 16_000, 14_000, 11_000, 10_000, 5_000]),
    medium: half([330_000, 110_200, 40_000, 20_000, 11_000, 6_000, 3_000]),
    high: half([1_700_000, 238_000, 81_000, 20_000, 7_000, 2_000, 2_000]),
  },
  16: {
    low: half([160_000, 90_000, 20_000, 14_000, 14_000, 12_000, 11_000, 10_000, 5_000]),
    medium: half([1_100_000, 411_800, 100_000, 50_000, 30_000, 15_000, 10_000, 5_000, 3_000]),
    high: half([10_019_400, 1_303_000, 260_000, 90_000, 40_000, 20_000, 2_000, 2_000, 2_000]),
  },
};
/** What every plinko table returns. */
export const PLINKO_RTP = 0.99;

/** Sic bo: the bets of the table and what each wins, in units of its stake (the stake comes back with a win). */
export const SICBO_TOTAL_PAYS: Readonly<Record<number, number>> = {
  4: 60,
  5: 30,
  6: 17,
  7: 12,
  8: 8,
  9: 6,
  10: 6,
  11: 6,
  12: 6,
  13: 8,
  14: 12,
  15: 17,
  16: 30,
  17: 60,
};
export const SICBO_PAYS = {
  /** Small (4–10), big (11–17), odd, even: even money, and every triple loses. */
  evenMoney: 1,
  /** One number named: 1 to 1 for each die showing it (1, 2 or 3 dice). */
  single: [1, 2, 3],
  /** Two different numbers both shown. */
  combination: 5,
  /** One number shown on at least two dice. */
  double: 10,
  /** One number on all three dice. */
  triple: 180,
  /** Any triple. */
  anyTriple: 30,
} as const;

export const SICBO_BET_KINDS = ['small', 'big', 'odd', 'even', 'total', 'single', 'double', 'triple', 'any_triple', 'combination'] as const;
export type SicboBetKind = (typeof SICBO_BET_KINDS)[number];

/** A spot of the sic bo table. */
export type SicboSpot =
  | { kind: 'small' | 'big' | 'odd' | 'even' | 'any_triple' }
  | { kind: 'total'; value: number }
  | { kind: 'single' | 'double' | 'triple'; value: number }
  | { kind: 'combination'; values: [number, number] };
/** A sic bo bet as the page sends it: a spot and its amount in cents. */
export type SicboBet = SicboSpot & { amount: number };

/** A spot's key: one per spot of the table ("total:9", "combination:2-5"). */
export function sicboSpotKey(bet: SicboSpot): string {
  if ('values' in bet) return `${bet.kind}:${Math.min(...bet.values)}-${Math.max(...bet.values)}`;
  if ('value' in bet) return `${bet.kind}:${bet.value}`;
  return bet.kind;
}

/** What a bet returns on three dice, in multiples of its amount (the amount included; 0 when it loses). */
export function sicboReturn(bet: SicboSpot, dice: readonly number[]): number {
  const sum = dice.reduce((s, d) => s + d, 0);
  const triple = dice[0] === dice[1] && dice[1] === dice[2];
  const count = (n: number) => dice.filter((d) => d === n).length;
  const evenMoney = (wins: boolean) => (wins && !triple ? 1 + SICBO_PAYS.evenMoney : 0);
  switch (bet.kind) {
    case 'small':
      return evenMoney(sum <= 10);
    case 'big':
      return evenMoney(sum >= 11);
    case 'odd':
      return evenMoney(sum % 2 === 1);
    case 'even':
      return evenMoney(sum % 2 === 0);
    case 'total':
      return 'value' in bet && sum === bet.value ? 1 + (SICBO_TOTAL_PAYS[bet.value] ?? 0) : 0;
    case 'single': {
      const n = 'value' in bet ? count(bet.value) : 0;
      return n > 0 ? 1 + SICBO_PAYS.single[n - 1]! : 0;
    }
    case 'double':
      return 'value' in bet && count(bet.value) >= 2 ? 1 + SICBO_PAYS.double : 0;
    case 'triple':
      return 'value' in bet && count(bet.value) === 3 ? 1 + SICBO_PAYS.triple : 0;
    case 'any_triple':
      return triple ? 1 + SICBO_PAYS.anyTriple : 0;
    case 'combination':
      return 'values' in bet && count(bet.values[0]) >= 1 && count(bet.values[1]) >= 1 ? 1 + SICBO_PAYS.combination : 0;
  }
}

/** Every spot of the sic bo table, in the order the screen lays them out. */
export const SICBO_SPOTS: readonly SicboSpot[] = [
  { kind: 'small' },
  { kind: 'odd' },
  { kind: 'any_triple' },
  { kind: 'even' },
  { kind: 'big' },
  ...[1, 2, 3, 4, 5, 6].map((value) => ({ kind: 'double' as const, value })),
  ...[1, 2, 3, 4, 5, 6].map((value) => ({ kind: 'triple' as const, value })),
  ...Array.from({ length: 14 }, (_, i) => ({ kind: 'total' as const, value: i + 4 })),
  ...[1, 2, 3, 4, 5].flatMap((a) => Array.from({ length: 6 - a }, (_, i) => ({ kind: 'combination' as const, values: [a, a + i + 1] as [number, number] }))),
  ...[1, 2, 3, 4, 5, 6].map((value) => ({ kind: 'single' as const, value })),
];

/**
 * The return of each sic bo bet (kind, or kind and value for totals), exact over the 216
 * throws of three dice; proven by the unit test, stated on the game's rules.
 */
export const SICBO_RETURNS: Readonly<Record<string, number>> = {
  small: 0.9722,
  big: 0.9722,
  odd: 0.9722,
  even: 0.9722,
  single: 0.9213,
  combination: 0.8333,
  double: 0.8148,
  triple: 0.838,
  any_triple: 0.8611,
  'total:4': 0.8472,
  'total:5': 0.8611,
  'total:6': 0.8333,
  'total:7': 0.9028,
  'total:8': 0.875,
  'total:9': 0.8102,
  'total:10': 0.875,
};

/** Andar bahar: the first card after the joker goes to andar; what each side returns when it wins (basis points of the stake). */
export const ANDAR_BAHAR_PAYS = { andar: 19_000, bahar: 20_000 } as const;
/** Their returns, exact over where the first card of the joker's rank lies in the deck (the unit test sums it). */
export const ANDAR_BAHAR_RETURNS = { andar: 0.9785, bahar: 0.97 } as const;

/** Teen patti against the house: the hands from best to worst (the index is the strength, worst first). */
export const TEEN_PATTI_HANDS = ['high_card', 'pair', 'color', 'sequence', 'pure_sequence', 'trail'] as const;
export type TeenPattiHand = (typeof TEEN_PATTI_HANDS)[number];
/** The ante bonus, paid on a played hand whatever the dealer holds: units of the ante. */
export const TEEN_PATTI_ANTE_BONUS: Partial<Record<TeenPattiHand, number>> = { trail: 5, pure_sequence: 4, sequence: 1 };
