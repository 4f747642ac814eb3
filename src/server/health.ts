// Liveness and readiness: /api/health/live answers while the process does, with no
// dependency; /api/health/ready names each part the site needs and whether it answers.
// The server (server.ts) answers both itself, before the API is mounted and without a
// request log line, so that a probe every few seconds costs nothing and floods nothing.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { type Database, migrationsFolder, rows } from './db/client.ts';

export interface CheckResult {
  ok: boolean;
  /** How long the check took, in milliseconds. */
  ms: number;
  error?: string;
}

/**
 * `ok`: every check passed. `degraded`: only Redis is missing (money calls work, pushes
 * between instances do not). `unavailable`: the database, its migrations or the site.
 */
export type ReadyStatus = 'ok' | 'degraded' | 'unavailable';

export interface Readiness {
  status: ReadyStatus;
  checks: Record<string, CheckResult>;
}

/** A check resolves when the part answers and throws (a short message) when it does not. */
export type Check = () => Promise<void> | void;

/** Checks whose failure leaves the site degraded rather than unavailable. */
const SOFT = new Set(['redis']);

const CHECK_TIMEOUT_MS = 2000;

async function timed(check: Check, timeoutMs: number): Promise<CheckResult> {
  const t0 = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      Promise.resolve().then(check),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
        timer.unref();
      }),
    ]);
    return { ok: true, ms: Math.round(performance.now() - t0) };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - t0), error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs the checks side by side, each bounded by `timeoutMs`. */
export async function readiness(checks: Record<string, Check>, timeoutMs = CHECK_TIMEOUT_MS): Promise<Readiness> {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => timed(checks[name] as Check, timeoutMs)));
  const out: Record<string, CheckResult> = {};
  names.forEach((name, i) => {
    out[name] = results[i] as CheckResult;
  });
  const failed = names.filter((name) => !out[name]?.ok);
  const status: ReadyStatus = failed.length === 0 ? 'ok' : failed.every((name) => SOFT.has(name)) ? 'degraded' : 'unavailable';
  return { status, checks: out };
}

let expectedMigration: number | undefined;

/** When the newest migration of this release was generated (drizzle's journal), which the database's newest must reach. */
function newestMigration(): number {
  if (expectedMigration === undefined) {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
    expectedMigration = Math.max(...journal.entries.map((e) => e.when));
  }
  return expectedMigration;
}

/** Throws unless every migration of this release is applied (a database ahead of it, mid rolling deploy, passes). */
export async function migrationsApplied(database: Database): Promise<void> {
  const [row] = await rows<{ last: string | number | null }>(database.db, sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
  const last = Number(row?.last ?? 0);
  if (last < newestMigration()) throw new Error('migrations pending: the database is older than this release');
}

/** Throws unless the built site is there (its home page). */
export function siteBuilt(distDir: string, built: boolean): void {
  if (!built && !existsSync(join(distDir, 'index.html'))) throw new Error(`the site is not built in ${distDir}: run npm run build`);
}

/** Answers the two probes; false for any other path. */
export function answerHealth(req: IncomingMessage, res: ServerResponse, ready: () => Promise<Readiness>): boolean {
  const path = (req.url ?? '/').split('?')[0];
  if (path !== '/api/health/live' && path !== '/api/health/ready') return false;
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    res.end(JSON.stringify(body));
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(405, { status: 0, message: 'method_not_allowed' });
    return true;
  }
  if (path === '/api/health/live') {
    send(200, { status: 'ok', pid: process.pid, uptime: Math.round(process.uptime()) });
    return true;
  }
  ready().then(
    (result) => send(result.status === 'ok' ? 200 : 503, result),
    (error: unknown) =>
      send(503, { status: 'unavailable', checks: { server: { ok: false, ms: 0, error: error instanceof Error ? error.message : String(error) } } }),
  );
  return true;
}
