// Migrations without downtime (docs/operations.md): during a rolling deploy the previous
// release runs against the new schema, so a migration only expands — adds tables, columns
// with defaults or nullable, indexes — and whatever removes or reshapes (drop, rename, a
// column's type) comes in a later release as the marked contract step of an earlier expand:
// a line `-- contract: <tag of the expand migration>`. An index on a table that already exists
// is built in migrations/concurrently/ (CREATE INDEX CONCURRENTLY, outside the migrations'
// transaction, src/server/db/concurrent-steps.ts), never inside a migration, where it would
// lock the table's writes. The migrations up to RULES_FROM came before these rules.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { concurrentSteps } from '../../src/server/db/concurrent-steps.ts';

const folder = join(import.meta.dirname, '../../src/server/db/migrations');
const journal = (JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] }).entries;
/** The first migration the rules apply to (0027_offers_per_currency and every one before it came first). */
const RULES_FROM = 28;

const DESTRUCTIVE = /\b(DROP\s+(TABLE|COLUMN|VIEW|TYPE|SCHEMA|CONSTRAINT)|RENAME\s+(TO|COLUMN|CONSTRAINT)|ALTER\s+COLUMN\s+"?\w+"?\s+(SET\s+DATA\s+)?TYPE)\b/i;

const statements = (text: string) =>
  text
    .split('--> statement-breakpoint')
    .map((s) =>
      s
        .split('\n')
        .filter((l) => !l.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter(Boolean);

/** What a migration does against the rules; `earlier` are the tags before it. */
function violations(text: string, earlier: string[]): string[] {
  const problems: string[] = [];
  const contract = /^--\s*contract:\s*(\S+)\s*$/m.exec(text)?.[1];
  if (contract !== undefined && !earlier.includes(contract)) problems.push(`marks itself the contract of ${contract}, which is not an earlier migration`);
  const created = new Set<string>();
  for (const statement of statements(text)) {
    const table = /^CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(\w+)"?/i.exec(statement)?.[1];
    if (table) created.add(table);
    if (DESTRUCTIVE.test(statement) && !contract) problems.push(`destructive without a contract mark: ${statement.slice(0, 80)}`);
    const index = /^CREATE\s+(?:UNIQUE\s+)?INDEX\b.*?\bON\s+(?:ONLY\s+)?"?(\w+)"?/is.exec(statement);
    if (index && !created.has(index[1] as string))
      problems.push(`index on the existing table ${index[1]} belongs in migrations/concurrently: ${statement.slice(0, 80)}`);
  }
  return problems;
}

describe('migration rules', () => {
  it('has a file for every journal entry and an entry for every file', () => {
    const files = readdirSync(folder)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.replace(/\.sql$/, ''))
      .sort();
    expect(files).toEqual(journal.map((e) => e.tag).sort());
  });

  it('lets every migration since the rules only expand, or contract an earlier expand it names', () => {
    for (const [i, entry] of journal.entries()) {
      if (Number(entry.tag.slice(0, 4)) < RULES_FROM) continue;
      const text = readFileSync(join(folder, `${entry.tag}.sql`), 'utf8');
      expect(
        violations(
          text,
          journal.slice(0, i).map((e) => e.tag),
        ),
        entry.tag,
      ).toEqual([]);
    }
  });

  it('holds index builds of migrations/concurrently to CREATE INDEX CONCURRENTLY IF NOT EXISTS', () => {
    expect(() => concurrentSteps(join(folder, 'concurrently'))).not.toThrow();
    if (existsSync(join(folder, 'concurrently')))
      for (const step of concurrentSteps(join(folder, 'concurrently'))) expect(step.statement).toMatch(/CONCURRENTLY/i);
  });

  it('refuses what a rolling deploy cannot survive, and lets through what it can', () => {
    const earlier = ['0027_offers_per_currency'];
    expect(violations('DROP TABLE "live_rounds";', earlier)).toHaveLength(1);
    expect(violations('ALTER TABLE "players" RENAME COLUMN "city" TO "town";', earlier)).toHaveLength(1);
    expect(violations('ALTER TABLE "players" ALTER COLUMN "city" SET DATA TYPE varchar(80);', earlier)).toHaveLength(1);
    expect(violations('CREATE INDEX "players_city_idx" ON "players" USING btree ("city");', earlier)).toHaveLength(1);
    expect(violations('-- contract: 0099_later\nDROP TABLE "x";', earlier)).toHaveLength(1);
    expect(violations('-- contract: 0027_offers_per_currency\nALTER TABLE "promotions" DROP COLUMN "bonus_value";', earlier)).toEqual([]);
    expect(
      violations(
        'CREATE TABLE "themes" ("id" serial PRIMARY KEY, "name" text NOT NULL);\n--> statement-breakpoint\nCREATE UNIQUE INDEX "themes_name_idx" ON "themes" USING btree ("name");\n--> statement-breakpoint\nALTER TABLE "game_groups" ADD COLUMN "theme" text;',
        earlier,
      ),
    ).toEqual([]);
  });
});
