// What a game engine is: the pure rules of one kind of game, with no database, HTTP
// or clock in it. The studio (src/server/games/studio.ts) stores rounds, moves money
// through the wallet and calls an engine to decide each round.
import type { z } from 'zod';
import type { Rng } from '../../../shared/fairness.ts';
import { ONE_X } from '../../../shared/game-tables.ts';

/** A source of uniform random integers: the studio gives each round its provably fair stream (src/shared/fairness.ts), tests a seeded one. */
export type { Rng } from '../../../shared/fairness.ts';

/** 1× the stake, in basis points: a payout of 19_800 returns 1.98 × the stake. */
export { ONE_X };

/** One step of a round: what the server keeps, what the player sees, and whether it ended. */
export interface RoundStep<State, View> {
  /** Everything needed to continue the round; stored by the studio, never sent to the player. */
  state: State;
  /** What the player may see now (cards shown, reels, the drawn numbers…); sent as it is. */
  view: View;
  /** True when the round is over: no more actions, `payout` is final. */
  done: boolean;
  /** Total returned to the player in basis points of the stake (0 = lost, ONE_X = stake back). Only read when done. */
  payout: number;
  /**
   * Total returned in cents, from an engine whose choice names its own amounts (`stakeOf`):
   * paid as it is, since basis points of the whole stake cannot always say a sum of
   * separate bets' wins to the cent. Only read when done.
   */
  win?: number;
  /** Actions the player may take next (empty when done), e.g. ['hit', 'stand'] or ['draw']. */
  actions: string[];
  /**
   * Every stake the round has taken so far, in basis points of the stake the player
   * chose, in the order taken: [ONE_X] (the default) for a round of one stake; a
   * blackjack hand doubled after a split is [ONE_X, ONE_X, ONE_X]. A list only grows,
   * by what `stakeFor` said the move would take.
   */
  stakes?: number[];
  /**
   * When done: what each stake of `stakes` returns, in basis points of that stake
   * (same order). Absent for a round of one stake, whose `payout` says it.
   */
  payouts?: number[];
}

/** The stakes of a step: one stake of the chosen amount unless the engine says more. */
export function stakesOf(step: Pick<RoundStep<unknown, unknown>, 'stakes'>): number[] {
  return step.stakes ?? [ONE_X];
}

/** What each stake of a finished step returns, in basis points of that stake. */
export function payoutsOf(step: Pick<RoundStep<unknown, unknown>, 'stakes' | 'payouts' | 'payout'>): number[] {
  return step.payouts ?? stakesOf(step).map(() => step.payout);
}

/** The rules of one kind of game. */
export interface Engine<Choice = unknown, State = unknown, View = unknown, Action = unknown, Config = unknown> {
  /** Stable id, used in the catalogue and in the game page's URL: 'dice', 'roulette', 'slot'… */
  id: string;
  /** The player's input when the round starts (bet type, numbers picked…); validated before `start`. */
  choice: z.ZodType<Choice>;
  /** Input of a later step (multi-step games only). */
  action?: z.ZodType<Action>;
  /** The per-game settings of a catalogue entry (theme, paytable variant…); validated when the catalogue loads. */
  config: z.ZodType<Config>;
  /**
   * For a game whose choice names its own amounts (roulette's chips): the stake in cents
   * they add up to, which the studio requires the round's stake to equal. Throws
   * EngineError when they break the table's limits in `config`.
   */
  stakeOf?(choice: Choice, config: Config): number;
  /** Starts a round for a stake already taken. */
  start(rng: Rng, choice: Choice, config: Config): RoundStep<State, View>;
  /** Continues an open round (multi-step games only). Throws EngineError for an action not allowed now. */
  act?(rng: Rng, state: State, action: Action, config: Config): RoundStep<State, View>;
  /**
   * The extra stake `action` takes if it is played now, in basis points of the stake
   * the player chose (0: none). The studio takes it through the wallet before it
   * plays the move, so a move the player cannot pay for is never played. Throws
   * EngineError, like `act`, for an action not allowed now. Absent: no move takes a stake.
   */
  stakeFor?(state: State, action: Action, config: Config): number;
  /**
   * Ends an open round its player left for good (multi-step games only), by the
   * game's published rule for an abandoned hand. Draws no randomness: everything it
   * needs was dealt at the start, so every process that runs it gets the same end.
   * Takes no stake: nobody agreed to one.
   */
  abandon?(state: State, config: Config): RoundStep<State, View>;
  /** Theoretical return to player for `config` with the best play the engine assumes (0.97 = 97 %), proven by a test. */
  rtp(config: Config): number;
}

/** An action that is not allowed in the round's current state (e.g. hit after standing). */
export class EngineError extends Error {
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}
