import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { players } from '../db/schema/index.ts';

/** Whether a player already has this username, whatever its case. */
export async function isUsernameTaken(db: Executor, username: string): Promise<boolean> {
  const found = await db.select({ id: players.id }).from(players).where(sql`lower(${players.username}) = lower(${username})`).limit(1);
  return found.length > 0;
}
