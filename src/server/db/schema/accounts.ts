import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { players } from './players.ts';

/**
 * Refresh tokens: opaque, stored only as their SHA-256, rotated on every use. All the
 * tokens of one login share a family; showing a used one again revokes the family,
 * because only a thief or a replay would still hold it.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The login passed the second step (a code or a passkey); every token of the family carries it on. */
    secondFactor: boolean('second_factor').notNull().default(false),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_player_idx').on(t.playerId),
  ],
);

export type AccountTokenPurpose = 'activate' | 'reset' | 'staff_enrolment';

/** Single-use links sent by email (account activation, password reset, a staff account's first second factor), stored as SHA-256. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<AccountTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('account_tokens_hash_idx').on(t.tokenHash), index('account_tokens_player_idx').on(t.playerId, t.purpose)],
);

/**
 * Attempt counters in fixed windows, shared by every instance through the database.
 * The key names the action and who does it (`login:ip:…`); personal data in keys is hashed.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  hits: integer('hits').notNull().default(0),
});
