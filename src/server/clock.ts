// The one clock of the server. Everything that depends on time (grace windows,
// abandoned hands, cooling-off periods, fixtures) asks it instead of Date.now(), so a
// test moves time forward instead of waiting for it.

export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that stands still until told to move: for tests. */
export interface ManualClock extends Clock {
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
  /** Sets the clock to a moment. */
  set(ms: number): void;
}

export function manualClock(start = Date.now()): ManualClock {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}

/** The clock's time as a Date, for a database column or a parameter. */
export function dateOf(clock: Clock, offsetMs = 0): Date {
  return new Date(clock.now() + offsetMs);
}
