// A fresh, migrated database per suite, on the engine the test project names.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type Database, fromPglite, openDatabase } from '../../src/server/db/client.ts';
import { adminUrl, runPrefix, templateDb, urlFor } from './pg-urls.ts';

let migrated: Promise<Blob> | undefined;

export const engine: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A migrated, empty database of its own; close() removes it. */
export async function testDatabase(): Promise<Database> {
  if (engine === 'pglite') {
    // Migrating takes seconds; starting from the run's migrated data directory
    // (tests/helpers/pglite-setup.ts) a fraction of that.
    migrated ??= readFile(inject('pgliteDump')).then((bytes) => new Blob([bytes]));
    const pglite = await PGlite.create({ loadDataDir: await migrated });
    return fromPglite(pglite);
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
