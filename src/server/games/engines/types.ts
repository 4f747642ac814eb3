// What a game engine is: the pure rules of one kind of game, with no database, HTTP
// or clock in it. The studio (src/server/games/studio.ts) stores rounds, moves money
// through the wallet and calls an engine to decide each round.
import type { z } from 'zod';

/** A source of uniform random integers; the studio uses crypto.randomInt, tests a seeded one. */
export interface Rng {
  /** A uniform integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
}

/** 1× the stake, in basis points: a payout of 19_800 returns 1.98 × the stake. */
export const ONE_X = 10_000;

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
  /** Actions the player may take next (empty when done), e.g. ['hit', 'stand'] or ['draw']. */
  actions: string[];
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
  /** Starts a round for a stake already taken. */
  start(rng: Rng, choice: Choice, config: Config): RoundStep<State, View>;
  /** Continues an open round (multi-step games only). Throws EngineError for an action not allowed now. */
  act?(rng: Rng, state: State, action: Action, config: Config): RoundStep<State, View>;
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
