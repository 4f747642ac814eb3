import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { promotions } from './content.ts';
import { players } from './players.ts';

// The wallet is a double-entry ledger in minor units (cents). Every balance change is
// one operation whose entries sum to zero; balances are kept on the account rows so
// that a bet reads and changes them under one row lock instead of summing entries.
//
// Every account, operation and entry has a currency, and the ledger never mixes two:
// composite foreign keys make an entry carry both its operation's currency and its
// account's, an operation its player's, and a player account its owner's. So an
// operation of a rupee player can only move rupee accounts, whatever code writes it.

/** Player accounts: real (playable and withdrawable), bonus (playable, to be wagered), locked (withdrawals in progress). System accounts: the house and the payment clearing side. */
export type AccountKind = 'real' | 'bonus' | 'locked' | 'house' | 'clearing';

export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: serial('id').primaryKey(),
    /** Null for system accounts. */
    playerId: integer('player_id'),
    kind: text('kind').$type<AccountKind>().notNull(),
    /** ISO 4217: the owner's currency; system accounts exist once per currency. */
    currency: text('currency').notNull(),
    /** System accounts are split into shards (chosen by player id) so that bets of different players never queue on one house row. */
    shard: integer('shard').notNull().default(0),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    // The bonus account carries the active bonus's wagering progress, so that a bet
    // reads and advances it under the lock it already holds.
    bonusId: bigint('bonus_id', { mode: 'number' }),
    wageringRequired: bigint('wagering_required', { mode: 'number' }).notNull().default(0),
    wagered: bigint('wagered', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_accounts_player_kind_idx').on(t.playerId, t.kind),
    uniqueIndex('wallet_accounts_system_idx').on(t.kind, t.currency, t.shard).where(sql`${t.playerId} is null`),
    // Referenced by the entries, so that an entry carries its account's currency.
    uniqueIndex('wallet_accounts_id_currency_idx').on(t.id, t.currency),
    foreignKey({ name: 'wallet_accounts_player_currency_fk', columns: [t.playerId, t.currency], foreignColumns: [players.id, players.currency] }),
    check('wallet_accounts_player_balance_not_negative', sql`${t.playerId} is null or ${t.balance} >= 0`),
    check('wallet_accounts_kind_matches_owner', sql`(${t.playerId} is null) = (${t.kind} in ('house', 'clearing'))`),
    check('wallet_accounts_currency_code', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

export type OperationKind =
  | 'bet'
  | 'win'
  | 'win_reversal'
  | 'rollback'
  | 'deposit'
  | 'withdrawal_request'
  | 'withdrawal_complete'
  | 'withdrawal_cancel'
  | 'refund'
  | 'bonus_grant'
  | 'bonus_convert'
  | 'bonus_forfeit';

/**
 * One row per operation: the idempotency record and the header of its entries. The
 * caller's id is unique per kind; the first reply is stored and returned to repeats.
 * A rollback of a bet not yet seen stores a `tombstone` under that bet's id, so that a
 * late bet with the id is refused. Operations done on the wallet's own initiative
 * (a bonus converted by the bet that met its wagering) have no key and a parent.
 */
export const walletOperations = pgTable(
  'wallet_operations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<OperationKind>().notNull(),
    opKey: text('op_key'),
    playerId: integer('player_id'),
    /** The player's currency: every entry of the operation is in it. */
    currency: text('currency').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    /** The operation's details; a repeat with other details is a conflict. */
    fingerprint: text('fingerprint').notNull(),
    outcome: text('outcome').$type<'pending' | 'accepted' | 'refused' | 'tombstone'>().notNull(),
    reply: jsonb('reply'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_operations_key_idx').on(t.kind, t.opKey),
    index('wallet_operations_player_idx').on(t.playerId),
    // Referenced by the entries, so that an entry carries its operation's currency.
    uniqueIndex('wallet_operations_id_currency_idx').on(t.id, t.currency),
    foreignKey({ name: 'wallet_operations_player_currency_fk', columns: [t.playerId, t.currency], foreignColumns: [players.id, players.currency] }),
  ],
);

/**
 * Immutable ledger lines (a trigger refuses UPDATE and DELETE); the entries of one
 * operation sum to zero. An entry's currency must be both its operation's and its
 * account's (the two foreign keys), so no operation can touch two currencies.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operationId: bigint('operation_id', { mode: 'number' }).notNull(),
    accountId: integer('account_id').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_entries_account_idx').on(t.accountId),
    index('wallet_entries_operation_idx').on(t.operationId),
    foreignKey({
      name: 'wallet_entries_operation_currency_fk',
      columns: [t.operationId, t.currency],
      foreignColumns: [walletOperations.id, walletOperations.currency],
    }),
    foreignKey({
      name: 'wallet_entries_account_currency_fk',
      columns: [t.accountId, t.currency],
      foreignColumns: [walletAccounts.id, walletAccounts.currency],
    }),
  ],
);

/**
 * A granted bonus and what became of it. Its id is the granting operation's id. The
 * promotion's terms are copied at the grant, so editing a promotion never changes a
 * bonus a player already holds.
 */
export const walletBonuses = pgTable(
  'wallet_bonuses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    promotionId: integer('promotion_id').references(() => promotions.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    wageringRequired: bigint('wagering_required', { mode: 'number' }).notNull(),
    status: text('status').$type<'active' | 'converted' | 'forfeited'>().notNull(),
    /** The most this bonus's money may become in real money, in all; null for no limit. */
    maxCashout: bigint('max_cashout', { mode: 'number' }),
    /** How much of this bonus's money has become real money so far (at conversion, and late wins after it). */
    cashedOut: bigint('cashed_out', { mode: 'number' }).notNull().default(0),
    /** When an unwagered bonus is forfeited; null for never. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_bonuses_one_active_idx').on(t.playerId).where(sql`${t.status} = 'active'`),
    index('wallet_bonuses_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * "Once per person": who has received a promotion's bonus, by the marks of a person
 * (a digest of the email, phone number, name and birthday …; see auth/person.ts). A
 * mark held by another player refuses the grant. Kept apart from the player rows so
 * that a later change of profile does not make a bonus claimable again.
 */
export const bonusClaims = pgTable(
  'bonus_claims',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    /** `<kind>:<sha-256 hex>`: no readable personal data. */
    mark: text('mark').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    bonusId: bigint('bonus_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.mark] }), index('bonus_claims_player_idx').on(t.playerId)],
);

/**
 * A game round's stake as the bet list shows it: game, stake, what was won. Its id is
 * the bet operation's id. The stake records how much came from real and bonus money,
 * because a win and a rollback return money the way it came.
 */
export const playerBets = pgTable(
  'player_bets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    betKey: text('bet_key').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    provider: text('provider').notNull().default(''),
    gameId: text('game_id').notNull(),
    gameName: text('game_name').notNull(),
    roundId: text('round_id').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    stakeReal: bigint('stake_real', { mode: 'number' }).notNull(),
    stakeBonus: bigint('stake_bonus', { mode: 'number' }).notNull(),
    /** The bonus active when the bet was placed. */
    bonusId: bigint('bonus_id', { mode: 'number' }),
    /** What the player was credited for this bet. */
    win: bigint('win', { mode: 'number' }).notNull().default(0),
    state: text('state').$type<'open' | 'settled' | 'rolled_back'>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('player_bets_key_idx').on(t.betKey),
    index('player_bets_player_time_idx').on(t.playerId, t.createdAt),
    // A seamless provider's win may name only its round (src/server/seamless/service.ts).
    index('player_bets_player_round_idx').on(t.playerId, t.roundId),
  ],
);

export type FinancialType = 'deposit' | 'withdrawal' | 'bonus' | 'bonus_conversion' | 'bonus_forfeit';
export type FinancialStatus = 'pending' | 'complete' | 'cancelled';

/** Deposits, withdrawals and bonus events as the transaction list shows them. Its id is the creating operation's id. */
export const financialTransactions = pgTable(
  'financial_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    type: text('type').$type<FinancialType>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The payment processor, or the promotion code for bonus rows. */
    provider: text('provider').notNull().default(''),
    status: text('status').$type<FinancialStatus>().notNull(),
    isBonus: boolean('is_bonus').notNull().default(false),
    /** The processor's reference, for the cashier's return page. */
    invoiceId: text('invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('financial_transactions_player_time_idx').on(t.playerId, t.createdAt),
    index('financial_transactions_player_invoice_idx').on(t.playerId, t.invoiceId),
  ],
);
