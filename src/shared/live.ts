// The live tables' shared rounds (live roulette, live baccarat): what a watcher sees of a
// round and of their own bet, and the schedule's timing, shared by the server and the page.
//
// A round opens for bets with its server seed committed (SHA-256 shown), closes ("no
// more bets"), then shows its result and reveals the seed; the outcome is the provably
// fair draw of src/shared/fairness.ts with key = the round's server seed, client seed =
// the table's id and nonce = the round's number at the table (roulette `{ number }`,
// baccarat `{ cards }`), so /fairness recomputes it like any house round.
import type { BaccaratBet, RouletteBet } from './game-views.ts';

export const LIVE_TABLES = ['live-roulette', 'live-baccarat'] as const;
export type LiveTableId = (typeof LIVE_TABLES)[number];

export function isLiveTable(engine: string): engine is LiveTableId {
  return (LIVE_TABLES as readonly string[]).includes(engine);
}

/** The engine of /fairness each table's outcome is drawn as. */
export const LIVE_FAIR_GAME: Record<LiveTableId, 'roulette' | 'baccarat'> = { 'live-roulette': 'roulette', 'live-baccarat': 'baccarat' };

export interface LiveTiming {
  /** How long a round takes bets. */
  bettingMs: number;
  /** "No more bets": from the close of betting to the result (the wheel spins, the cards are dealt). */
  closedMs: number;
  /** How long the result stays on the table before the next round opens. */
  resultMs: number;
  /** How often the runner moves the schedule. */
  tickMs: number;
  /** How long a runner's lease lasts without renewal. */
  leaseMs: number;
}

export const LIVE_TIMING: LiveTiming = { bettingMs: 15_000, closedMs: 4_000, resultMs: 6_000, tickMs: 250, leaseMs: 3_000 };

export type LiveChoice = { bets: RouletteBet[] } | { bet: BaccaratBet; amount: number };

/** What a roulette or baccarat round drew. */
export type LiveOutcome =
  | { number: number }
  | { cards: string[]; player: string[]; banker: string[]; playerTotal: number; bankerTotal: number; winner: BaccaratBet };

export interface LiveRoundView {
  table: LiveTableId;
  round: number;
  /** The round's number at its table (the nonce of its fair draw). */
  number: number;
  phase: 'betting' | 'closed' | 'result';
  /** ISO times: betting closes; the result is shown. */
  bettingEndsAt: string;
  resultAt: string;
  /** SHA-256 of the round's server seed, shown from the start. */
  seedHash: string;
  /** The server seed, once the result is shown. */
  seed: string | null;
  outcome: LiveOutcome | null;
  /** The server's time when this was written, so the page runs its countdown on it. */
  serverTime: string;
}

export interface LiveBetView {
  choice: LiveChoice;
  /** Stake, two-decimal amount. */
  amount: number;
  status: 'new' | 'placed' | 'settled';
  win: number;
}

export interface LiveHistoryEntry {
  round: number;
  number: number;
  outcome: LiveOutcome;
  seed: string;
}
