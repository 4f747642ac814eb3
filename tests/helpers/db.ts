// A fresh, migrated database per suite, on the engine the test project names.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type Database, fromPglite, openDatabase } from '../../src/server/db/client.ts';
import { adminUrl, runPrefix, seededTemplateDb, templateDb, urlFor } from './pg-urls.ts';

let migrated: Promise<Blob> | undefined;
let seeded: Promise<Blob> | undefined;

export const engine: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

const readDump = (file: string) => readFile(file).then((bytes) => new Blob([bytes]));

/** The seed inputs (tests/helpers/seeded.ts) of the run's seeded copy on this engine. */
export function preseededFor(): string {
  return engine === 'pglite' ? inject('pgliteSeeded').seedInputs : inject('pgSeedInputs');
}

/**
 * A migrated, empty database of its own (or, with `seeded`, the run's copy seeded with
 * the default test configuration's demo accounts); close() removes it.
 */
export async function testDatabase({ seeded: withSeed = false }: { seeded?: boolean } = {}): Promise<Database & { url?: string }> {
  if (engine === 'pglite') {
    // Migrating takes seconds; starting from the run's migrated data directory
    // (tests/helpers/pglite-setup.ts) a fraction of that.
    if (withSeed) seeded ??= readDump(inject('pgliteSeeded').file);
    else migrated ??= readDump(inject('pgliteDump'));
    const pglite = await PGlite.create({ loadDataDir: await (withSeed ? seeded : migrated) });
    return fromPglite(pglite);
  }
  const run = inject('pgRun');
  const name = `${runPrefix(run)}${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${withSeed ? seededTemplateDb(run) : templateDb(run)}`);
  await admin.end();
  const database = await openDatabase({ database: { kind: 'postgres', url: urlFor(name), poolSize: 10 } }, { migrate: false });
  return {
    ...database,
    url: urlFor(name),
    close: async () => {
      await database.close();
      const cleanup = postgres(adminUrl(), { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
