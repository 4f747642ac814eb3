// Second factors of a login: an authenticator app's secret (TOTP) with its recovery codes,
// passkeys (WebAuthn credentials), the challenges a passkey signs, and the short-lived
// tickets that stand between a right password and the tokens while the second factor is asked.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { players } from './players.ts';

/**
 * One authenticator app per player. The secret is stored encrypted (AES-256-GCM under a key
 * derived from TWO_FACTOR_KEY) and never sent again after enrolment. `confirmedAt` null: an
 * enrolment waiting for its first code, not yet asked at login.
 */
export const playerTotp = pgTable('player_totp', {
  playerId: integer('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The time step of the last code accepted: a code is good once, and never one older than it. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ten one-time codes per enrolment, stored as SHA-256, for a lost phone. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_player_code_idx').on(t.playerId, t.codeHash)],
);

/** Passkeys: several per player, each with the name the player gave it. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter: an assertion must carry a higher one (a cloned key would not). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_player_idx').on(t.playerId)],
);

/** A passkey registration's challenge: kept by the server, good once and for a few minutes. */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkey_challenges_challenge_idx').on(t.challenge), index('passkey_challenges_player_idx').on(t.playerId)],
);

/**
 * The ticket a right password earns when the account has a second factor: stored as SHA-256,
 * good for a few minutes and one completed login, and for a few wrong codes. A passkey's
 * login challenge is kept with it.
 */
export const loginTickets = pgTable(
  'login_tickets',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    challenge: text('challenge'),
    failures: integer('failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('login_tickets_hash_idx').on(t.tokenHash),
    index('login_tickets_player_idx').on(t.playerId),
    check('login_tickets_failures', sql`${t.failures} >= 0`),
  ],
);
