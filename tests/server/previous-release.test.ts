// A rolling deploy runs the previous release against the new schema for a while
// (docs/operations.md, "Migrations without downtime"). The schema each release knew is its
// migration's Drizzle snapshot (src/server/db/migrations/meta); against today's migrated
// database, every release since the rules began (RULES_FROM) must still find every table
// and column it reads and writes — its queries name them all — and must still be able to
// insert its rows: a column it does not know has a default, is nullable, or is generated.
// Only a migration marked as the contract step of an earlier expand may take away
// what an earlier release knew.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder, rows } from '../../src/server/db/client.ts';
import { testDatabase } from '../helpers/db.ts';

/** The first migration the expand/contract rules apply to (tests/unit/migration-rules.test.ts). */
const RULES_FROM = 28;

interface Snapshot {
  tables: Record<string, { name: string; schema: string; columns: Record<string, { name: string }> }>;
}

const journal = (JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries;
/**
 * A contract step finishes an expand it names; the releases from before that expand read
 * the old shape and are past by then. The oldest release still to be served is therefore
 * the newest expand a contract step names (none yet).
 */
const servedFrom = Math.max(
  RULES_FROM - 1,
  ...journal.map((e) => /^--\s*contract:\s*(\d{4})/m.exec(readFileSync(join(migrationsFolder, `${e.tag}.sql`), 'utf8'))?.[1]).map((n) => Number(n ?? 0)),
);
/** The schema of each release still served: the snapshot of its last migration. */
const releases = readdirSync(join(migrationsFolder, 'meta'))
  .filter((f) => /^\d{4}_snapshot\.json$/.test(f) && Number(f.slice(0, 4)) >= servedFrom)
  .sort()
  .map((f) => ({ name: f.slice(0, 4), snapshot: JSON.parse(readFileSync(join(migrationsFolder, 'meta', f), 'utf8')) as Snapshot }));

interface Column {
  table: string;
  column: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  is_generated: 'ALWAYS' | 'NEVER';
}

/** The tables and columns of `snapshot` a select of them all cannot read in `database`. */
async function unreadable(database: Database, snapshot: Snapshot): Promise<string[]> {
  const failed: string[] = [];
  for (const table of Object.values(snapshot.tables)) {
    const list = sql.join(
      Object.values(table.columns).map((c) => sql.identifier(c.name)),
      sql`, `,
    );
    try {
      await rows(database.db, sql`select ${list} from ${sql.identifier(table.name)} limit 0`);
    } catch (error) {
      failed.push(`${table.name}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`);
    }
  }
  return failed;
}

/** The columns of the tables `snapshot` knows that it does not, and that an insert of its must fill. */
function unwritable(snapshot: Snapshot, columns: Column[]): string[] {
  const known = new Set(Object.values(snapshot.tables).flatMap((t) => Object.values(t.columns).map((c) => `${t.name}.${c.name}`)));
  const tables = new Set(Object.values(snapshot.tables).map((t) => t.name));
  return columns
    .filter((c) => tables.has(c.table) && !known.has(`${c.table}.${c.column}`))
    .filter((c) => c.is_nullable === 'NO' && c.column_default === null && c.is_identity === 'NO' && c.is_generated === 'NEVER')
    .map((c) => `${c.table}.${c.column}`);
}

const columnsOf = (database: Database) =>
  rows<Column>(
    database.db,
    sql`select table_name as "table", column_name as "column", is_nullable, column_default, is_identity, is_generated
        from information_schema.columns where table_schema = 'public'`,
  );

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

describe('the releases still served, against the migrated schema', () => {
  it('has the snapshot of the release before the rules and of each one since', () => {
    expect(releases.map((r) => Number(r.name))).toContain(servedFrom);
    expect(releases.length).toBeGreaterThanOrEqual(2);
  });

  for (const { name, snapshot } of releases) {
    it(`keeps every table and column release ${name} reads, and lets it insert its rows`, async () => {
      expect(await unreadable(database, snapshot)).toEqual([]);
      expect(unwritable(snapshot, await columnsOf(database))).toEqual([]);
    });
  }

  it('catches a renamed column, and a new column an older release cannot fill', async () => {
    const { snapshot } = releases[0] as (typeof releases)[number];
    await database.db.execute(sql`alter table players add column release_probe text not null default 'x'`);
    await database.db.execute(sql`alter table players alter column release_probe drop default`);
    await database.db.execute(sql`alter table players rename column username to username_probe`);
    try {
      // The renamed column is, to the older release, a column it must fill and never does.
      expect(unwritable(snapshot, await columnsOf(database)).sort()).toEqual(['players.release_probe', 'players.username_probe']);
      const failed = await unreadable(database, snapshot);
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatch(/^players: .*username/);
    } finally {
      await database.db.execute(sql`alter table players rename column username_probe to username`);
      await database.db.execute(sql`alter table players drop column release_probe`);
    }
    expect(await unreadable(database, snapshot)).toEqual([]);
  });
});
