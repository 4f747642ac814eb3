// Roulette: the European wheel (one zero, 37 pockets; French tables play it with la
// partage) and the American one (0 and 00, 38 pockets), chosen by the game's config. A
// round is a layout of chips: each bet lies on one spot of the table with its own amount in
// cents, and the round's stake is their sum. Every spot returns 36 units over the wheel, so
// any layout returns exactly 36/37 (European) or 36/38 (American), but the American
// five-number bet, which pays 6 to 1 and returns 35/38.
import { z } from 'zod';
import {
  AMERICAN_ROULETTE_SPOT_BY_KEY,
  AMERICAN_ROULETTE_SPOTS,
  ROULETTE_LIMITS,
  ROULETTE_SPOT_BY_KEY,
  type RouletteBetSpot,
  type RouletteColor,
  type RouletteLimits,
  type RouletteSpot,
  rouletteColor,
  rouletteMultiplier,
  roulettePockets,
  rouletteSpotKey,
  rouletteSpotsOf,
  type RouletteWheel,
  STAKE_LIMITS,
} from '../../../shared/game-tables.ts';
import { EngineError, type Engine, ONE_X } from './types.ts';
import type { RouletteBet, RouletteView } from '../../../shared/game-views.ts';

/** A bet's amount in cents; the table's limits are checked against the game's config by `stakeOf`. */
const amount = z.int().min(1).max(STAKE_LIMITS.max);
/** 0 … 36, and 37 for an American wheel's 00 (a European table refuses it in `stakeOf`). */
const pocket = z.int().min(0).max(37);

// Strict objects: a value on an even-money bet is a client bug, not something to ignore.
const bet: z.ZodType<RouletteBet> = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('straight'), value: pocket, amount }),
  z.strictObject({ kind: z.enum(['split', 'street', 'corner', 'line', 'five']), numbers: z.array(pocket).min(2).max(6), amount }),
  z.strictObject({ kind: z.enum(['dozen', 'column']), value: z.int().min(1).max(3), amount }),
  z.strictObject({ kind: z.enum(['red', 'black', 'even', 'odd', 'low', 'high']), amount }),
]);

// The messages are catalogue keys: the studio answers with them.
// The choice is read before the table is known, so it admits a spot of either wheel; `stakeOf` then refuses one the table's wheel lacks.
const choice = z.object({ bets: z.array(bet).min(1, 'roulette_no_bets').max(AMERICAN_ROULETTE_SPOTS.length) }).superRefine(({ bets }, ctx) => {
  const seen = new Set<string>();
  for (const [index, b] of bets.entries()) {
    const key = rouletteSpotKey(b);
    // Numbers that are not neighbours on the table, or one spot twice (which would step round its maximum).
    const known = ROULETTE_SPOT_BY_KEY.has(key) || AMERICAN_ROULETTE_SPOT_BY_KEY.has(key);
    if (!known || seen.has(key)) ctx.addIssue({ code: 'custom', message: 'invalid_choice', path: ['bets', index] });
    seen.add(key);
  }
});

const cents = z.int().min(1);
const limits = z
  .object({
    spotMin: cents.min(STAKE_LIMITS.min).default(ROULETTE_LIMITS.spotMin),
    spotMax: cents.default(ROULETTE_LIMITS.spotMax),
    tableMax: cents.max(STAKE_LIMITS.max).default(ROULETTE_LIMITS.tableMax),
  })
  .refine((l) => l.spotMin <= l.spotMax && l.spotMax <= l.tableMax, 'spotMin ≤ spotMax ≤ tableMax');
// French tables play la partage: an even-money bet loses only half its amount on zero.
// American tables spin the 38-pocket wheel; la partage is a European wheel's rule only.
const config = z
  .object({
    theme: z.string().optional(),
    limits: limits.prefault({}),
    rule: z.enum(['standard', 'la_partage']).default('standard'),
    wheel: z.enum(['european', 'american']).default('european'),
  })
  .refine((c) => c.wheel === 'european' || c.rule === 'standard', 'la_partage needs the european wheel');

export type RouletteChoice = z.infer<typeof choice>;
export type RouletteConfig = z.infer<typeof config>;
export { type RouletteBetSpot, type RouletteColor, type RouletteLimits, type RouletteWheel, rouletteColor };

/** The table's spot a bet lies on; a spot the wheel's table does not have is refused. */
export function rouletteSpotOf(b: RouletteBet, wheel: RouletteWheel = 'european'): RouletteSpot {
  const spot = rouletteSpotsOf(wheel).byKey.get(rouletteSpotKey(b));
  if (!spot) throw new EngineError('invalid_choice');
  return spot;
}

/** Whether a bet wins on a pocket; zero (and 00) loses every outside bet. */
export function rouletteBetWins(b: RouletteBet, drawn: number, wheel: RouletteWheel = 'european'): boolean {
  return rouletteSpotOf(b, wheel).numbers.includes(drawn);
}

const EVEN_MONEY_KINDS: ReadonlySet<string> = new Set(['red', 'black', 'even', 'odd', 'low', 'high']);

/**
 * What a bet returns on a pocket in cents, its amount included: exact, since every
 * multiplier is whole. Under la partage an even-money bet gets half its amount back on
 * zero (rounded down to the cent), which makes those bets return 36.5/37.
 */
export function rouletteBetWin(b: RouletteBet, drawn: number, rule: RouletteConfig['rule'] = 'standard', wheel: RouletteWheel = 'european'): number {
  const spot = rouletteSpotOf(b, wheel);
  if (spot.numbers.includes(drawn)) return b.amount * rouletteMultiplier(spot);
  return rule === 'la_partage' && drawn === 0 && EVEN_MONEY_KINDS.has(b.kind) ? Math.floor(b.amount / 2) : 0;
}

/** The return of an even-money bet under la partage: 18 of 37 pockets pay 2×, zero gives half back. */
export const LA_PARTAGE_EVEN_MONEY_RTP = 36.5 / 37;

/** Roulette with every inside and outside bet, each spot with its own amount, on the table's wheel. */
export const roulette: Engine<RouletteChoice, RouletteView, RouletteView, never, RouletteConfig> = {
  id: 'roulette',
  choice,
  config,
  stakeOf({ bets }, { limits: l, wheel }) {
    let total = 0;
    for (const b of bets) {
      // 00 and its bets on a European table, or the first four on an American one.
      rouletteSpotOf(b, wheel);
      if (b.amount < l.spotMin) throw new EngineError('spot_below_min');
      if (b.amount > l.spotMax) throw new EngineError('spot_above_max');
      total += b.amount;
    }
    if (total > l.tableMax) throw new EngineError('table_above_max');
    return total;
  },
  start(rng, { bets }, { rule, wheel }) {
    // One draw in [0, 37) or [0, 38), by the fair stream's rejection sampling: 37 is 00.
    const drawn = rng.int(roulettePockets(wheel));
    const winningBets = bets.flatMap((b, index) => (rouletteBetWins(b, drawn, wheel) ? [index] : []));
    const view: RouletteView = { number: drawn, color: rouletteColor(drawn), winningBets };
    const stake = bets.reduce((sum, b) => sum + b.amount, 0);
    const win = bets.reduce((sum, b) => sum + rouletteBetWin(b, drawn, rule, wheel), 0);
    // Basis points of the whole stake cannot always say the sum of the bets' wins to the
    // cent (a third of it, say), so the win goes to the studio in cents; the payout is for the record.
    return { state: view, view, done: true, payout: Math.floor((win * ONE_X) / stake), win, actions: [] };
  },
  // La partage raises only the even-money bets (to 98.65 %): the lowest, stated before play, stays 36/37.
  // An American table's lowest is its five-number bet, 35/38 (every other bet 36/38).
  rtp: (c) => (c.wheel === 'american' ? 35 / 38 : 36 / 37),
};

export type { RouletteBet, RouletteView };
