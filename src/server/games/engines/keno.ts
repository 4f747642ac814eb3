// Keno: the player picks 1 to 10 numbers out of 80, the game draws 20, and the payout
// depends on how many picks were drawn. Each pick count has its own paytable.
import { z } from 'zod';
import { kenoDraw } from '../../../shared/fairness.ts';
import { type Engine, ONE_X } from './types.ts';
import type { KenoView } from '../../../shared/game-views.ts';

const NUMBERS = 80;
const DRAWN = 20;
const MAX_PICKS = 10;

/**
 * Payout in basis points of the stake, by pick count then by hits. Each row was tuned so
 * its RTP, from hypergeometric probabilities, lies in [0.947, 0.954] (see `kenoRtp`).
 * Ten picks pay on zero hits on purpose: missing all ten is rarer (4.6 %) than most wins.
 */
export const KENO_PAYTABLE: readonly (readonly number[])[] = [
  [],
  [0, 38_000],
  [0, 10_000, 95_000],
  [0, 0, 20_000, 485_000],
  [0, 0, 20_000, 50_000, 1_000_000],
  [0, 0, 0, 30_000, 150_000, 8_000_000],
  [0, 0, 0, 20_000, 80_000, 750_000, 18_000_000],
  [0, 0, 0, 10_000, 60_000, 270_000, 1_500_000, 50_000_000],
  [0, 0, 0, 0, 40_000, 200_000, 600_000, 5_000_000, 80_000_000],
  [0, 0, 0, 0, 20_000, 100_000, 350_000, 1_500_000, 30_000_000, 150_000_000],
  [40_000, 0, 0, 0, 0, 50_000, 210_000, 1_000_000, 6_000_000, 25_000_000, 1_000_000_000],
];

const choice = z.object({
  picks: z
    .array(z.int().min(1).max(NUMBERS))
    .min(1)
    .max(MAX_PICKS)
    .refine((picks) => new Set(picks).size === picks.length, 'duplicate_pick'),
});
const config = z.object({ theme: z.string().optional() });

export type KenoChoice = z.infer<typeof choice>;
export type KenoConfig = z.infer<typeof config>;

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/** Exact RTP for one pick count: Σ P(hits) × payout, with hypergeometric P in exact integers. */
export function kenoRtp(pickCount: number): number {
  const row = KENO_PAYTABLE[pickCount] ?? [];
  let weighted = 0n;
  for (let hits = 0; hits <= pickCount; hits++) {
    weighted += BigInt(row[hits] ?? 0) * binomial(pickCount, hits) * binomial(NUMBERS - pickCount, DRAWN - hits);
  }
  // One division at the end, so the only rounding is the final conversion to a float.
  return Number(weighted) / Number(binomial(NUMBERS, DRAWN)) / ONE_X;
}

/** Keno 20 from 80 with 1 to 10 picks. */
export const keno: Engine<KenoChoice, KenoView, KenoView, never, KenoConfig> = {
  id: 'keno',
  choice,
  config,
  start(rng, { picks }) {
    // Partial Fisher–Yates: the first 20 of 1…80 end up a uniform draw without replacement.
    const drawn = kenoDraw(rng);
    const drawnSet = new Set(drawn);
    const hits = picks.filter((n) => drawnSet.has(n)).sort((a, b) => a - b);
    const view: KenoView = { drawn, hits, picks: [...picks] };
    const payout = KENO_PAYTABLE[picks.length]?.[hits.length] ?? 0;
    return { state: view, view, done: true, payout, actions: [] };
  },
  // The paytable does not depend on the config; the player's pick count does, so this is
  // the lowest RTP over pick counts (4 picks, 0.947850): the return guaranteed whatever they pick.
  rtp: () => Math.min(...Array.from({ length: MAX_PICKS }, (_, i) => kenoRtp(i + 1))),
};

export type { KenoView };
