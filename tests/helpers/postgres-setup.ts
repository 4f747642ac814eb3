// Migrates one template database; every suite then copies it (CREATE DATABASE …
// TEMPLATE), which takes a fraction of a second and isolates suites from each other.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';
import { loadConfig } from '../../src/server/config.ts';
import { seed } from '../../src/server/demo/seed.ts';
import { adminUrl, runPrefix, seededTemplateDb, templateDb, urlFor } from './pg-urls.ts';
import { seedInputs } from './seeded.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = randomBytes(4).toString('hex');
  project.provide('pgRun', run);
  const template = templateDb(run);
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${template}`);
  const db = await openDatabase({ database: { kind: 'postgres', url: urlFor(template), poolSize: 1 } });
  await db.close();
  // The same, seeded as a suite with the default test configuration seeds it (tests/helpers/seeded.ts).
  await admin.unsafe(`CREATE DATABASE ${seededTemplateDb(run)} TEMPLATE ${template}`);
  const seeded = await openDatabase({ database: { kind: 'postgres', url: urlFor(seededTemplateDb(run)), poolSize: 1 } }, { migrate: false });
  const config = loadConfig({ NODE_ENV: 'test' });
  await seed(seeded.db, { withDemoAccounts: true, config, demoStaffTotpKey: config.twoFactorKey });
  await seeded.close();
  project.provide('pgSeedInputs', seedInputs(config));
  await admin.end();
  return async () => {
    const cleanup = postgres(adminUrl(), { max: 1, onnotice: () => {} });
    // Only this run's: another run may be using its own right now.
    const left = await cleanup<{ datname: string }[]>`select datname from pg_database where starts_with(datname, ${runPrefix(run)})`;
    for (const { datname } of left) await cleanup.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await cleanup.end();
  };
}
