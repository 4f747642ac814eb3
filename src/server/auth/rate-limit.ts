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
 * back); the rest count requests. Per-address limits stop one address from trying many
 * accounts. Login locks a username only for the address that failed on it: a lock per
 * username alone would let anybody with a few addresses lock any player out (see LOGIN_DELAY
 * for what stops many addresses guessing one account).
 */
export const LIMITS = {
  loginPerUsernameAndIp: { max: 10, windowSeconds: 15 * 60 },
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
  // Each identity upload is a file on disk: a stolen token must not fill the disk.
  identityUploadPerPlayer: { max: 20, windowSeconds: 24 * 60 * 60 },
  // Each deposit start is a payment row and a session at the provider: a player retries a
  // declined card a few times, a script would start hundreds to crowd the limits and the desk.
  depositStartPerPlayer: { max: 10, windowSeconds: 10 * 60 },
  // Several players may share an address (a household, a mobile carrier's gateway).
  depositStartPerIp: { max: 60, windowSeconds: 10 * 60 },
} as const satisfies Record<string, Limit>;

/**
 * Failed logins of one username from every address together slow down — never lock — the
 * addresses that have failed on it: once `freeFailures` failures gather within the window,
 * such an address waits between its attempts, from `firstSeconds` doubling with every
 * further failure up to `maxSeconds`. An address that has not failed on the username is
 * never kept waiting, so the player's own right password goes through however many
 * addresses guess; a guesser pays with a fresh address for every quick guess.
 */
export const LOGIN_DELAY = { windowSeconds: 60 * 60, freeFailures: 10, firstSeconds: 1, maxSeconds: 15 * 60 } as const;

/** Seconds an address that failed on a username waits between attempts, after `failures` failures of that username. */
export function loginDelaySeconds(failures: number): number {
  if (failures < LOGIN_DELAY.freeFailures) return 0;
  return Math.min(LOGIN_DELAY.firstSeconds * 2 ** (failures - LOGIN_DELAY.freeFailures), LOGIN_DELAY.maxSeconds);
}

/**
 * Wrong codes (an authenticator app's or recovery codes) at the second step of one account,
 * from every address together but those it logged in from lately (`knownSeconds`): from
 * `freeFailures` failures in the window on, one code is checked at a time, `firstSeconds`
 * apart and doubling with every further failure up to `maxSeconds`; after `maxFailures`, no
 * code is checked until the window ends. Only a holder of the password reaches that step,
 * so nobody else can slow the owner, and the owner's own places and passkeys (which nobody
 * guesses) are never slowed; at `notifyAt` failures the owner is told by mail and mail box
 * that someone knows the password.
 */
export const SECOND_FACTOR_DELAY = {
  windowSeconds: 24 * 60 * 60,
  freeFailures: 3,
  firstSeconds: 30,
  maxSeconds: 15 * 60,
  maxFailures: 20,
  notifyAt: 5,
  knownSeconds: 30 * 24 * 60 * 60,
} as const;

/** Seconds between second-step codes checked for an account with `failures` wrong ones in the window. */
export function secondFactorDelaySeconds(failures: number): number {
  if (failures < SECOND_FACTOR_DELAY.freeFailures) return 0;
  return Math.min(SECOND_FACTOR_DELAY.firstSeconds * 2 ** (failures - SECOND_FACTOR_DELAY.freeFailures), SECOND_FACTOR_DELAY.maxSeconds);
}

/** A counter's key: the action and the kind of subject in clear, the subject (a name, an address) hashed. */
export function limitKey(action: string, kind: string, subject: string | number): string {
  return `${action}:${kind}:${digest(String(subject).trim().toLowerCase()).slice(0, 32)}`;
}

export interface Attempt {
  allowed: boolean;
  /** When refused: seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
  /** The attempts the window holds with this one. */
  hits: number;
}

/** The moment a counter works with: the server clock's when given (tests move it), else the database's. */
const momentOf = (at: Date | undefined) => (at ? sql`${at.toISOString()}::timestamptz` : sql`now()`);

/** Counts one attempt under `key` at `at` (default: now); refused when the window already holds `max`. */
export async function attempt(db: Executor, key: string, limit: Limit, at?: Date): Promise<Attempt> {
  const now = momentOf(at);
  const open = sql`rate_limits.window_start > ${now} - ${limit.windowSeconds}::int * interval '1 second'`;
  const [row] = await rows<{ hits: number; retry_after: number }>(
    db,
    sql`insert into rate_limits (key, window_start, hits) values (${key}, ${now}, 1)
        on conflict (key) do update set
          hits = case when ${open} then rate_limits.hits + 1 else 1 end,
          window_start = case when ${open} then rate_limits.window_start else ${now} end
        returning hits,
          greatest(ceil(extract(epoch from window_start + ${limit.windowSeconds}::int * interval '1 second' - ${now})), 1)::int as retry_after`,
  );
  // Now and then, forget windows that ended long ago so the table stays small (what markSeen
  // notes is kept for SEEN_DAYS, every window ends within a day).
  if (Math.random() < 0.01)
    await db.execute(
      sql`delete from rate_limits
          where window_start < ${now} - case when key like 'seen:%' then ${SEEN_DAYS}::int * interval '1 day' else interval '1 day' end`,
    );
  const hits = Number(row?.hits ?? 0);
  return { allowed: hits <= limit.max, retryAfterSeconds: Number(row?.retry_after ?? limit.windowSeconds), hits };
}

/** Counts one attempt under `key`; false when the window already holds `max`. */
export async function consume(db: Executor, key: string, limit: Limit): Promise<boolean> {
  return (await attempt(db, key, limit)).allowed;
}

/** How many attempts the window of `key` holds at `at`. */
export async function countOf(db: Executor, key: string, windowSeconds: number, at: Date): Promise<number> {
  const now = momentOf(at);
  const [row] = await rows<{ hits: number }>(
    db,
    sql`select hits from rate_limits where key = ${key} and window_start > ${now} - ${windowSeconds}::int * interval '1 second'`,
  );
  return Number(row?.hits ?? 0);
}

/** Seconds until the window of `key` that is open at `at` ends; 0 when none is. */
export async function windowLeft(db: Executor, key: string, windowSeconds: number, at: Date): Promise<number> {
  const now = momentOf(at);
  const [row] = await rows<{ left: number }>(
    db,
    sql`select greatest(ceil(extract(epoch from window_start + ${windowSeconds}::int * interval '1 second' - ${now})), 1)::int as left
        from rate_limits where key = ${key} and window_start > ${now} - ${windowSeconds}::int * interval '1 second'`,
  );
  return Number(row?.left ?? 0);
}

/**
 * Paces attempts under `key`: lets this one through, and notes when, unless an earlier one
 * failed (see `paceFailed`) less than `delaySeconds` ago. Answers the seconds left to wait,
 * 0 when let through. One statement, so of parallel attempts only one gets each turn.
 */
export async function pace(db: Executor, key: string, delaySeconds: number, at: Date): Promise<number> {
  const now = momentOf(at);
  const turn = await rows<{ hits: number }>(
    db,
    sql`insert into rate_limits (key, window_start, hits) values (${key}, ${now}, 0)
        on conflict (key) do update set window_start = excluded.window_start
        where rate_limits.hits = 0 or rate_limits.window_start <= ${now} - ${delaySeconds}::int * interval '1 second'
        returning hits`,
  );
  if (turn.length > 0) return 0;
  const [row] = await rows<{ wait: number }>(
    db,
    sql`select greatest(ceil(extract(epoch from window_start + ${delaySeconds}::int * interval '1 second' - ${now})), 1)::int as wait
        from rate_limits where key = ${key}`,
  );
  return Number(row?.wait ?? 1);
}

/** Marks the last attempt paced under `key` as failed: the next one waits its turn. */
export async function paceFailed(db: Executor, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set hits = hits + 1 where key = ${key}`);
}

/** How long what markSeen notes is kept, at the least. */
const SEEN_DAYS = 31;

/**
 * Notes that `key` (a `seen:` key of limitKey) was seen at `at`, a login from an address;
 * `countOf(key, seconds, at)` then says whether it was within `seconds` (at most SEEN_DAYS).
 */
export async function markSeen(db: Executor, key: string, at: Date): Promise<void> {
  const now = momentOf(at);
  await db.execute(
    sql`insert into rate_limits (key, window_start, hits) values (${key}, ${now}, 1)
        on conflict (key) do update set window_start = excluded.window_start, hits = 1`,
  );
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
