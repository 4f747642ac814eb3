import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { players } from './players.ts';

/**
 * A progressive jackpot pool, one per pool slug and currency. It is the house's promise,
 * not a wallet account: stakes stay in the house account, and this row counts what of
 * them the pool has grown by (`amount`, minor units). A win pays `amount` from the house
 * through the wallet and puts it back to `seed` in the same transaction.
 */
export const jackpotPools = pgTable(
  'jackpot_pools',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    /** What the pool starts from, and restarts from after a win (minor units). */
    seed: bigint('seed', { mode: 'number' }).notNull(),
    /** What a win pays now (minor units). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The share of every stake the pool grows by, in basis points (100 = 1 %). */
    contributionBps: integer('contribution_bps').notNull(),
    /** Everything stakes added (minor units), so the pool's growth is accounted for. */
    contributed: bigint('contributed', { mode: 'number' }).notNull().default(0),
    wins: integer('wins').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jackpot_pools_slug_currency').on(t.slug, t.currency),
    check('jackpot_pools_amount', sql`${t.amount} >= ${t.seed} and ${t.seed} > 0`),
    check('jackpot_pools_contribution', sql`${t.contributionBps} between 1 and 1000`),
  ],
);

/** Each time a pool was won: by whom, with which round's bet, and how much. */
export const jackpotWins = pgTable(
  'jackpot_wins',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => jackpotPools.id),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    /** The wallet operation that paid it. */
    operationId: bigint('operation_id', { mode: 'number' }).notNull().unique(),
    /** The bet key of the round that won. */
    betKey: text('bet_key').notNull().unique(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jackpot_wins_pool').on(t.poolId, t.id)],
);
