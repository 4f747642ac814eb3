// Opens the PGlite data directory as the server does, then commits numbered rows
// one by one, printing each number once its transaction has committed.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.ts';

const dir = process.argv[2] as string;
const database = await openDatabase({ database: { kind: 'pglite', dir } });
await database.db.execute(sql`create table if not exists crash_probe (n integer primary key, payload text not null)`);
for (let n = 1; ; n++) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into crash_probe (n, payload) values (${n}, ${'x'.repeat(2000)})`);
  });
  process.stdout.write(`committed ${n}\n`);
}
