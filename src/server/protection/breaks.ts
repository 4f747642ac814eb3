// Time-outs, self-exclusions and account closure, and what the login asks of them. A
// break ends every login and game session of the player at once, stops marketing mail
// and forfeits an open bonus; pending withdrawals stay as they are and are paid out.
// While it lasts, login is refused with its end, and every money move is refused by the
// wallet's guard (guard.ts), whatever token or game session the caller still holds.
import { eq, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { players, playerProtection } from '../db/schema/index.ts';
import { revokeSessions } from '../auth/sessions.ts';
import { studioOf } from '../games/studio.ts';
import { walletOf } from '../wallet/index.ts';
import { type BreakDuration, breakEnd, breakKindOf } from './rules.ts';

export type LoginBar = { reason: 'player_on_break'; until: string; breakKind: 'timeout' | 'self_exclusion' } | { reason: 'account_closed' };

/** Why this player may not log in now, if they may not. */
export async function loginBar(db: Executor, playerId: number, now: number): Promise<LoginBar | undefined> {
  const [p] = await db.select().from(playerProtection).where(eq(playerProtection.playerId, playerId));
  if (!p) return undefined;
  if (p.closedAt) return { reason: 'account_closed' };
  if (p.breakUntil && p.breakKind && p.breakUntil.getTime() > now)
    return { reason: 'player_on_break', until: p.breakUntil.toISOString(), breakKind: p.breakKind };
  return undefined;
}

/** A login started now: a session time limit counts from here. */
export async function markLoginStart(db: Executor, playerId: number, now: number): Promise<void> {
  const at = new Date(now);
  await db
    .insert(playerProtection)
    .values({ playerId, sessionStartedAt: at })
    .onConflictDoUpdate({ target: playerProtection.playerId, set: { sessionStartedAt: at, updatedAt: sql`now()` } });
}

/** Ends the player's logins and game sessions, stops marketing mail and forfeits an open bonus (after `tx` commits: `finish`). */
async function shutOut(ctx: ServerContext, tx: Executor, playerId: number) {
  await revokeSessions(tx, playerId);
  await tx.update(players).set({ notifyNewsletter: false, updatedAt: sql`now()` }).where(eq(players.id, playerId));
  return async (key: string) => {
    await studioOf(ctx).revokeSessions(playerId);
    // Nothing to forfeit answers `no_active_bonus`, which is fine; the key makes a repeat harmless.
    await walletOf(ctx).bonusForfeit({ key, playerId });
  };
}

export type BreakOutcome = { until: string; breakKind: 'timeout' | 'self_exclusion' } | 'shorter_than_current';

/**
 * Starts a time-out or a self-exclusion now. A break already running may be made longer,
 * never shorter: a self-exclusion cannot be undone before its end.
 */
export async function takeBreak(ctx: ServerContext, playerId: number, duration: BreakDuration): Promise<BreakOutcome> {
  const now = ctx.clock.now();
  const until = breakEnd(duration, now);
  const kind = breakKindOf(duration);
  const result = await ctx.database.db.transaction(async (tx) => {
    await tx.insert(playerProtection).values({ playerId }).onConflictDoNothing();
    const [p] = await tx.select().from(playerProtection).where(eq(playerProtection.playerId, playerId)).for('update');
    const current = p?.breakUntil && p.breakUntil.getTime() > now ? p : undefined;
    if (current?.breakUntil && current.breakUntil.getTime() > until) return 'shorter_than_current' as const;
    // A longer time-out during a self-exclusion does not turn it back into a time-out.
    const breakKind = current?.breakKind === 'self_exclusion' ? 'self_exclusion' : kind;
    await tx
      .update(playerProtection)
      .set({ breakKind, breakStartedAt: new Date(now), breakUntil: new Date(until), updatedAt: sql`now()` })
      .where(eq(playerProtection.playerId, playerId));
    return { finish: await shutOut(ctx, tx, playerId), breakKind };
  });
  if (result === 'shorter_than_current') return result;
  await result.finish(`break-forfeit:${playerId}:${now}`);
  return { until: new Date(until).toISOString(), breakKind: result.breakKind };
}

/** Closes the account on the player's request: no more logins or money in; withdrawals already asked for are still paid. */
export async function closeAccount(ctx: ServerContext, playerId: number): Promise<void> {
  const now = ctx.clock.now();
  const finish = await ctx.database.db.transaction(async (tx) => {
    await tx
      .insert(playerProtection)
      .values({ playerId, closedAt: new Date(now) })
      .onConflictDoUpdate({ target: playerProtection.playerId, set: { closedAt: new Date(now), updatedAt: sql`now()` } });
    return shutOut(ctx, tx, playerId);
  });
  await finish(`closure-forfeit:${playerId}`);
}

/** Chooses the minutes between reality checks (null: the site's default). */
export async function setRealityCheck(db: Executor, playerId: number, minutes: number | null): Promise<void> {
  await db
    .insert(playerProtection)
    .values({ playerId, realityCheckMinutes: minutes })
    .onConflictDoUpdate({ target: playerProtection.playerId, set: { realityCheckMinutes: minutes, updatedAt: sql`now()` } });
}

export async function realityCheckMinutes(db: Executor, playerId: number): Promise<number | null> {
  const [p] = await db.select({ minutes: playerProtection.realityCheckMinutes }).from(playerProtection).where(eq(playerProtection.playerId, playerId));
  return p?.minutes ?? null;
}
