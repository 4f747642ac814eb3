import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { players } from './players.ts';

/**
 * A hash chain of crash rounds (src/server/games/crash.ts): round k's seed is
 * SHA-256^(length − k)(top seed), so each round's seed is the hash of the next one's and
 * `chainEnd` (SHA-256 of round 1's seed) is published before the first round is played.
 */
export const crashChains = pgTable('crash_chains', {
  id: serial('id').primaryKey(),
  topSeed: text('top_seed').notNull(),
  length: integer('length').notNull(),
  chainEnd: text('chain_end').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CrashPhase = 'betting' | 'running' | 'crashed';

/** One shared round: its seed (shown once it crashed), crash point in hundredths, and schedule. */
export const crashRounds = pgTable(
  'crash_rounds',
  {
    id: serial('id').primaryKey(),
    chainId: integer('chain_id')
      .notNull()
      .references(() => crashChains.id),
    number: integer('number').notNull(),
    seed: text('seed').notNull(),
    crashPoint: integer('crash_point').notNull(),
    phase: text('phase').$type<CrashPhase>().notNull(),
    bettingEndsAt: timestamp('betting_ends_at', { withTimezone: true }).notNull(),
    crashedAt: timestamp('crashed_at', { withTimezone: true }),
    /** True once every bet of the crashed round is paid (or settled at 0). */
    settled: boolean('settled').notNull().default(false),
  },
  (t) => [uniqueIndex('crash_rounds_number_idx').on(t.chainId, t.number), index('crash_rounds_open_idx').on(t.id).where(sql`not ${t.settled}`)],
);

export type CrashBetStatus = 'new' | 'placed' | 'refused' | 'cashed' | 'lost';

/** A player's bet on a round (one per player and round): its stake, auto cash-out and where it stands. */
export const crashBets = pgTable(
  'crash_bets',
  {
    id: serial('id').primaryKey(),
    roundId: integer('round_id')
      .notNull()
      .references(() => crashRounds.id),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Cash out by itself at this multiplier (hundredths), or null. */
    autoCashout: integer('auto_cashout'),
    /** The multiplier it was cashed out at (hundredths), once cashed. */
    cashedAt: integer('cashed_at'),
    status: text('status').$type<CrashBetStatus>().notNull(),
    win: bigint('win', { mode: 'number' }).notNull().default(0),
    /** The win (0 for a lost bet) reached the wallet. */
    paid: boolean('paid').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('crash_bets_player_idx').on(t.roundId, t.playerId)],
);
