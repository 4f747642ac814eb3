// Instant-win scratch card: nine cells, and three equal symbols anywhere win that
// symbol's prize. The prize is drawn first from a weighted table and the card is then
// drawn to show it, so the RTP is the table's and the card is only its picture.
import { z } from 'zod';
import { SCRATCH_PRIZES, SCRATCH_TOTAL_WEIGHT, scratchTier } from '../../../shared/game-tables.ts';
import { type Engine, ONE_X, type Rng } from './types.ts';
import type { ScratchView } from '../../../shared/game-views.ts';

const CELLS = 9;

const SYMBOLS: readonly string[] = SCRATCH_PRIZES.map((tier) => tier.symbol);

const choice = z.object({});
const config = z.object({ theme: z.string().optional() });

export type ScratchChoice = z.infer<typeof choice>;
export type ScratchConfig = z.infer<typeof config>;

function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Draws a card that shows three of `winner` (or nothing three times when null) and no other triple. */
function drawCard(rng: Rng, winner: string | null): string[] {
  // Each filler symbol is offered twice at most, so no filler can ever make a triple;
  // pairs of other symbols still appear, which is what makes a card look close.
  const fillers = shuffle(
    rng,
    SYMBOLS.filter((s) => s !== winner).flatMap((s) => [s, s]),
  );
  const cells = winner === null ? fillers.slice(0, CELLS) : [winner, winner, winner, ...fillers.slice(0, CELLS - 3)];
  return shuffle(rng, cells);
}

/** Scratch card with a weighted prize table (category scratch-cards / instant-win). */
export const scratch: Engine<ScratchChoice, ScratchView, ScratchView, never, ScratchConfig> = {
  id: 'scratch',
  choice,
  config,
  start(rng) {
    const tier = scratchTier(rng.int(SCRATCH_TOTAL_WEIGHT));
    const symbol = tier?.symbol ?? null;
    const prize = tier?.prize ?? 0;
    const view: ScratchView = { cells: drawCard(rng, symbol), prize, symbol };
    return { state: view, view, done: true, payout: prize, actions: [] };
  },
  rtp: () => SCRATCH_PRIZES.reduce((sum, tier) => sum + tier.prize * tier.weight, 0) / SCRATCH_TOTAL_WEIGHT / ONE_X,
};

export { SCRATCH_LOSE_WEIGHT, SCRATCH_PRIZES, SCRATCH_TOTAL_WEIGHT } from '../../../shared/game-tables.ts';
export type { ScratchView };
