// The player's limits as stored: read them, request a change (lowering at once, a raise
// or removal after the cooling-off), confirm a change once its cooling-off is over.
import { and, eq, sql } from 'drizzle-orm';
import type { LimitRow } from '../../shared/protection.ts';
import { toAmount } from '../../shared/money.ts';
import type { ServerContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { playerLimits } from '../db/schema/index.ts';
import { confirmLimit, LIMIT_KINDS, type LimitKind, type LimitState, NO_LIMIT, requestLimit } from './rules.ts';

type Stored = typeof playerLimits.$inferSelect;

const stateOf = (r: Stored | undefined): LimitState =>
  r ? { amount: r.amount, pendingAmount: r.pendingAmount, pendingRemove: r.pendingRemove, pendingFrom: r.pendingFrom?.getTime() ?? null } : NO_LIMIT;

/** A limit as replies carry it: money as two-decimal amounts, session limits in minutes. */
export function limitRow(kind: LimitKind, s: LimitState): LimitRow {
  const shown = (v: number | null) => (v === null ? null : kind === 'session' ? v : toAmount(v));
  return {
    kind,
    amount: shown(s.amount),
    pending:
      s.pendingFrom === null ? null : { amount: shown(s.pendingAmount), remove: s.pendingRemove, confirmable_from: new Date(s.pendingFrom).toISOString() },
  };
}

/** Every kind of limit, set or not, in the catalogue's order. */
export async function readLimits(db: Executor, playerId: number): Promise<LimitRow[]> {
  const stored = await db.select().from(playerLimits).where(eq(playerLimits.playerId, playerId));
  return LIMIT_KINDS.map((kind) => limitRow(kind, stateOf(stored.find((r) => r.kind === kind))));
}

async function lockedLimit(tx: Executor, playerId: number, kind: LimitKind): Promise<LimitState> {
  // The row is made first (empty), so that two requests at once queue on its lock.
  await tx.insert(playerLimits).values({ playerId, kind }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(playerLimits)
    .where(and(eq(playerLimits.playerId, playerId), eq(playerLimits.kind, kind)))
    .for('update');
  return stateOf(row);
}

async function store(tx: Executor, playerId: number, kind: LimitKind, s: LimitState): Promise<void> {
  await tx
    .update(playerLimits)
    .set({
      amount: s.amount,
      pendingAmount: s.pendingAmount,
      pendingRemove: s.pendingRemove,
      pendingFrom: s.pendingFrom === null ? null : new Date(s.pendingFrom),
      updatedAt: sql`now()`,
    })
    .where(and(eq(playerLimits.playerId, playerId), eq(playerLimits.kind, kind)));
}

export type SetLimitOutcome = { limit: LimitRow; outcome: 'lowered' | 'waiting' | 'unchanged' };

/** Requests `amount` (cents; minutes for `session`; null: remove) for one limit. */
export async function setLimit(
  ctx: Pick<ServerContext, 'database' | 'clock' | 'config'>,
  playerId: number,
  kind: LimitKind,
  amount: number | null,
): Promise<SetLimitOutcome> {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const before = await lockedLimit(tx, playerId, kind);
    const after = requestLimit(before, amount, now, ctx.config.limitCoolingOffHours * 3_600_000);
    const same = JSON.stringify(before) === JSON.stringify(after);
    // A second request for the same raise keeps the first one's cooling-off.
    const kept =
      !same &&
      before.pendingFrom !== null &&
      after.pendingFrom !== null &&
      before.pendingAmount === after.pendingAmount &&
      before.pendingRemove === after.pendingRemove;
    const next = kept ? before : after;
    if (!same && !kept) await store(tx, playerId, kind, next);
    const outcome = same || kept ? 'unchanged' : next.pendingFrom !== null ? 'waiting' : 'lowered';
    return { limit: limitRow(kind, next), outcome };
  });
}

/** Confirms the waiting raise or removal of one limit. */
export async function confirmLimitChange(
  ctx: Pick<ServerContext, 'database' | 'clock'>,
  playerId: number,
  kind: LimitKind,
): Promise<{ limit: LimitRow } | 'too_early' | 'nothing_pending'> {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const before = await lockedLimit(tx, playerId, kind);
    const after = confirmLimit(before, now);
    if (typeof after === 'string') return after;
    await store(tx, playerId, kind, after);
    return { limit: limitRow(kind, after) };
  });
}
