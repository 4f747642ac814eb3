// Migrates one template database; every suite then copies it (CREATE DATABASE …
// TEMPLATE), which takes a fraction of a second and isolates suites from each other.
import postgres from 'postgres';
import { openDatabase } from '../../src/server/db/client.ts';
import { adminUrl, TEMPLATE_DB, urlFor } from './pg-urls.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DB}`);
  const db = await openDatabase({ database: { kind: 'postgres', url: urlFor(TEMPLATE_DB), poolSize: 1 } });
  await db.close();
  await admin.end();
  return async () => {
    const cleanup = postgres(adminUrl(), { max: 1, onnotice: () => {} });
    const left = await cleanup<{ datname: string }[]>`select datname from pg_database where datname like 'casino_t_%' or datname = ${TEMPLATE_DB}`;
    for (const { datname } of left) await cleanup.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await cleanup.end();
  };
}
