// Outside game studios that call our wallet over the seamless-wallet API
// (src/server/seamless): who they are, the keys they sign with, and what staff did to them.
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { gameProviders } from './games.ts';

/**
 * A studio allowed to move money through the seamless-wallet API. Its games are the
 * catalogue's games of `gameProviderId` (the lobby's label for it), launched at
 * `launchUrl`; it may move money only in `currencies`. A disabled one is refused before
 * anything else is read.
 */
export const walletProviders = pgTable('wallet_providers', {
  id: serial('id').primaryKey(),
  /** Short lower-case name used in commands and logs ('sandbox-games'). */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  gameProviderId: integer('game_provider_id')
    .notNull()
    .unique()
    .references(() => gameProviders.id),
  enabled: boolean('enabled').notNull().default(true),
  /** ISO 4217 codes, upper case. */
  currencies: text('currencies').array().notNull().default(sql`'{}'::text[]`),
  /** Where a launch sends the player: an absolute https URL or a path of ours; the token and game are added as query parameters. */
  launchUrl: text('launch_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A provider's signing key. The secret is kept sealed (AES-256-GCM under
 * PROVIDER_SECRETS_KEY), never in clear, since checking an HMAC needs the secret itself.
 * `retiresAt` null is the current key; a rotation gives the previous one a deadline, so
 * two keys are good while the provider switches, never more.
 */
export const walletProviderKeys = pgTable(
  'wallet_provider_keys',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => walletProviders.id, { onDelete: 'cascade' }),
    /** Public: sent with every request so we know which secret to check it with. */
    keyId: text('key_id').notNull().unique(),
    sealedSecret: text('sealed_secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiresAt: timestamp('retires_at', { withTimezone: true }),
  },
  (t) => [index('wallet_provider_keys_provider_idx').on(t.providerId)],
);

/** What staff did to the providers (created, key rotated, enabled, disabled, currencies): who, when, what. */
export const walletProviderAudit = pgTable(
  'wallet_provider_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    providerId: integer('provider_id').references(() => walletProviders.id, { onDelete: 'set null' }),
    /** `cli:<os user>` or `seed`. */
    via: text('via').notNull(),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wallet_provider_audit_time_idx').on(t.createdAt)],
);
