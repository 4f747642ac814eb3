import { sql } from 'drizzle-orm';
import { boolean, check, date, index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /**
     * The username as a reader sees it: NFKC, case-folded, confusables mapped to their
     * UTS #39 skeleton, so `аdmin` (Cyrillic а) or `ｄｅｍｏ` collide with `admin` and `demo`.
     * Filled at registration; rows from before it are filled at start.
     */
    usernameKey: text('username_key'),
    passwordHash: text('password_hash').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender').$type<'male' | 'female'>().notNull().default('male'),
    birthday: date('birthday').notNull(),
    country: text('country').notNull(),
    phoneNumber: text('phone_number').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    interfaceLocal: text('interface_local').notNull().default('en'),
    /**
     * The wallet's currency (ISO 4217), chosen at registration from the country or the
     * interface locale (auth/currency.ts) and never changed afterwards (a trigger refuses
     * it): every amount of the player's wallet, history and bonuses is in it.
     */
    currency: text('currency').notNull().default('EUR'),
    notifyNewsletter: boolean('notify_newsletter').notNull().default(false),
    promoCode: text('promo_code'),
    trackingCode: text('tracking_code'),
    /** The address the request came from at registration (after trusted proxies). */
    ipAddress: text('ip_address'),
    /** The address the browser said it had (a third-party lookup): a hint, never trusted. */
    reportedIpAddress: text('reported_ip_address'),
    /** Set when the player follows the activation link; the account is usable before that. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Permission scopes; players have ['player'], staff add 'admin'. */
    scope: jsonb('scope').$type<string[]>().notNull().default(['player']),
    status: text('status').$type<'pending' | 'active' | 'blocked'>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Usernames are unique whatever their case, so "Alice" cannot shadow "alice".
    uniqueIndex('players_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('players_username_key_idx').on(t.usernameKey),
    index('players_email_lower_idx').on(sql`lower(${t.email})`),
    index('players_ip_idx').on(t.ipAddress),
    // Referenced by the wallet's accounts and operations, so that they carry the player's currency.
    uniqueIndex('players_id_currency_idx').on(t.id, t.currency),
    check('players_currency_code', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);
