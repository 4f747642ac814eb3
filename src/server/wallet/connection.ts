// The ledger's transactions run on the driver under Drizzle: composing with Drizzle's
// `sql` keeps the queries typed and parameterised, but skipping its session objects
// on the hot path is worth a fifth of the CPU a bet costs.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, rows } from '../db/client.ts';

const dialect = new PgDialect();

/** Runs queries inside one open transaction. */
export interface Conn {
  query<T>(query: SQL): Promise<T[]>;
}

interface PostgresJsClient {
  begin<T>(fn: (t: { unsafe(text: string, params: unknown[]): Promise<unknown> }) => Promise<T>): Promise<T>;
}

interface PgliteClient {
  transaction<T>(fn: (t: { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> }) => Promise<T>): Promise<T>;
}

/** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
export function transact<T>(db: Db, fn: (conn: Conn) => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client?: unknown }).$client as Partial<PostgresJsClient & PgliteClient> | undefined;
  if (typeof client?.begin === 'function') {
    return (client as PostgresJsClient).begin((t) =>
      fn({
        query: async <R>(q: SQL) => {
          const { sql, params } = dialect.sqlToQuery(q);
          return (await t.unsafe(sql, params)) as R[];
        },
      }),
    );
  }
  if (typeof client?.transaction === 'function' && typeof (client as { query?: unknown }).query === 'function') {
    return (client as PgliteClient).transaction((t) =>
      fn({
        query: async <R>(q: SQL) => {
          const { sql, params } = dialect.sqlToQuery(q);
          return (await t.query(sql, params)).rows as R[];
        },
      }),
    );
  }
  return db.transaction((tx) => fn({ query: <R>(q: SQL) => rows<R>(tx, q) }));
}
