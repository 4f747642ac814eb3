// A fresh, migrated database per suite, on the engine the test project names.
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type Database, fromPglite, openDatabase } from '../../src/server/db/client.ts';
import { adminUrl, runPrefix, templateDb, urlFor } from './pg-urls.ts';

let template: Promise<PGlite> | undefined;

export const engine: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A migrated, empty database of its own; close() removes it. */
export async function testDatabase(): Promise<Database> {
  if (engine === 'pglite') {
    // Migrating takes seconds, cloning a migrated one a fraction of that.
    template ??= openDatabase({ database: { kind: 'memory' } }).then((d) => d.pglite as PGlite);
    const clone = (await (await template).clone()) as PGlite;
    return fromPglite(clone);
  }
  const run = inject('pgRun');
  const name = `${runPrefix(run)}${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${templateDb(run)}`);
  await admin.end();
  const database = await openDatabase({ database: { kind: 'postgres', url: urlFor(name), poolSize: 10 } }, { migrate: false });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = postgres(adminUrl(), { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
