// European roulette: one zero, 37 pockets. A round may hold several bets; the stake is
// split across them by their shares, so one stake covers e.g. "3 parts red, 1 part 17".
import { z } from 'zod';
import { type RouletteColor, rouletteColor } from '../../../shared/game-tables.ts';
import { type Engine, ONE_X } from './types.ts';

const POCKETS = 37;

// Capped so that share × multiplier × ONE_X summed over 20 bets stays an exact integer.
const share = z.int().min(1).max(1_000_000);

// Strict objects: a value on an even-money bet is a client bug, not something to ignore.
const bet = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('straight'), value: z.int().min(0).max(36), share }),
  z.strictObject({ kind: z.enum(['dozen', 'column']), value: z.int().min(1).max(3), share }),
  z.strictObject({ kind: z.enum(['red', 'black', 'even', 'odd', 'low', 'high']), share }),
]);

const choice = z.object({ bets: z.array(bet).min(1).max(20) });
const config = z.object({ theme: z.string().optional() });

export type RouletteBet = z.infer<typeof bet>;
export type RouletteChoice = z.infer<typeof choice>;
export type RouletteConfig = z.infer<typeof config>;
export { type RouletteColor, rouletteColor };
/** What the player sees after the spin. */
export interface RouletteView {
  /** The pocket the ball landed in, 0 to 36. */
  number: number;
  color: RouletteColor;
  /** Indexes into the chosen `bets` of the bets that won. */
  winningBets: number[];
}

/** Whether a bet wins on a pocket; zero loses every outside bet. */
export function rouletteBetWins(bet: RouletteBet, pocket: number): boolean {
  if (bet.kind === 'straight') return bet.value === pocket;
  if (pocket === 0) return false;
  switch (bet.kind) {
    case 'red':
      return rouletteColor(pocket) === 'red';
    case 'black':
      return rouletteColor(pocket) === 'black';
    case 'even':
      return pocket % 2 === 0;
    case 'odd':
      return pocket % 2 === 1;
    case 'low':
      return pocket <= 18;
    case 'high':
      return pocket >= 19;
    case 'dozen':
      return Math.ceil(pocket / 12) === bet.value;
    case 'column':
      // Column 1 is 1, 4, 7…; column 3 is 3, 6, 9…
      return ((pocket - 1) % 3) + 1 === bet.value;
  }
}

/** Total return of a winning bet in multiples of its part of the stake (the part itself included). */
export function rouletteMultiplier(kind: RouletteBet['kind']): number {
  if (kind === 'straight') return 36;
  if (kind === 'dozen' || kind === 'column') return 3;
  return 2;
}

/** Payout in basis points of the whole stake for the bets on one pocket, floored once. */
export function roulettePayout(bets: RouletteBet[], pocket: number): number {
  let totalShares = 0;
  let won = 0;
  for (const b of bets) {
    totalShares += b.share;
    if (rouletteBetWins(b, pocket)) won += b.share * rouletteMultiplier(b.kind);
  }
  return Math.floor((won * ONE_X) / totalShares);
}

/** European single-zero roulette with any mix of inside and outside bets. */
export const roulette: Engine<RouletteChoice, RouletteView, RouletteView, never, RouletteConfig> = {
  id: 'roulette',
  choice,
  config,
  start(rng, { bets }) {
    const pocket = rng.int(POCKETS);
    const winningBets = bets.flatMap((b, index) => (rouletteBetWins(b, pocket) ? [index] : []));
    const view: RouletteView = { number: pocket, color: rouletteColor(pocket), winningBets };
    return { state: view, view, done: true, payout: roulettePayout(bets, pocket), actions: [] };
  },
  // Every bet returns 36 units over the 37 pockets. Splitting the stake and flooring the
  // sum to whole basis points can shave off less than 1 bp per round.
  rtp: () => 36 / 37,
};
