import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { players } from './players.ts';

// Payments: processors are rows (the contract's ids), each naming the adapter that talks to
// its provider. A payment is one deposit or withdrawal as the provider sees it; money moves
// only through the wallet's operations, keyed by the payment's id, so a payment credits or
// pays out once however often its provider tells us.

/** How the player's browser is sent to the provider (contract §15.3). */
export type ProcessorReply = 'redirect' | 'autopost' | 'html' | 'popup' | 'eupayment' | 'window';
export type ProcessorKind = 'card' | 'wallet' | 'bank' | 'crypto';

/** Limits of a processor in one currency, in cents; null for none. */
export interface ProcessorLimits {
  min_deposit: number;
  max_deposit: number | null;
  daily_limit: number | null;
  min_withdraw: number;
  max_withdraw: number | null;
}

export const paymentProcessors = pgTable(
  'payment_processors',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    /** The call that starts its deposit: `payment/get_payment_<slug>_url` (or a variant the row names in `call`). */
    call: text('call').notNull(),
    kind: text('kind').$type<ProcessorKind>().notNull(),
    /** The adapter module (payments/registry.ts). */
    adapter: text('adapter').notNull(),
    reply: text('reply').$type<ProcessorReply>().notNull().default('redirect'),
    logo: text('logo').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    deposit: boolean('deposit').notNull().default(true),
    withdraw: boolean('withdraw').notNull().default(false),
    /** ISO 3166 codes the processor serves; empty for everywhere. */
    countries: jsonb('countries').$type<string[]>().notNull().default([]),
    /** Limits per currency it takes (its keys are the currencies it lists for). */
    limits: jsonb('limits').$type<Record<string, ProcessorLimits>>().notNull(),
    /** Fee taken from each deposit: basis points of the amount plus a fixed part in cents. */
    feeBp: integer('fee_bp').notNull().default(0),
    feeFixed: integer('fee_fixed').notNull().default(0),
    priority: integer('priority').notNull().default(100),
    /** What the provider needs besides (paymentMethod, coin …), and what the contract's `setting` carries. */
    setting: jsonb('setting').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payment_processors_fee', sql`${t.feeBp} between 0 and 10000 and ${t.feeFixed} >= 0`)],
);

export type PaymentDirection = 'deposit' | 'withdrawal';
/** Deposits: pending → complete | failed, complete → refunded. Withdrawals: pending → approved → complete | failed; pending → cancelled | rejected. */
/** `held`: a deposit the provider was paid for but that would pass the processor's daily limit; staff credit it or give it back. */
export type PaymentStatus = 'pending' | 'approved' | 'complete' | 'failed' | 'cancelled' | 'rejected' | 'refunded' | 'held';

export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    processorId: integer('processor_id')
      .notNull()
      .references(() => paymentProcessors.id),
    direction: text('direction').$type<PaymentDirection>().notNull(),
    /** Cents the player pays in or asks for. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Cents kept from a deposit; the wallet is credited amount − fee. */
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    /** The provider's own id of this payment (a charge, a payout, a chain transaction). */
    providerRef: text('provider_ref'),
    promoCode: text('promo_code'),
    /** The wallet operation that moved its money (the deposit, or the withdrawal request). */
    walletTxId: bigint('wallet_tx_id', { mode: 'number' }),
    /** Catalogue key of why it failed or was refused. */
    reason: text('reason'),
    /** Payout details (the bank form) or the crypto address and coin. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_player_idx').on(t.playerId, t.createdAt),
    index('payments_status_idx').on(t.direction, t.status),
    uniqueIndex('payments_provider_ref_idx').on(t.processorId, t.providerRef),
    uniqueIndex('payments_wallet_tx_idx').on(t.walletTxId),
    check('payments_amount_positive', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.fee} < ${t.amount}`),
  ],
);

/** Every webhook event taken, by the provider's event id: a second delivery is acknowledged and not applied. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    processorId: integer('processor_id').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: bigint('payment_id', { mode: 'number' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.processorId, t.eventId] })],
);

/** A player's deposit address at a crypto processor, for one coin. */
export const paymentAddresses = pgTable(
  'payment_addresses',
  {
    address: text('address').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    processorId: integer('processor_id')
      .notNull()
      .references(() => paymentProcessors.id),
    coin: text('coin').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_addresses_owner_idx').on(t.playerId, t.processorId, t.coin)],
);

/** What staff did at the cashier desk: who, when, what. */
export const paymentAudit = pgTable(
  'payment_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The staff account, or null for the command line. */
    staffId: integer('staff_id'),
    /** `cli:<os user>` or `api`. */
    via: text('via').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_audit_time_idx').on(t.createdAt)],
);
