// Sic bo: three dice are thrown; the player's chips lie on the spots of the table
// (small, big, odd, even, a total, one number, a double, a triple, any triple, a pair of
// numbers), each with its own amount in cents, and each spot is paid by the table of
// src/shared/house-tables.ts. The round's stake is the sum of its chips; its win is paid
// in cents. The dice are the round's first three draws.
import { z } from 'zod';
import { STAKE_LIMITS } from '../../../shared/game-tables.ts';
import type { SicboView } from '../../../shared/game-views.ts';
import { SICBO_RETURNS, SICBO_SPOTS, type SicboBet, sicboReturn, sicboSpotKey } from '../../../shared/house-tables.ts';
import { type Engine, EngineError, ONE_X, type Rng } from './types.ts';

const amount = z.int().min(1).max(STAKE_LIMITS.max);
const face = z.int().min(1).max(6);

const bet: z.ZodType<SicboBet> = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.enum(['small', 'big', 'odd', 'even', 'any_triple']), amount }),
  z.strictObject({ kind: z.literal('total'), value: z.int().min(4).max(17), amount }),
  z.strictObject({ kind: z.enum(['single', 'double', 'triple']), value: face, amount }),
  z.strictObject({ kind: z.literal('combination'), values: z.tuple([face, face]), amount }),
]);

const SPOT_KEYS = new Set(SICBO_SPOTS.map(sicboSpotKey));

// The messages are catalogue keys: the studio answers with them.
const choice = z.object({ bets: z.array(bet).min(1, 'sicbo_no_bets').max(SICBO_SPOTS.length) }).superRefine(({ bets }, ctx) => {
  const seen = new Set<string>();
  for (const [index, b] of bets.entries()) {
    const key = sicboSpotKey(b);
    // A pair of the same number twice, or one spot twice (which would step round its maximum).
    if (!SPOT_KEYS.has(key) || seen.has(key)) ctx.addIssue({ code: 'custom', message: 'invalid_choice', path: ['bets', index] });
    seen.add(key);
  }
});

const cents = z.int().min(1);
const config = z.object({
  theme: z.string().optional(),
  limits: z
    .object({
      spotMin: cents.min(STAKE_LIMITS.min).default(STAKE_LIMITS.min),
      spotMax: cents.default(STAKE_LIMITS.max / 4),
      tableMax: cents.max(STAKE_LIMITS.max).default(STAKE_LIMITS.max),
    })
    .refine((l) => l.spotMin <= l.spotMax && l.spotMax <= l.tableMax, 'spotMin ≤ spotMax ≤ tableMax')
    .prefault({}),
});

export type SicboChoice = z.infer<typeof choice>;
export type SicboConfig = z.infer<typeof config>;

/** Three dice from the stream. */
export function sicboThrow(rng: Rng): number[] {
  return [rng.int(6) + 1, rng.int(6) + 1, rng.int(6) + 1];
}

/** A sic bo round on known dice. */
export function sicboOn(dice: number[], bets: SicboBet[]): { view: SicboView; win: number; stake: number } {
  const winningBets = bets.flatMap((b, index) => (sicboReturn(b, dice) > 0 ? [index] : []));
  const win = bets.reduce((sum, b) => sum + b.amount * sicboReturn(b, dice), 0);
  const stake = bets.reduce((sum, b) => sum + b.amount, 0);
  return { view: { dice, total: dice[0]! + dice[1]! + dice[2]!, winningBets }, win, stake };
}

export const sicbo: Engine<SicboChoice, SicboView, SicboView, never, SicboConfig> = {
  id: 'sicbo',
  choice,
  config,
  stakeOf({ bets }, { limits: l }) {
    let total = 0;
    for (const b of bets) {
      if (b.amount < l.spotMin) throw new EngineError('spot_below_min');
      if (b.amount > l.spotMax) throw new EngineError('spot_above_max');
      total += b.amount;
    }
    if (total > l.tableMax) throw new EngineError('table_above_max');
    return total;
  },
  start(rng, { bets }) {
    const { view, win, stake } = sicboOn(sicboThrow(rng), bets);
    // Every multiple is whole, so the win in cents is exact; the payout is for the record.
    return { state: view, view, done: true, payout: Math.floor((win * ONE_X) / stake), win, actions: [] };
  },
  // As every game states the lowest return over the player's choices: the total of 9 (81.02 %).
  // Small, big, odd and even return 97.22 %; the rules list every bet's.
  rtp: () => Math.min(...Object.values(SICBO_RETURNS)),
};

export type { SicboView };
