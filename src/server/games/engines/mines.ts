// Mines: a board of 25 cells hides the number of mines the player chose. The player
// opens cells one at a time; each safe one raises the cash-out multiplier, a mine loses
// the stake. After k safe cells among m mines the cash-out pays 99 % of the inverse of
// the chance of k safe cells in a row, C(25, k) / C(25 − m, k), so whichever cells the
// player opens and whenever they cash out, a round returns 99 % (each next cell is a
// fair bet on the cells left; the 1 % is taken once).
//
// The board is the round's first draws: the 25 cells shuffled by Fisher–Yates, the
// first m of that order being the mines, so a round is recomputed from its seeds alone.
// A round cashes out by itself when no safe cell is left, or when one more would pass
// the game's largest win.
import { z } from 'zod';
import { shuffleTop } from '../../../shared/fairness.ts';
import type { MinesView } from '../../../shared/game-views.ts';
import { CASHOUT_MAX_MULTIPLE, CASHOUT_RTP_BP, MINES_CELLS, MINES_MAX, MINES_MIN, minesMultiplier } from '../../../shared/house-tables.ts';
import { type Engine, EngineError, ONE_X, type Rng, type RoundStep } from './types.ts';

export const minesChoice = z.object({ mines: z.int().min(MINES_MIN).max(MINES_MAX) });
export type MinesChoice = z.infer<typeof minesChoice>;

export const minesAction = z.discriminatedUnion('move', [
  z.strictObject({
    move: z.literal('reveal'),
    cell: z
      .int()
      .min(0)
      .max(MINES_CELLS - 1),
  }),
  z.strictObject({ move: z.literal('cashout') }),
]);
export type MinesAction = z.infer<typeof minesAction>;

// The largest win is catalogue data; at least 25× so that the first cell of 24 mines (24.75×) can always be opened.
export const minesConfig = z.object({
  theme: z.string().optional(),
  maxMultiple: z.int().min(25).max(CASHOUT_MAX_MULTIPLE).default(CASHOUT_MAX_MULTIPLE),
});
export type MinesConfig = z.infer<typeof minesConfig>;

export interface MinesState {
  /** The 25 cells in the order drawn: the first `mines` are the mines. Never shown before the end. */
  order: number[];
  mines: number;
  revealed: number[];
  hit: number | null;
  end: 'lost' | 'cashed' | null;
}

/** The board of a round: the cells 0 … 24 in a Fisher–Yates order from the stream. */
export function minesBoard(rng: Rng): number[] {
  return shuffleTop(
    rng,
    Array.from({ length: MINES_CELLS }, (_, i) => i),
    MINES_CELLS,
  );
}

/** The multiplier after one more safe cell, or null when none is left or it would pass the largest win. */
function nextMultiplier(state: MinesState, config: MinesConfig): number | null {
  const safe = state.revealed.length + 1;
  if (safe > MINES_CELLS - state.mines) return null;
  const next = minesMultiplier(state.mines, safe);
  return next <= config.maxMultiple * ONE_X ? next : null;
}

function stepOf(state: MinesState, config: MinesConfig): RoundStep<MinesState, MinesView> {
  const multiplier = minesMultiplier(state.mines, state.revealed.length);
  const next = state.end ? null : nextMultiplier(state, config);
  const view: MinesView = {
    mines: state.mines,
    revealed: state.revealed,
    multiplier,
    next,
    field: state.end ? state.order.slice(0, state.mines).sort((a, b) => a - b) : null,
    hit: state.hit,
    end: state.end,
  };
  if (state.end) return { state, view, done: true, payout: state.end === 'cashed' ? multiplier : 0, actions: [] };
  return { state, view, done: false, payout: 0, actions: state.revealed.length > 0 ? ['reveal', 'cashout'] : ['reveal'] };
}

/** Starts a round on a board in a known order. */
export function minesFrom(order: number[], mines: number, config: MinesConfig): RoundStep<MinesState, MinesView> {
  return stepOf({ order, mines, revealed: [], hit: null, end: null }, config);
}

function play(_rng: Rng, state: MinesState, action: MinesAction, config: MinesConfig): RoundStep<MinesState, MinesView> {
  if (state.end) throw new EngineError('round_over');
  if (action.move === 'cashout') {
    if (state.revealed.length === 0) throw new EngineError('mines_reveal_first');
    return stepOf({ ...state, end: 'cashed' }, config);
  }
  if (state.revealed.includes(action.cell)) throw new EngineError('mines_cell_open');
  if (state.order.slice(0, state.mines).includes(action.cell)) return stepOf({ ...state, hit: action.cell, end: 'lost' }, config);
  const opened: MinesState = { ...state, revealed: [...state.revealed, action.cell] };
  return stepOf(nextMultiplier(opened, config) === null ? { ...opened, end: 'cashed' } : opened, config);
}

/** A round left for good is cashed out as it stands: 99 % of its fair multiplier (0.99× before any cell). */
function abandon(state: MinesState, config: MinesConfig): RoundStep<MinesState, MinesView> {
  return stepOf(state.end ? state : { ...state, end: 'cashed' }, config);
}

export const mines: Engine<MinesChoice, MinesState, MinesView, MinesAction, MinesConfig> = {
  id: 'mines',
  choice: minesChoice,
  action: minesAction,
  config: minesConfig,
  start: (rng, { mines: count }, config) => minesFrom(minesBoard(rng), count, config),
  act: play,
  abandon,
  rtp: () => CASHOUT_RTP_BP / ONE_X,
};

export type { MinesView };
