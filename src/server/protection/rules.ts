// The rules of player protection as pure functions of their inputs and a moment: which
// period a limit counts, when it resets, whether a money move passes the limits in force,
// what a requested change does (lowering at once, raising after a cooling-off and the
// player's confirmation), and how long a break lasts. No database, no clock of its own.
import { BREAK_DURATIONS, type BreakDuration, LIMIT_KINDS, type LimitKind, type LimitRefusal } from '../../shared/protection.ts';

export { BREAK_DURATIONS, LIMIT_KINDS, type BreakDuration, type LimitKind, type LimitRefusal };

export type Period = 'day' | 'week' | 'month';
export type Measure = 'deposit' | 'loss' | 'wager';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** What a limit counts and over which period (`session` counts minutes of the login). */
export function limitParts(kind: LimitKind): { measure: Measure; period: Period } | undefined {
  if (kind === 'session') return undefined;
  const [measure, period] = kind.split('_') as [Measure, Period];
  return { measure, period };
}

/** The start of the calendar period (UTC) `at` falls in: midnight, Monday midnight, the 1st. */
export function periodStart(period: Period, at: number): number {
  const d = new Date(at);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (period === 'day') return midnight;
  if (period === 'week') return midnight - ((d.getUTCDay() + 6) % 7) * DAY_MS;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** When the period `at` falls in ends, and the limit counts from zero again. */
export function periodEnd(period: Period, at: number): number {
  const start = periodStart(period, at);
  if (period === 'day') return start + DAY_MS;
  if (period === 'week') return start + 7 * DAY_MS;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** A money move a limit may stop: money in, or a stake (bet, round, crash cash-in, sportsbook bet). */
export interface Move {
  kind: 'deposit' | 'bet';
  /** Cents, > 0. */
  amount: number;
}

/** What the period so far holds, in cents, per measure and period. */
export type Usage = Partial<Record<Exclude<LimitKind, 'session'>, number>>;

export interface LimitInForce {
  kind: LimitKind;
  amount: number;
}

/** The limits a move of this kind is checked against. */
export function kindsFor(move: Move['kind']): LimitKind[] {
  return move === 'deposit'
    ? ['deposit_day', 'deposit_week', 'deposit_month']
    : ['loss_day', 'loss_week', 'loss_month', 'wager_day', 'wager_week', 'wager_month', 'session'];
}

/**
 * Whether `move` passes every limit in force: a deposit may not take the period's deposits
 * above a deposit limit; a stake may not take the period's stakes above a wager limit, nor
 * the period's net loss (stakes less wins, the stake counted as lost) above a loss limit;
 * no stake once the login has lasted the session limit. Exactly at the limit passes; one
 * cent over is refused. Of several limits broken, the refusal names the one that lasts
 * longest, since the move waits for that one.
 */
export function checkMove(move: Move, limits: readonly LimitInForce[], usage: Usage, now: number, sessionStartedAt: number | null): LimitRefusal | undefined {
  let refusal: LimitRefusal | undefined;
  const relevant = new Set(kindsFor(move.kind));
  for (const limit of limits) {
    if (!relevant.has(limit.kind)) continue;
    let broken: LimitRefusal | undefined;
    if (limit.kind === 'session') {
      if (sessionStartedAt !== null && now - sessionStartedAt >= limit.amount * MINUTE_MS) broken = { kind: 'session', limit: limit.amount, resetsAt: null };
    } else {
      const parts = limitParts(limit.kind);
      const used = usage[limit.kind as keyof Usage] ?? 0;
      if (parts && used + move.amount > limit.amount)
        broken = { kind: limit.kind, limit: limit.amount, resetsAt: new Date(periodEnd(parts.period, now)).toISOString() };
    }
    if (!broken) continue;
    // A session limit lifts at the next login, later than any period can say.
    if (!refusal || broken.resetsAt === null || (refusal.resetsAt !== null && broken.resetsAt > refusal.resetsAt)) refusal = broken;
  }
  return refusal;
}

/** A limit's row: in force, and a raise or removal that waits. */
export interface LimitState {
  amount: number | null;
  pendingAmount: number | null;
  pendingRemove: boolean;
  pendingFrom: number | null;
}

export const NO_LIMIT: LimitState = { amount: null, pendingAmount: null, pendingRemove: false, pendingFrom: null };

/**
 * A requested limit (`null`: remove it). Lower than the one in force (or the first one)
 * takes effect at once and drops any raise that waited; higher, or a removal, waits
 * `coolingOffMs` and then for the player's confirmation, the limit in force unchanged.
 */
export function requestLimit(state: LimitState, requested: number | null, now: number, coolingOffMs: number): LimitState {
  if (requested !== null && (state.amount === null || requested <= state.amount)) return { ...NO_LIMIT, amount: requested };
  if (requested === null && state.amount === null) return NO_LIMIT;
  return { amount: state.amount, pendingAmount: requested, pendingRemove: requested === null, pendingFrom: now + coolingOffMs };
}

/** The player confirms a waiting change: applied once its cooling-off is over, else `too_early`; `nothing_pending` when none waits. */
export function confirmLimit(state: LimitState, now: number): LimitState | 'too_early' | 'nothing_pending' {
  if (state.pendingFrom === null) return 'nothing_pending';
  if (now < state.pendingFrom) return 'too_early';
  return { ...NO_LIMIT, amount: state.pendingRemove ? null : state.pendingAmount };
}

/** When a break taken at `now` ends (calendar months and years in UTC). */
export function breakEnd(duration: BreakDuration, now: number): number {
  const d = new Date(now);
  const add = (months: number, days = 0) =>
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      d.getUTCDate() + days,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    );
  switch (duration) {
    case '24h':
      return now + DAY_MS;
    case '1w':
      return now + 7 * DAY_MS;
    case '1m':
      return add(1);
    case '6w':
      return now + 42 * DAY_MS;
    case '6m':
      return add(6);
    case '1y':
      return add(12);
    case '5y':
      return add(60);
  }
}

/** A time-out is up to six weeks; longer is a self-exclusion. */
export function breakKindOf(duration: BreakDuration): 'timeout' | 'self_exclusion' {
  return BREAK_DURATIONS.timeout.includes(duration as never) ? 'timeout' : 'self_exclusion';
}

/** Minutes between reality checks when the player has chosen none. */
export const DEFAULT_REALITY_CHECK_MINUTES = 60;

/**
 * Whether a reality check is due: every `everyMinutes` of the login that began at
 * `sessionStartedAt`, counted from the last answer (or the login) onwards.
 */
export function realityCheckDue(sessionStartedAt: number, answeredAt: number | null, everyMinutes: number, now: number): boolean {
  const from = Math.max(sessionStartedAt, answeredAt ?? 0);
  return now - from >= everyMinutes * MINUTE_MS;
}
