// Reality checks over real-money play: every N minutes of the login (the player's
// choice, 20–60), the game stops and shows the session's time and net result until the
// player answers. The studio refuses a new round while one is due (`reality_check_due`).
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { playerProtection } from '../db/schema/index.ts';
import { read } from '../wallet/connection.ts';
import { DEFAULT_REALITY_CHECK_MINUTES, realityCheckDue } from './rules.ts';

export interface RealityCheck {
  due: boolean;
  everyMinutes: number;
  /** Minutes since the login began. */
  sessionMinutes: number;
  /** When the login began (ISO). */
  sessionStartedAt: string;
  /** When the next check falls due (ISO). */
  nextAt: string;
}

/** The player's reality check now, or null without a login to count from. */
export async function realityCheckOf(db: Executor, playerId: number, now: number): Promise<RealityCheck | null> {
  const [p] = await db
    .select({ started: playerProtection.sessionStartedAt, every: playerProtection.realityCheckMinutes, answered: playerProtection.realityCheckAt })
    .from(playerProtection)
    .where(eq(playerProtection.playerId, playerId));
  if (!p?.started) return null;
  const started = p.started.getTime();
  const answered = p.answered?.getTime() ?? null;
  const every = p.every ?? DEFAULT_REALITY_CHECK_MINUTES;
  const from = Math.max(started, answered ?? 0);
  return {
    due: realityCheckDue(started, answered, every, now),
    everyMinutes: every,
    sessionMinutes: Math.floor((now - started) / 60_000),
    sessionStartedAt: new Date(started).toISOString(),
    nextAt: new Date(from + every * 60_000).toISOString(),
  };
}

/** Won less staked (cents) in the player's bets since the login began. */
export async function sessionResult(db: Executor, playerId: number, since: string): Promise<number> {
  const [r] = await read<{ net: number | string | null }>(
    db,
    sql`select sum(win - stake) as net from player_bets
        where player_id = ${playerId} and state <> 'rolled_back' and created_at >= ${since}::timestamptz`,
  );
  return Number(r?.net ?? 0);
}

/** The player answered "continue": the next check is due a full interval from now. */
export async function answerRealityCheck(db: Executor, playerId: number, now: number): Promise<void> {
  await db
    .update(playerProtection)
    .set({ realityCheckAt: new Date(now), updatedAt: sql`now()` })
    .where(eq(playerProtection.playerId, playerId));
}
