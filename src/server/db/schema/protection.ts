// Player protection: the player's own limits (with the cooling-off of a raise), breaks
// (time-out, self-exclusion), account closure and the login a session limit counts from.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { LimitKind } from '../../../shared/protection.ts';
import { players } from './players.ts';

export type { LimitKind };

export const playerLimits = pgTable(
  'player_limits',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    kind: text('kind').$type<LimitKind>().notNull(),
    /** The limit in force (cents; minutes for `session`); null: none. */
    amount: bigint('amount', { mode: 'number' }),
    /** A raise or removal waiting for its cooling-off and the player's confirmation. */
    pendingAmount: bigint('pending_amount', { mode: 'number' }),
    pendingRemove: boolean('pending_remove').notNull().default(false),
    /** When the waiting change may be confirmed; null: nothing waits. */
    pendingFrom: timestamp('pending_from', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.kind] }),
    check(
      'player_limits_kind',
      sql`${t.kind} in ('deposit_day','deposit_week','deposit_month','loss_day','loss_week','loss_month','wager_day','wager_week','wager_month','session')`,
    ),
    check('player_limits_amount', sql`${t.amount} is null or ${t.amount} > 0`),
    check('player_limits_pending', sql`${t.pendingAmount} is null or ${t.pendingAmount} > 0`),
  ],
);

export const playerProtection = pgTable(
  'player_protection',
  {
    playerId: integer('player_id')
      .primaryKey()
      .references(() => players.id),
    /** The break in force or last taken: a time-out or a self-exclusion, until `breakUntil`. */
    breakKind: text('break_kind').$type<'timeout' | 'self_exclusion'>(),
    breakStartedAt: timestamp('break_started_at', { withTimezone: true }),
    breakUntil: timestamp('break_until', { withTimezone: true }),
    /** Closed on the player's request: no login, no money in. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The latest login's start, which a session time limit counts from. */
    sessionStartedAt: timestamp('session_started_at', { withTimezone: true }),
    /** Minutes between reality checks over a game (20–60); null: the site's default. */
    realityCheckMinutes: integer('reality_check_minutes'),
    /** When the player last answered a reality check; the next is due that many minutes later. */
    realityCheckAt: timestamp('reality_check_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('player_protection_break_kind', sql`${t.breakKind} is null or ${t.breakKind} in ('timeout','self_exclusion')`),
    check('player_protection_reality_check', sql`${t.realityCheckMinutes} is null or ${t.realityCheckMinutes} between 20 and 60`),
  ],
);
