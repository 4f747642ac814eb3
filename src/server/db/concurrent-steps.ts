// Index builds that must not lock a table the running release writes. `CREATE INDEX
// CONCURRENTLY` cannot run inside a transaction, and the migrator runs every migration in one;
// so such a build lives in `migrations/concurrently/<NNNN_name>.sql` (statements split by
// `--> statement-breakpoint`, as in the migrations), each of them
// `CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS <name> ON …`. They run after the
// migrations, under the same lock, one statement at a time, in file order, at every start
// (an existing index is skipped at once); an index that a failed or interrupted build left
// invalid is dropped and built again. PGlite has one connection and no other writer, so
// there they run as plain `CREATE INDEX`. docs/operations.md, "Migrations without downtime".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CONCURRENT_STEP = /^CREATE\s+(UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+IF\s+NOT\s+EXISTS\s+"?([a-z_][a-z0-9_]*)"?\s+ON\s/i;

export interface ConcurrentStep {
  file: string;
  index: string;
  statement: string;
}

/** The steps of a folder, in file order; a statement of another kind is refused with its file named. */
export function concurrentSteps(folder: string): ConcurrentStep[] {
  if (!existsSync(folder)) return [];
  const steps: ConcurrentStep[] = [];
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    for (const part of readFileSync(join(folder, file), 'utf8').split('--> statement-breakpoint')) {
      const statement = part
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim()
        .replace(/;$/, '');
      if (!statement) continue;
      const match = CONCURRENT_STEP.exec(statement);
      if (!match)
        throw new Error(`${file}: only CREATE INDEX CONCURRENTLY IF NOT EXISTS belongs in migrations/concurrently (found: ${statement.slice(0, 60)}…)`);
      steps.push({ file, index: match[2] as string, statement });
    }
  }
  return steps;
}

type Query = (text: string, params?: unknown[]) => Promise<readonly unknown[]>;

/** Runs the folder's steps on PostgreSQL (concurrently) or PGlite (plainly). Returns the indexes built or rebuilt. */
export async function runConcurrentSteps(query: Query, kind: 'postgres' | 'pglite', folder: string): Promise<string[]> {
  const built: string[] = [];
  for (const step of concurrentSteps(folder)) {
    if (kind === 'pglite') {
      await query(step.statement.replace(/\s+CONCURRENTLY\s+/i, ' '));
      continue;
    }
    const state = (await query(
      `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
       where c.relname = $1 and n.nspname = current_schema()`,
      [step.index],
    )) as { valid: boolean }[];
    if (state[0]?.valid) continue;
    // Left invalid by a build that failed or was interrupted: IF NOT EXISTS would keep it as it is.
    if (state[0]) await query(`DROP INDEX CONCURRENTLY IF EXISTS "${step.index}"`);
    await query(step.statement);
    built.push(step.index);
  }
  return built;
}
