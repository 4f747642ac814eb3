// Dice: a roll from 0.00 to 99.99 and a bet that it lands over or under a target.
// The roll is drawn as an integer number of hundredths so that winning and payout are
// decided on exact integers; the decimal is only for show.
import { z } from 'zod';
import { type Engine, ONE_X } from './types.ts';

/** Number of equally likely rolls: 0.00 to 99.99 in steps of 0.01. */
const OUTCOMES = 10_000;
/** Share of a fair payout that is paid, in percent: the 1 % house edge. */
const RETURN_PERCENT = 99;

const choice = z.object({
  target: z.int().min(2).max(98),
  direction: z.enum(['over', 'under']),
});

const config = z.object({ theme: z.string().optional() });

export type DiceChoice = z.infer<typeof choice>;
export type DiceConfig = z.infer<typeof config>;
/** What the player sees after the roll. */
export interface DiceView {
  /** The roll with two decimals, 0 to 99.99. */
  roll: number;
  target: number;
  direction: 'over' | 'under';
  won: boolean;
}

/** Counts the rolls (in hundredths) that win a bet; a roll equal to the target loses both ways. */
export function diceWinningOutcomes(target: number, direction: 'over' | 'under'): number {
  const edge = target * 100;
  return direction === 'under' ? edge : OUTCOMES - 1 - edge;
}

/** Payout in basis points for a winning bet: 99 % of the fair odds, floored to whole basis points. */
export function dicePayout(target: number, direction: 'over' | 'under'): number {
  // All integers, so the floor is exact; flooring is what makes the RTP a hair under 99 %.
  return Math.floor((ONE_X * RETURN_PERCENT * OUTCOMES) / (100 * diceWinningOutcomes(target, direction)));
}

/** Dice over/under with a 1 % house edge. */
export const dice: Engine<DiceChoice, DiceView, DiceView, never, DiceConfig> = {
  id: 'dice',
  choice,
  config,
  start(rng, { target, direction }) {
    const hundredths = rng.int(OUTCOMES);
    const won = direction === 'under' ? hundredths < target * 100 : hundredths > target * 100;
    // The round ends at once, so the stored state is the outcome the player sees.
    const view: DiceView = { roll: hundredths / 100, target, direction, won };
    return { state: view, view, done: true, payout: won ? dicePayout(target, direction) : 0, actions: [] };
  },
  // Nominal 99 %: flooring the payout to whole basis points takes at most 0.01 % more
  // (the exact figure per target lies in [0.9899, 0.99], checked by the unit test).
  rtp: () => RETURN_PERCENT / 100,
};
