import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { players } from './players.ts';

/**
 * Which server process runs a shared schedule (the crash game, each live table): a lease
 * its holder renews, taken over by another process when it runs out
 * (src/server/games/schedule.ts). One row per schedule, named by `name`.
 */
export const scheduleLeases = pgTable('schedule_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
});

export type LivePhase = 'betting' | 'closed' | 'settled';

/**
 * One shared round of a live table (src/server/games/live.ts). Its server seed is drawn
 * when the round opens and only its SHA-256 (`seedHash`) is shown until the result, so
 * the outcome was fixed before any bet and can be recomputed once the seed is revealed.
 */
export const liveRounds = pgTable(
  'live_rounds',
  {
    id: serial('id').primaryKey(),
    /** The table's slug: 'live-roulette', 'live-baccarat'. */
    tableId: text('table_id').notNull(),
    /** The round's number at its table (1, 2, …): a unique index holds that a runner opens it once. */
    number: integer('number').notNull(),
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    phase: text('phase').$type<LivePhase>().notNull(),
    bettingEndsAt: timestamp('betting_ends_at', { withTimezone: true }).notNull(),
    /** When the result is shown (the end of "no more bets"). */
    resultAt: timestamp('result_at', { withTimezone: true }).notNull(),
    /** What was drawn (roulette `{ number }`, baccarat `{ cards }`), written when the result is shown. */
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    /** True once every bet of the round is paid (or settled at 0). */
    paid: boolean('paid').notNull().default(false),
  },
  (t) => [uniqueIndex('live_rounds_number_idx').on(t.tableId, t.number), index('live_rounds_unpaid_idx').on(t.id).where(sql`not ${t.paid}`)],
);

export type LiveBetStatus = 'new' | 'placed' | 'settled';

/** A player's bets on a round (one layout per player and round): the choice, its stake and what it won. */
export const liveBets = pgTable(
  'live_bets',
  {
    id: serial('id').primaryKey(),
    roundId: integer('round_id')
      .notNull()
      .references(() => liveRounds.id),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** Roulette: `{ bets: [...] }` (chips on spots); baccarat: `{ bet }`. */
    choice: jsonb('choice').$type<Record<string, unknown>>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<LiveBetStatus>().notNull(),
    win: bigint('win', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('live_bets_player_idx').on(t.roundId, t.playerId)],
);

export type BingoPhase = 'sale' | 'drawing' | 'done';

/**
 * One scheduled bingo game of a room (src/server/games/bingo.ts): its server seed
 * (committed by `seedHash` before the sale), and once the sale closes the sale's digest,
 * the balls in order (kept from players until drawn), the prizes and the purchases in play.
 */
export const bingoRounds = pgTable(
  'bingo_rounds',
  {
    id: serial('id').primaryKey(),
    /** 'bingo-90' or 'bingo-75'. */
    game: text('game').notNull(),
    number: integer('number').notNull(),
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    phase: text('phase').$type<BingoPhase>().notNull(),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }).notNull(),
    /** When the first ball is drawn (set when the sale closes). */
    drawStartsAt: timestamp('draw_starts_at', { withTimezone: true }),
    saleDigest: text('sale_digest'),
    /** Every ball in the order drawn; only the ones drawn by now are shown. */
    balls: jsonb('balls').$type<number[]>(),
    /** The balls the game lasts: the full house's ball. */
    endsAt: integer('ends_at').notNull().default(0),
    /** Prizes won: `bingoPrizes` of src/shared/bingo.ts, with the purchases whose tickets were in the draw. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** True once every purchase is paid (or refunded). */
    paid: boolean('paid').notNull().default(false),
  },
  (t) => [uniqueIndex('bingo_rounds_number_idx').on(t.game, t.number), index('bingo_rounds_unpaid_idx').on(t.id).where(sql`not ${t.paid}`)],
);

/** A player's tickets in a game (one purchase per player and game): the tickets, their price and what they won. */
export const bingoPurchases = pgTable(
  'bingo_purchases',
  {
    id: serial('id').primaryKey(),
    roundId: integer('round_id')
      .notNull()
      .references(() => bingoRounds.id),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    tickets: jsonb('tickets').$type<(number | null)[][][]>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<LiveBetStatus>().notNull(),
    win: bigint('win', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bingo_purchases_player_idx').on(t.roundId, t.playerId)],
);
