// Opens the database the configuration names and migrates it. The rest of the
// server sees one Drizzle `Db` whichever engine is underneath.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { runConcurrentSteps } from './concurrent-steps.ts';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { Config } from '../config.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema>;
export type Executor = Db | Tx;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Index builds run outside the migrations' transaction (src/server/db/concurrent-steps.ts). */
export const concurrentFolder = fileURLToPath(new URL('./migrations/concurrently', import.meta.url));

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the engine answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The underlying PGlite, for cloning a migrated test database. */
  pglite?: PGlite;
}

/** Rows of a raw query, whichever driver ran it (PGlite answers {rows}, postgres.js an array). */
export async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Wraps an open PGlite (on disk, in memory, or a clone) as a Database. */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

// A fixed key so that instances starting together on PostgreSQL migrate one at a time.
const MIGRATION_LOCK = 724_311;

async function openPostgres(url: string, poolSize: number, migrateFirst: boolean): Promise<Database> {
  if (migrateFirst) {
    const admin = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
    try {
      await admin`select pg_advisory_lock(${MIGRATION_LOCK})`;
      await migratePostgres(drizzlePostgres({ client: admin }), { migrationsFolder });
      await runConcurrentSteps((text, params) => admin.unsafe(text, params as never[]), 'postgres', concurrentFolder);
      await admin`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    } finally {
      await admin.end({ timeout: 5 });
    }
  }
  const client = postgres(url, {
    max: poolSize,
    onnotice: () => {},
    connect_timeout: 10,
    idle_timeout: 30,
  });
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await client`select 1`;
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/** Opens (and unless told otherwise migrates) the database named by the configuration. */
export async function openDatabase(config: Pick<Config, 'database'>, options: { migrate?: boolean } = {}): Promise<Database> {
  const migrateFirst = options.migrate ?? true;
  const target = config.database;
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize, migrateFirst);
  let client: PGlite;
  if (target.kind === 'pglite') {
    mkdirSync(target.dir, { recursive: true });
    client = await PGlite.create(target.dir);
  } else {
    client = await PGlite.create();
  }
  const database = fromPglite(client);
  if (migrateFirst) {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    await runConcurrentSteps(async (text, params) => (await client.query(text, params)).rows, 'pglite', concurrentFolder);
  }
  return database;
}

/** `now()` from the database, so that every instance agrees on time. */
export const dbNow = sql`now()`;
