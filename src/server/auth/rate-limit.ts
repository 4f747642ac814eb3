// Attempt counters kept in the database, so that every instance behind the balancer
// counts together. Fixed windows: simple, one atomic upsert per attempt.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../db/client.ts';
import { digest } from './opaque.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * How often each thing may be tried. Login counts failures (a success gives its attempt
 * back); the rest count requests. Per-account limits stop guessing one account from many
 * addresses; per-address limits stop one address from trying many accounts.
 */
export const LIMITS = {
  loginPerUsername: { max: 10, windowSeconds: 15 * 60 },
  loginPerIp: { max: 20, windowSeconds: 15 * 60 },
  registerPerIp: { max: 10, windowSeconds: 60 * 60 },
  // Each sign-up mails the address: nobody may flood a stranger's inbox with activation links.
  registerPerEmail: { max: 3, windowSeconds: 60 * 60 },
  resetPerIp: { max: 10, windowSeconds: 60 * 60 },
  resetPerAccount: { max: 5, windowSeconds: 60 * 60 },
  usernamePerIp: { max: 10, windowSeconds: 60 * 60 },
  usernamePerEmail: { max: 5, windowSeconds: 60 * 60 },
  passwordChangePerPlayer: { max: 10, windowSeconds: 15 * 60 },
  contactPerIp: { max: 10, windowSeconds: 60 * 60 },
  chatPerIp: { max: 30, windowSeconds: 60 },
  // Each game launch stores a session; a page opens one per game, a script would open thousands.
  gameLaunchPerIp: { max: 120, windowSeconds: 60 },
} as const satisfies Record<string, Limit>;

/** A counter's key: the action and the kind of subject in clear, the subject (a name, an address) hashed. */
export function limitKey(action: string, kind: string, subject: string | number): string {
  return `${action}:${kind}:${digest(String(subject).trim().toLowerCase()).slice(0, 32)}`;
}

/** Counts one attempt under `key`; false when the window already holds `max`. */
export async function consume(db: Executor, key: string, limit: Limit): Promise<boolean> {
  const [row] = await rows<{ hits: number }>(
    db,
    sql`insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
        on conflict (key) do update set
          hits = case when rate_limits.window_start > now() - ${limit.windowSeconds}::int * interval '1 second' then rate_limits.hits + 1 else 1 end,
          window_start = case when rate_limits.window_start > now() - ${limit.windowSeconds}::int * interval '1 second' then rate_limits.window_start else now() end
        returning hits`,
  );
  // Now and then, forget windows that ended long ago so the table stays small.
  if (Math.random() < 0.01) await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
  return Number(row?.hits ?? 0) <= limit.max;
}

/** Counts one attempt under every key; false if any of them is over its limit. */
export async function consumeAll(db: Executor, entries: [key: string, limit: Limit][]): Promise<boolean> {
  let allowed = true;
  for (const [key, limit] of entries) if (!(await consume(db, key, limit))) allowed = false;
  return allowed;
}

/** Takes back one attempt: it turned out not to be one that counts. */
export async function giveBack(db: Executor, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${key}`);
}

/** Forgets every attempt under `key`. */
export async function forget(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
