// The wallet's queries run on the driver under Drizzle. They are still built with
// Drizzle's `sql` (typed, parameterised), but Drizzle sends raw queries unprepared,
// which postgres.js answers with a describe round trip before every execution. The
// wallet's statements have a handful of fixed shapes, so they are prepared once per
// connection and a bet costs four round trips instead of six. (Behind PgBouncer this
// needs session pooling, or transaction pooling with `max_prepared_statements`.)
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, type Executor, rows } from '../db/client.ts';
import { countedTransaction } from '../metrics.ts';
import { traceQuery } from '../tracing.ts';

const dialect = new PgDialect();

/** Runs queries inside one open transaction. */
export interface Conn {
  query<T>(query: SQL): Promise<T[]>;
}

type Unsafe = (text: string, params: unknown[], options: { prepare: boolean }) => Promise<unknown>;
type PgliteQuery = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

/** What Drizzle's `$client` is underneath: postgres.js or PGlite. */
interface DriverClient {
  begin?: <T>(fn: (t: { unsafe: Unsafe }) => Promise<T>) => Promise<T>;
  unsafe?: Unsafe;
  transaction?: <T>(fn: (t: { query: PgliteQuery }) => Promise<T>) => Promise<T>;
  query?: PgliteQuery;
}

// A transaction (Tx) has no `$client`: it goes through Drizzle.
const clientOf = (db: Executor) => (db as unknown as { $client?: DriverClient }).$client ?? {};

const onPostgres =
  (unsafe: Unsafe) =>
  async <R>(q: SQL) => {
    const { sql, params } = dialect.sqlToQuery(q);
    return (await traceQuery(sql, () => unsafe(sql, params, { prepare: true }))) as R[];
  };

const onPglite =
  (query: PgliteQuery) =>
  async <R>(q: SQL) => {
    const { sql, params } = dialect.sqlToQuery(q);
    return (await traceQuery(sql, () => query(sql, params))).rows as R[];
  };

/** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
export function transact<T>(db: Db, fn: (conn: Conn) => Promise<T>): Promise<T> {
  return countedTransaction(() => transactUncounted(db, fn));
}

function transactUncounted<T>(db: Db, fn: (conn: Conn) => Promise<T>): Promise<T> {
  const client = clientOf(db);
  if (client.begin) return client.begin((t) => fn({ query: onPostgres(t.unsafe.bind(t)) }));
  if (client.transaction && client.query) return client.transaction((t) => fn({ query: onPglite(t.query.bind(t)) }));
  return db.transaction((tx) => fn({ query: <R>(q: SQL) => rows<R>(tx, q) }));
}

/** Runs one query on its own (prepared like the ledger's), or inside the caller's Drizzle transaction. */
export function read<T>(db: Executor, q: SQL): Promise<T[]> {
  const client = clientOf(db);
  if (client.begin && client.unsafe) return onPostgres(client.unsafe.bind(client))<T>(q);
  if (client.transaction && client.query) return onPglite(client.query.bind(client))<T>(q);
  return rows<T>(db, q);
}
