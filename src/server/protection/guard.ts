// The check every money move makes inside its own transaction, after the player's wallet
// rows are locked (the wallet's runOperation locks them first; a deposit or sportsbook
// module that moves money elsewhere must lock them too, with `lockPlayerWallet`). Under
// that lock the period's totals cannot change before commit, so two bets at once cannot
// together pass a loss limit: the second waits for the first and counts it.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type Conn, transact } from '../wallet/connection.ts';
import type { Decision } from '../wallet/ledger.ts';
import { checkMove, kindsFor, type LimitInForce, type LimitRefusal, type Move, periodStart, type Usage } from './rules.ts';

/** Why a money move may not happen: a break or a closed account stops everything, a limit stops what would pass it. */
export type GuardRefusal =
  | { code: 'player_on_break'; until: string; breakKind: 'timeout' | 'self_exclusion' }
  | { code: 'account_closed' }
  | { code: 'limit_reached'; limit: LimitRefusal };

interface ProtectionRow {
  break_kind: 'timeout' | 'self_exclusion' | null;
  break_until: Date | string | null;
  closed_at: Date | string | null;
  session_started_at: Date | string | null;
  limits: { kind: LimitInForce['kind']; amount: number | string }[] | string | null;
}

interface UsageRow {
  day: number | string | null;
  week: number | string | null;
  month: number | string | null;
  loss_day?: number | string | null;
  loss_week?: number | string | null;
  loss_month?: number | string | null;
}

const time = (v: Date | string | null): number | null => (v === null ? null : new Date(v).getTime());
const iso = (ms: number) => new Date(ms).toISOString();

/** The player's breaks, closure, login start and limits in force: one query. */
async function readProtection(tx: Conn, playerId: number) {
  const [row] = await tx.query<ProtectionRow>(
    sql`select p.break_kind, p.break_until, p.closed_at, p.session_started_at,
               (select json_agg(json_build_object('kind', l.kind, 'amount', l.amount)) from player_limits l
                where l.player_id = ${playerId} and l.amount is not null) as limits
        from (select 1) as one left join player_protection p on p.player_id = ${playerId}`,
  );
  const raw = row?.limits ?? null;
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as { kind: LimitInForce['kind']; amount: number | string }[];
  return {
    breakKind: row?.break_kind ?? null,
    breakUntil: time(row?.break_until ?? null),
    closedAt: time(row?.closed_at ?? null),
    sessionStartedAt: time(row?.session_started_at ?? null),
    limits: parsed.map((l) => ({ kind: l.kind, amount: Number(l.amount) })),
  };
}

/** The day's, week's and month's deposits, or stakes and net losses, before this move. */
async function readUsage(tx: Conn, playerId: number, move: Move['kind'], now: number): Promise<Usage> {
  const day = iso(periodStart('day', now));
  const week = iso(periodStart('week', now));
  const month = iso(periodStart('month', now));
  const from = iso(Math.min(periodStart('week', now), periodStart('month', now)));
  const n = (v: number | string | null | undefined) => Number(v ?? 0);
  if (move === 'deposit') {
    const [r] = await tx.query<UsageRow>(
      sql`select sum(amount) filter (where created_at >= ${day}::timestamptz) as day,
                 sum(amount) filter (where created_at >= ${week}::timestamptz) as week,
                 sum(amount) filter (where created_at >= ${month}::timestamptz) as month
          from financial_transactions
          where player_id = ${playerId} and type = 'deposit' and status = 'complete' and created_at >= ${from}::timestamptz`,
    );
    return { deposit_day: n(r?.day), deposit_week: n(r?.week), deposit_month: n(r?.month) };
  }
  // A stake not yet settled counts as lost; a rolled-back one does not count.
  const [r] = await tx.query<UsageRow>(
    sql`select sum(stake) filter (where created_at >= ${day}::timestamptz) as day,
               sum(stake) filter (where created_at >= ${week}::timestamptz) as week,
               sum(stake) filter (where created_at >= ${month}::timestamptz) as month,
               sum(stake - win) filter (where created_at >= ${day}::timestamptz) as loss_day,
               sum(stake - win) filter (where created_at >= ${week}::timestamptz) as loss_week,
               sum(stake - win) filter (where created_at >= ${month}::timestamptz) as loss_month
        from player_bets
        where player_id = ${playerId} and state <> 'rolled_back' and created_at >= ${from}::timestamptz`,
  );
  return {
    wager_day: n(r?.day),
    wager_week: n(r?.week),
    wager_month: n(r?.month),
    loss_day: n(r?.loss_day),
    loss_week: n(r?.loss_week),
    loss_month: n(r?.loss_month),
  };
}

/**
 * Whether `move` may happen now, read inside the caller's transaction after the player's
 * wallet rows are locked. Undefined: it may. Costs one query for a player without limits.
 */
export async function guardMove(tx: Conn, playerId: number, move: Move, now: number): Promise<GuardRefusal | undefined> {
  const p = await readProtection(tx, playerId);
  if (p.closedAt !== null) return { code: 'account_closed' };
  if (p.breakUntil !== null && p.breakUntil > now && p.breakKind) return { code: 'player_on_break', until: iso(p.breakUntil), breakKind: p.breakKind };
  const kinds = new Set(kindsFor(move.kind));
  const limits = p.limits.filter((l) => kinds.has(l.kind));
  if (limits.length === 0) return undefined;
  const needsUsage = limits.some((l) => l.kind !== 'session');
  const usage = needsUsage ? await readUsage(tx, playerId, move.kind, now) : {};
  const limit = checkMove(move, limits, usage, now, p.sessionStartedAt);
  return limit ? { code: 'limit_reached', limit } : undefined;
}

/**
 * Locks the player's wallet rows in the caller's transaction, in the wallet's order, for
 * a module that checks `guardMove` and moves money outside the wallet's own operations.
 */
export async function lockPlayerWallet(tx: Conn, playerId: number): Promise<void> {
  await tx.query(sql`select id from wallet_accounts where player_id = ${playerId} order by id for update`);
}

/** A guard's refusal as the wallet's decision: the code, and the limit or the break's end it names. */
export function decisionOf(refusal: GuardRefusal): Decision {
  if (refusal.code === 'limit_reached') return { refuse: 'limit_reached', limit: refusal.limit };
  if (refusal.code === 'player_on_break') return { refuse: 'player_on_break', until: refusal.until, breakKind: refusal.breakKind };
  return { refuse: 'account_closed' };
}

/**
 * The same check outside a money move, for a cashier before it sends the player to pay:
 * a deposit it would refuse is better refused before the money is taken. Advisory (no
 * lock is held afterwards); the wallet's deposit checks again when the money arrives.
 */
export function precheckMove(db: Db, playerId: number, move: Move, now: number): Promise<GuardRefusal | undefined> {
  return transact(db, (tx) => guardMove(tx, playerId, move, now));
}
