// Migrates one in-memory PGlite for the whole run and leaves its data directory in a
// file: every suite then starts a database from that file (about a second) instead of
// migrating its own (several seconds each, once per file before). A second file holds it
// seeded as a suite with the default test configuration seeds it (tests/helpers/seeded.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { seed } from '../../src/server/demo/seed.ts';
import { seedInputs } from './seeded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory of this run, as a tar file (tests/helpers/db.ts). */
    pgliteDump: string;
    /** The same, seeded with demo accounts for the configuration `seedInputs` names. */
    pgliteSeeded: { file: string; seedInputs: string };
    /** The seed inputs of the seeded PostgreSQL template (tests/helpers/postgres-setup.ts). */
    pgSeedInputs: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'casino-pglite-'));
  const file = join(dir, 'migrated.tar');
  const seededFile = join(dir, 'seeded.tar');
  const database = await openDatabase({ database: { kind: 'memory' } });
  const pglite = database.pglite as PGlite;
  writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  const config = loadConfig({ NODE_ENV: 'test' });
  await seed(database.db, { withDemoAccounts: true, config, demoStaffTotpKey: config.twoFactorKey });
  writeFileSync(seededFile, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', file);
  project.provide('pgliteSeeded', { file: seededFile, seedInputs: seedInputs(config) });
  return () => rmSync(dir, { recursive: true, force: true });
}
