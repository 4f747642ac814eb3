// Bingo's rules, shared by the server (which sells tickets, draws and pays) and the page
// (which daubs the player's tickets as the balls come): tickets, the draw order, which
// prizes a ticket has after how many balls, and how a prize pool is split.
//
// Two games:
//   - 90-ball: a ticket is 3 rows × 9 columns with 5 numbers a row (15 numbers), column c
//     holding numbers from 10c to 10c + 9 (1–9 in the first, 80–90 in the last). Prizes:
//     one line, two lines, full house.
//   - 75-ball: a card is 5 × 5 under B I N G O (1–15, 16–30 … 61–75), its centre free.
//     Prizes: a line (a row, a column or a diagonal: the pattern), then full house.
// The prize pool is a fixed share of the tickets sold (the game's return to player, exact:
// every prize is always won, since the draw goes on until a full house), split between
// the prizes by fixed shares; tickets that win a prize on the same ball share it, the
// cents that do not divide going one each to the earliest tickets sold.
// Fair: the round's server seed is committed (SHA-256) before the sale; at its close the
// sale's digest (SHA-256 of every ticket sold, in the order sold) is published, and the
// balls are the numbers 1…N shuffled by Fisher–Yates from the stream HMAC-SHA256(server
// seed, `digest:round number:cursor`) of src/shared/fairness.ts. The server could not
// choose tickets knowing the balls, since every ticket sold changes the order.
import { type Rng, shuffleTop } from './fairness.ts';

export const BINGO_GAMES = ['bingo-90', 'bingo-75'] as const;
export type BingoGame = (typeof BINGO_GAMES)[number];

export function isBingoGame(engine: string): engine is BingoGame {
  return (BINGO_GAMES as readonly string[]).includes(engine);
}

export type BingoPrize = 'line' | 'two_lines' | 'full_house';

export interface BingoRules {
  /** Balls in the drum. */
  balls: number;
  /** Ticket price in cents (a multiple of 20, so the pool's share is whole cents). */
  price: number;
  /** Most tickets one player buys in a round. */
  maxTickets: number;
  /** The prizes in the order they are played for, with their share of the pool (summing to 1). */
  prizes: readonly { prize: BingoPrize; share: number }[];
}

/** The share of ticket sales that goes back as prizes: the return to player. */
export const BINGO_POOL_SHARE = 0.85;

export const BINGO_RULES: Record<BingoGame, BingoRules> = {
  'bingo-90': {
    balls: 90,
    price: 100,
    maxTickets: 6,
    prizes: [
      { prize: 'line', share: 0.15 },
      { prize: 'two_lines', share: 0.25 },
      { prize: 'full_house', share: 0.6 },
    ],
  },
  'bingo-75': {
    balls: 75,
    price: 20,
    maxTickets: 6,
    prizes: [
      { prize: 'line', share: 0.4 },
      { prize: 'full_house', share: 0.6 },
    ],
  },
};

/** A ticket as rows of cells: a number, or null for an empty cell (90-ball) or the free centre (75-ball). */
export type BingoTicket = (number | null)[][];

/** Distinct numbers of [from, to], `count` of them, drawn by `rng` and sorted. */
function pick(rng: Rng, from: number, to: number, count: number): number[] {
  const pool = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return shuffleTop(rng, pool, count).sort((a, b) => a - b);
}

/** A new ticket of `game` from `rng`. */
export function bingoTicket(game: BingoGame, rng: Rng): BingoTicket {
  if (game === 'bingo-75') {
    const columns = Array.from({ length: 5 }, (_, c) => pick(rng, 15 * c + 1, 15 * c + 15, 5));
    return Array.from({ length: 5 }, (_, r) => columns.map((col, c) => (r === 2 && c === 2 ? null : (col[r] as number))));
  }
  // Each row takes five of the nine columns; a column's numbers run down the rows that use it.
  const rows = Array.from({ length: 3 }, () => new Set(pick(rng, 0, 8, 5)));
  const ticket: BingoTicket = rows.map(() => Array<number | null>(9).fill(null));
  for (let c = 0; c < 9; c++) {
    const used = rows.flatMap((row, r) => (row.has(c) ? [r] : []));
    const numbers = pick(rng, c === 0 ? 1 : 10 * c, c === 8 ? 90 : 10 * c + 9, used.length);
    used.forEach((r, i) => {
      (ticket[r] as (number | null)[])[c] = numbers[i] as number;
    });
  }
  return ticket;
}

/** The balls in the order drawn: 1…N shuffled by Fisher–Yates from `rng` (`shuffleTop` over the whole drum). */
export function bingoDrawOrder(game: BingoGame, rng: Rng): number[] {
  const n = BINGO_RULES[game].balls;
  return shuffleTop(
    rng,
    Array.from({ length: n }, (_, i) => i + 1),
    n,
  );
}

/** The lines of a ticket that count for its game: rows (90-ball); rows, columns and diagonals (75-ball). */
function linesOf(game: BingoGame, ticket: BingoTicket): number[][] {
  const rows = ticket.map((row) => row.filter((n): n is number => n !== null));
  if (game === 'bingo-90') return rows;
  const cell = (r: number, c: number) => ticket[r]?.[c] ?? null;
  const columns = Array.from({ length: 5 }, (_, c) => Array.from({ length: 5 }, (_, r) => cell(r, c)).filter((n): n is number => n !== null));
  const diagonals = [0, 1].map((d) => Array.from({ length: 5 }, (_, i) => cell(i, d === 0 ? i : 4 - i)).filter((n): n is number => n !== null));
  return [...rows, ...columns, ...diagonals];
}

/**
 * How many balls of `order` a ticket needs for each prize of its game (the ball's
 * position, 1-based): a line, two lines (90-ball) and full house.
 */
export function ballsToWin(game: BingoGame, ticket: BingoTicket, order: readonly number[]): Record<BingoPrize, number> {
  const position = new Map(order.map((ball, i) => [ball, i + 1]));
  const when = (numbers: number[]) => Math.max(...numbers.map((n) => position.get(n) ?? Number.POSITIVE_INFINITY));
  const lines = linesOf(game, ticket)
    .map(when)
    .sort((a, b) => a - b);
  const all = when(ticket.flat().filter((n): n is number => n !== null));
  return { line: lines[0] as number, two_lines: game === 'bingo-90' ? (lines[1] as number) : all, full_house: all };
}

export interface BingoPrizeResult {
  prize: BingoPrize;
  /** The ball (1-based position in the order) that won it. */
  ball: number;
  /** The pool's share of this prize, in cents. */
  amount: number;
  /** Indexes of the winning tickets (in the order sold) and what each is paid, in cents. */
  winners: { ticket: number; amount: number }[];
}

/**
 * Every prize of a round from the tickets sold (in the order sold) and the draw: who
 * wins on which ball and what each is paid. The pool is `BINGO_POOL_SHARE` of the sales
 * and is paid out to the cent: a prize's cents go to its share (the last prize takes
 * what the shares leave), winners on the same ball split it, the odd cents to the
 * earliest tickets. The game ends on the full house's ball.
 */
export function bingoPrizes(
  game: BingoGame,
  tickets: readonly BingoTicket[],
  order: readonly number[],
): { pool: number; endsAt: number; prizes: BingoPrizeResult[] } {
  const rules = BINGO_RULES[game];
  const pool = Math.round(tickets.length * rules.price * BINGO_POOL_SHARE);
  if (tickets.length === 0) return { pool: 0, endsAt: 0, prizes: [] };
  const needs = tickets.map((ticket) => ballsToWin(game, ticket, order));
  let left = pool;
  const prizes = rules.prizes.map(({ prize, share }, i) => {
    const amount = i === rules.prizes.length - 1 ? left : Math.floor(pool * share);
    left -= amount;
    const ball = Math.min(...needs.map((n) => n[prize]));
    const winning = needs.flatMap((n, ticket) => (n[prize] === ball ? [ticket] : []));
    const each = Math.floor(amount / winning.length);
    const odd = amount - each * winning.length;
    return { prize, ball, amount, winners: winning.map((ticket, k) => ({ ticket, amount: each + (k < odd ? 1 : 0) })) };
  });
  return { pool, endsAt: prizes[prizes.length - 1]?.ball ?? 0, prizes };
}

/** What a watcher sees of a bingo round. */
export interface BingoRoundView {
  game: BingoGame;
  round: number;
  number: number;
  phase: 'sale' | 'drawing' | 'done';
  saleEndsAt: string;
  /** ISO time of the first ball, and ms between balls. */
  drawStartsAt: string;
  ballMs: number;
  /** The balls drawn so far, in order. */
  drawn: number[];
  ticketsSold: number;
  /** The prize pool so far (85 % of the sales), a two-decimal amount. */
  pool: number;
  seedHash: string;
  /** Published when the sale closes: SHA-256 of every ticket sold, in the order sold. */
  saleDigest: string | null;
  /** Once the game is over: the server seed and every ticket sold (in the order sold, without owners). */
  seed: string | null;
  tickets: BingoTicket[] | null;
  /** The prizes won so far: by which ball, how much, how many tickets share it. */
  prizes: { prize: BingoPrize; ball: number; amount: number; winners: number }[];
  serverTime: string;
}

export interface BingoPurchaseView {
  tickets: BingoTicket[];
  /** Two-decimal amounts. */
  amount: number;
  status: 'new' | 'placed' | 'settled';
  win: number;
}
