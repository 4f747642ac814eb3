// The operator's cashier desk: pending withdrawals, approve (the adapter pays out, its
// webhook completes it), reject, a player's payments, refund a deposit, a processor's
// switch and limits. Every action is written to payment_audit with who and what.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { payments } from '../db/schema/index.ts';
import { audit, type Staff } from './audit.ts';
import type { ProcessorLimits } from '../db/schema/payments.ts';
import { walletOf } from '../wallet/index.ts';
import { findProcessor, updateProcessor } from './processors.ts';
import { creditHeld, hasPayoutDestination } from './service.ts';
import { adapterFor } from './registry.ts';

export function pendingWithdrawals(ctx: ServerContext) {
  return ctx.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.direction, 'withdrawal'), sql`${payments.status} in ('pending', 'approved')`))
    .orderBy(payments.id)
    .limit(500);
}

export function playerPayments(ctx: ServerContext, playerId: number) {
  return ctx.database.db.select().from(payments).where(eq(payments.playerId, playerId)).orderBy(desc(payments.id)).limit(200);
}

type DeskResult = { ok: true; status: string } | { ok: false; message: string };

async function move(ctx: ServerContext, id: number, from: string, to: string): Promise<boolean> {
  const changed = await ctx.database.db
    .update(payments)
    .set({ status: to as never, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, from as never)))
    .returning({ id: payments.id });
  return changed.length > 0;
}

/** Approves a pending withdrawal and sends it out; a player's cancel that came first wins. */
export async function approveWithdrawal(ctx: ServerContext, who: Staff, id: number): Promise<DeskResult> {
  const [p] = await ctx.database.db.select().from(payments).where(eq(payments.id, id));
  if (!p || p.direction !== 'withdrawal' || p.walletTxId === null) return { ok: false, message: 'transaction_not_found' };
  const processor = await findProcessor(ctx.database.db, p.processorId);
  const adapter = processor ? adapterFor(ctx.config, processor.adapter) : undefined;
  if (!processor || !adapter?.payout) return { ok: false, message: 'processor_unavailable' };
  // Nowhere to send it (a request from before destinations were required): reject it instead.
  if (!hasPayoutDestination(processor, p.details)) return { ok: false, message: 'withdrawal_destination_missing' };
  if (!(await move(ctx, id, 'pending', 'approved'))) return { ok: false, message: 'withdrawal_not_pending' };
  await audit(ctx, who, 'approve_withdrawal', `payment:${id}`, { amount: p.amount, currency: p.currency });
  const { providerRef } = await adapter.payout(ctx, {
    processor,
    paymentId: id,
    playerId: p.playerId,
    amount: p.amount,
    currency: p.currency,
    details: p.details,
  });
  await ctx.database.db.update(payments).set({ providerRef }).where(eq(payments.id, id));
  const [now] = await ctx.database.db.select({ status: payments.status }).from(payments).where(eq(payments.id, id));
  return { ok: true, status: now?.status ?? 'approved' };
}

export async function rejectWithdrawal(ctx: ServerContext, who: Staff, id: number, reason: string): Promise<DeskResult> {
  const [p] = await ctx.database.db.select().from(payments).where(eq(payments.id, id));
  if (!p || p.direction !== 'withdrawal' || p.walletTxId === null) return { ok: false, message: 'transaction_not_found' };
  if (!(await move(ctx, id, 'pending', 'rejected')) && p.status !== 'rejected') return { ok: false, message: 'withdrawal_not_pending' };
  const outcome = await walletOf(ctx).withdrawalCancel({ key: `reject:${id}`, transactionId: p.walletTxId, playerId: p.playerId });
  if (!outcome.ok) return { ok: false, message: outcome.code };
  await ctx.database.db
    .update(payments)
    .set({ reason: reason || 'withdrawal_rejected' })
    .where(eq(payments.id, id));
  await audit(ctx, who, 'reject_withdrawal', `payment:${id}`, { reason });
  return { ok: true, status: 'rejected' };
}

/**
 * Gives a completed deposit back: what was credited leaves the player's real balance in one
 * wallet operation (a completed withdrawal, never a pending one the player could cancel).
 */
export async function refundDeposit(ctx: ServerContext, who: Staff, id: number): Promise<DeskResult> {
  const [p] = await ctx.database.db.select().from(payments).where(eq(payments.id, id));
  if (!p || p.direction !== 'deposit') return { ok: false, message: 'transaction_not_found' };
  if (!(await move(ctx, id, 'complete', 'refunded')) && p.status !== 'refunded') return { ok: false, message: 'deposit_not_refundable' };
  const outcome = await walletOf(ctx).refund({ key: `refund:${id}`, playerId: p.playerId, amount: p.amount - p.fee, provider: 'Refund', currency: p.currency });
  if (!outcome.ok) {
    await move(ctx, id, 'refunded', 'complete');
    return { ok: false, message: outcome.code };
  }
  if (!outcome.replayed) await audit(ctx, who, 'refund_deposit', `payment:${id}`, { amount: p.amount - p.fee, currency: p.currency });
  return { ok: true, status: 'refunded' };
}

/** Deposits held because they would pass their processor's daily limit, oldest first. */
export function heldDeposits(ctx: ServerContext) {
  return ctx.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.direction, 'deposit'), eq(payments.status, 'held')))
    .orderBy(payments.id)
    .limit(500);
}

/** Credits a held deposit all the same (staff decided the limit may be passed this once). */
export async function releaseHeldDeposit(ctx: ServerContext, who: Staff, id: number): Promise<DeskResult> {
  const [p] = await ctx.database.db.select().from(payments).where(eq(payments.id, id));
  if (!p || p.direction !== 'deposit') return { ok: false, message: 'transaction_not_found' };
  if (p.status !== 'held') return { ok: false, message: 'deposit_not_held' };
  const processor = await findProcessor(ctx.database.db, p.processorId);
  if (!processor) return { ok: false, message: 'processor_not_found' };
  const outcome = await creditHeld(ctx, p, processor, who);
  return outcome.ok ? { ok: true, status: 'complete' } : { ok: false, message: outcome.code };
}

/** Gives a held deposit back to the payer at the provider: nothing was credited, so nothing moves here. */
export async function returnHeldDeposit(ctx: ServerContext, who: Staff, id: number): Promise<DeskResult> {
  const [p] = await ctx.database.db.select().from(payments).where(eq(payments.id, id));
  if (!p || p.direction !== 'deposit') return { ok: false, message: 'transaction_not_found' };
  if (!(await move(ctx, id, 'held', 'refunded'))) return { ok: false, message: 'deposit_not_held' };
  await audit(ctx, who, 'return_held_deposit', `payment:${id}`, { amount: p.amount, currency: p.currency });
  return { ok: true, status: 'refunded' };
}

export interface ProcessorChange {
  enabled?: boolean | undefined;
  feeBp?: number | undefined;
  feeFixed?: number | undefined;
  currency?: string | undefined;
  limits?: Partial<ProcessorLimits>;
}

export async function changeProcessor(ctx: ServerContext, who: Staff, id: number, change: ProcessorChange): Promise<DeskResult> {
  const p = await findProcessor(ctx.database.db, id);
  if (!p) return { ok: false, message: 'processor_not_found' };
  let limits: Record<string, ProcessorLimits> | undefined;
  const set = Object.fromEntries(Object.entries(change.limits ?? {}).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length > 0) {
    const currency = change.currency ?? 'EUR';
    const base = p.limits[currency] ?? { min_deposit: 1_000, max_deposit: null, daily_limit: null, min_withdraw: 1_000, max_withdraw: null };
    limits = { ...p.limits, [currency]: { ...base, ...set } };
  }
  await updateProcessor(ctx.database.db, id, { enabled: change.enabled, feeBp: change.feeBp, feeFixed: change.feeFixed, ...(limits ? { limits } : {}) });
  await audit(ctx, who, 'change_processor', `processor:${id}`, { ...change });
  return { ok: true, status: 'changed' };
}
