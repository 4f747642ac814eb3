// Dice: a roll from 0.00 to 99.99 and a bet that it lands over or under a target.
// The roll is drawn as an integer number of hundredths so that winning and payout are
// decided on exact integers; the decimal is only for show.
import { z } from 'zod';
import type { Engine } from './types.ts';
import { DICE_OUTCOMES as OUTCOMES, DICE_RETURN_PERCENT as RETURN_PERCENT, dicePayout } from '../../../shared/game-tables.ts';
import type { DiceView } from '../../../shared/game-views.ts';

const choice = z.object({
  target: z.int().min(2).max(98),
  direction: z.enum(['over', 'under']),
});

const config = z.object({ theme: z.string().optional() });

export type DiceChoice = z.infer<typeof choice>;
export type DiceConfig = z.infer<typeof config>;

// The payout rule lives with the tables the dice screen also reads (shared/game-tables.ts).
export { dicePayout, diceWinningOutcomes } from '../../../shared/game-tables.ts';

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

export type { DiceView };
