// Plinko: a ball falls through rows of pegs, bouncing left or right at each with even
// chances, into one of rows + 1 pockets, each with its multiplier. The player picks the
// rows (8, 12 or 16) and the risk (how far apart the middle and the edges pay); every
// table returns 99 %. The bounces are the round's first draws, one bit each.
import { z } from 'zod';
import type { PlinkoView } from '../../../shared/game-views.ts';
import { PLINKO_PAYTABLES, PLINKO_RISKS, PLINKO_ROWS, PLINKO_RTP } from '../../../shared/house-tables.ts';
import type { Engine, Rng } from './types.ts';

export const plinkoChoice = z.object({
  rows: z.union(PLINKO_ROWS.map((n) => z.literal(n)) as [z.ZodLiteral<8>, z.ZodLiteral<12>, z.ZodLiteral<16>]),
  risk: z.enum(PLINKO_RISKS),
});
export type PlinkoChoice = z.infer<typeof plinkoChoice>;

export const plinkoConfig = z.object({ theme: z.string().optional() });
export type PlinkoConfig = z.infer<typeof plinkoConfig>;

/** The most rows a board has: a round draws this many bounces, and a board of fewer rows uses the first ones. */
export const PLINKO_MAX_ROWS = Math.max(...PLINKO_ROWS);

/** A round's bounces: 0 left, 1 right, one per row of the tallest board. */
export function plinkoPath(rng: Rng): number[] {
  return Array.from({ length: PLINKO_MAX_ROWS }, () => rng.int(2));
}

/** The exact return of a table: pocket k is reached with chance C(rows, k) / 2^rows. */
export function plinkoRtp(rows: 8 | 12 | 16, risk: (typeof PLINKO_RISKS)[number]): number {
  const table = PLINKO_PAYTABLES[rows][risk];
  let ways = 1;
  let sum = 0;
  for (let k = 0; k <= rows; k++) {
    sum += ways * table[k]!;
    ways = (ways * (rows - k)) / (k + 1);
  }
  return sum / 2 ** rows / 10_000;
}

export const plinko: Engine<PlinkoChoice, PlinkoView, PlinkoView, never, PlinkoConfig> = {
  id: 'plinko',
  choice: plinkoChoice,
  config: plinkoConfig,
  start(rng, { rows, risk }) {
    const path = plinkoPath(rng).slice(0, rows);
    const pocket = path.reduce((sum, bit) => sum + bit, 0);
    const multiplier = PLINKO_PAYTABLES[rows][risk][pocket]!;
    const view: PlinkoView = { rows, risk, path, pocket, multiplier };
    return { state: view, view, done: true, payout: multiplier, actions: [] };
  },
  rtp: () => PLINKO_RTP,
};

export type { PlinkoView };
