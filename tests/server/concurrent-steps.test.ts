// Index builds outside the migrations' transaction (src/server/db/concurrent-steps.ts): on
// PostgreSQL built CONCURRENTLY (no lock on the table's writes), skipped once valid, and an
// index a failed build left invalid is dropped and built again; on PGlite built plainly.
// Anything but CREATE INDEX CONCURRENTLY IF NOT EXISTS in the folder is refused.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concurrentSteps, runConcurrentSteps } from '../../src/server/db/concurrent-steps.ts';
import type { Database } from '../../src/server/db/client.ts';
import { engine, testDatabase } from '../helpers/db.ts';

let database: Database & { url?: string };
// On PostgreSQL a connection of its own, outside any transaction, as the migrating process has.
let pg: postgres.Sql | undefined;
beforeAll(async () => {
  database = await testDatabase();
  if (database.url) pg = postgres(database.url, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await pg?.end();
  await database.close();
});

const query = async (text: string, params: unknown[] = []): Promise<readonly unknown[]> =>
  pg ? await pg.unsafe(text, params as never[]) : ((await database.pglite?.query(text, params))?.rows ?? []);

const folderWith = (text: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'casino-concurrently-'));
  writeFileSync(join(dir, '0099_players_city.sql'), text);
  return dir;
};

const indexState = async (name: string) =>
  (await query('select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = $1', [name])) as { valid: boolean }[];

describe(`index builds outside the migrations on ${engine}`, () => {
  it('builds the index once, skips it when valid, and rebuilds one left invalid', async () => {
    const folder = folderWith(
      '-- The lobby filters players by city.\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "players_city_idx" ON "players" USING btree ("city");\n--> statement-breakpoint\nCREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS players_username_city_idx ON players (username, city);',
    );
    expect(await runConcurrentSteps(query, engine, folder)).toEqual(engine === 'postgres' ? ['players_city_idx', 'players_username_city_idx'] : []);
    expect(await indexState('players_city_idx')).toEqual([{ valid: true }]);
    expect(await indexState('players_username_city_idx')).toEqual([{ valid: true }]);
    // A second start: nothing to build.
    expect(await runConcurrentSteps(query, engine, folder)).toEqual([]);
    if (engine === 'postgres') {
      // What an interrupted CONCURRENTLY build leaves: the index, marked invalid.
      await query(`update pg_index set indisvalid = false where indexrelid = 'players_city_idx'::regclass`);
      expect(await runConcurrentSteps(query, engine, folder)).toEqual(['players_city_idx']);
      expect(await indexState('players_city_idx')).toEqual([{ valid: true }]);
    }
  });

  it('refuses anything but CREATE INDEX CONCURRENTLY IF NOT EXISTS, naming the file', () => {
    expect(() => concurrentSteps(folderWith('CREATE INDEX "x_idx" ON "players" ("city");'))).toThrow(/0099_players_city\.sql/);
    expect(() => concurrentSteps(folderWith('DROP TABLE "players";'))).toThrow(/only CREATE INDEX CONCURRENTLY/);
  });
});
