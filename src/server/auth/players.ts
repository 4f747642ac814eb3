import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { players } from '../db/schema/index.ts';

/** Whether a player already has this username, whatever its case. */
export async function isUsernameTaken(db: Executor, username: string): Promise<boolean> {
  const found = await db.select({ id: players.id }).from(players).where(sql`lower(${players.username}) = lower(${username})`).limit(1);
  return found.length > 0;
}

/** The player with this username, whatever its case. */
export async function findByUsername(db: Executor, username: string) {
  const [player] = await db.select().from(players).where(sql`lower(${players.username}) = lower(${username})`).limit(1);
  return player;
}

/** Whether `error` (or what it wraps) is PostgreSQL's unique violation, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
