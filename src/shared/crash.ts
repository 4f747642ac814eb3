// The crash game's arithmetic, shared by the server and the game page.
//
// Crash point of a round from its seed (64 hex characters): X = the seed's first 13 hex
// digits (52 bits); the point in hundredths is max(100, ⌊99 · 2^52 / (2^52 − X)⌋). So the
// chance that a round reaches m (in hundredths) is 0.99 · 100 / m: cashing out at any
// m returns 99 % on average, a 1 % house edge whatever the player's target.
// The multiplier after t ms of flight is ⌊100 · e^(0.00006 · t)⌋ hundredths (2× after 11.6 s).

/** The house keeps this share of every stake on average. */
export const CRASH_HOUSE_EDGE = 0.01;
/** Growth of the multiplier per millisecond. */
export const CRASH_GROWTH = 0.00006;
/** The lowest and highest auto cash-out a player may set, in hundredths. */
export const CRASH_AUTO_MIN = 101;
export const CRASH_AUTO_MAX = 1_000_000;

const TWO_52 = 2n ** 52n;

/** A round's crash point in hundredths (100 = 1.00×) from its seed. */
export function crashPointOf(seedHex: string): number {
  const x = BigInt(`0x${seedHex.slice(0, 13)}`);
  const point = (99n * TWO_52) / (TWO_52 - x);
  return Math.max(100, Number(point));
}

/** The multiplier in hundredths after `ms` of flight. */
export function multiplierAt(ms: number): number {
  return Math.floor(100 * Math.exp(CRASH_GROWTH * Math.max(0, ms)));
}

/** The first millisecond of flight at which the multiplier reaches `hundredths`. */
export function timeToReach(hundredths: number): number {
  if (hundredths <= 100) return 0;
  let t = Math.max(0, Math.floor(Math.log(hundredths / 100) / CRASH_GROWTH) - 2);
  while (multiplierAt(t) < hundredths) t++;
  return t;
}

/** What a watcher of the crash game sees of the round in play. */
export interface CrashRoundView {
  round: number;
  phase: 'betting' | 'running' | 'crashed';
  /** ISO time betting closes and the flight starts. */
  bettingEndsAt: string;
  /** Hundredths: the multiplier now (running), or where it crashed. */
  multiplier: number;
  /** Once crashed: the round's seed (whose SHA-256 is the previous round's seed). */
  seed: string | null;
  crashPoint: number | null;
  /** The hash that ends the chain, published before its first round. */
  chainEnd: string;
  /** The round's place in its chain (1 for the chain's first round): its seed hashed this many times is `chainEnd`. */
  number: number;
  /** The server's time when this was written, so the page can run the clock. */
  serverTime: string;
}

/** A crashed round in the game's history, with what checks it on /fairness. */
export interface CrashHistoryEntry {
  round: number;
  crashPoint: number;
  seed: string;
  /** Its place in its hash chain (1 for the chain's first round). */
  number: number;
  /** The end of its chain, published before the chain's first round. */
  chainEnd: string;
}

export interface CrashBetView {
  /** The round the bet is on. */
  round: number;
  amount: number;
  autoCashout: number | null;
  cashedAt: number | null;
  status: 'new' | 'placed' | 'refused' | 'cashed' | 'lost';
  win: number;
}
