import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { players } from '../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import { mixesScriptsConfusably, usernameKey } from './usernames.ts';

export type UsernameRefusal = 'username_duplicated' | 'username_mixed_scripts';

/** Whether a player already has this username or one a reader could not tell from it (see usernames.ts). */
export async function isUsernameTaken(db: Executor, username: string): Promise<boolean> {
  const found = await db
    .select({ id: players.id })
    .from(players)
    .where(sql`${players.usernameKey} = ${usernameKey(username)} or lower(${players.username}) = lower(${username})`)
    .limit(1);
  return found.length > 0;
}

/**
 * Why a new account may not have this username, if it may not: taken (its key is), or a
 * mix of scripts that passes for another name. Sign-up and its live check ask the same.
 */
export async function usernameRefusal(db: Executor, username: string): Promise<UsernameRefusal | undefined> {
  if (await isUsernameTaken(db, username)) return 'username_duplicated';
  if (mixesScriptsConfusably(username)) return 'username_mixed_scripts';
  return undefined;
}

/**
 * The player with this username: the one spelled so (case aside), else the one whose key
 * matches. The key lets a player in who types their name in another width or Unicode form
 * (a phone's full-width letters, a decomposed é), and costs nothing: the password still
 * decides, and the key is unique. The spelling comes first because two accounts from before
 * keys may look alike; the younger has no key, and must still reach its own account.
 * One query either way, so that a miss takes as long as a hit.
 */
export async function findByUsername(db: Executor, username: string) {
  const [player] = await db
    .select()
    .from(players)
    .where(sql`lower(${players.username}) = lower(${username}) or ${players.usernameKey} = ${usernameKey(username)}`)
    .orderBy(sql`lower(${players.username}) = lower(${username}) desc`)
    .limit(1);
  return player;
}

/**
 * Gives every account without a key its key: accounts from before keys, or all of them
 * after a migration cleared the keys to recompute them. Runs at every start; oldest first,
 * so when two old accounts look alike the older keeps the name's key. The younger keeps
 * none, logs in by its exact spelling, and is logged here each start until staff rename it.
 */
export async function fillUsernameKeys(db: Executor, logger?: Logger): Promise<{ filled: number; clashes: number }> {
  const missing = await db.select({ id: players.id, username: players.username }).from(players).where(isNull(players.usernameKey)).orderBy(asc(players.id));
  let filled = 0;
  let clashes = 0;
  for (const { id, username } of missing) {
    const key = usernameKey(username);
    try {
      const updated = await db
        .update(players)
        .set({ usernameKey: key })
        .where(and(eq(players.id, id), isNull(players.usernameKey)))
        .returning({ id: players.id });
      filled += updated.length;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      clashes++;
      const [holder] = await db.select({ id: players.id, username: players.username }).from(players).where(eq(players.usernameKey, key)).limit(1);
      logger?.warn({ playerId: id, username, lookalikeOf: holder }, 'username looks like another account’s: left without a key');
    }
  }
  if (filled > 0) logger?.info({ filled }, 'username keys filled');
  return { filled, clashes };
}

/** Whether `error` (or what it wraps) is PostgreSQL's unique violation, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
