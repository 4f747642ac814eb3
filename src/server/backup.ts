// Backups an operator can restore: the database (PostgreSQL: pg_dump's custom format, one
// consistent snapshot; PGlite: its data directory through PGlite's own dump) and then the
// identity documents, with a manifest of every file's size and SHA-256. A restore checks
// the manifest and loads the backup into an empty database and an empty documents folder,
// never over live data. docs/operations.md, "Backups and restores", says how to run them.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { Config } from './config.ts';

export const MANIFEST = 'manifest.json';
const PG_DUMP = 'database.dump';
const PGLITE_DUMP = 'database.tar.gz';
const IDENTITY = 'identity';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  engine: 'postgres' | 'pglite';
  /** Migrations applied in the database when it was backed up. */
  migrations: number;
  identityDocuments: number;
  files: { path: string; bytes: number; sha256: string }[];
}

export class BackupError extends Error {}

type Settings = Pick<Config, 'database' | 'identityDir'>;

/** Runs a PostgreSQL client program; rejects with its own words when it fails or is missing. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', (e) =>
      reject(new BackupError(`${command} could not be run (${e.message}): install PostgreSQL's client programs of the server's version`)),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

const isEmpty = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

async function appliedMigrations(query: (text: string) => Promise<{ n: number | string }[]>): Promise<number> {
  const [row] = await query(`select count(*)::int as n from drizzle.__drizzle_migrations`).catch(() => [{ n: 0 }]);
  return Number(row?.n ?? 0);
}

/**
 * Writes a backup into `out` (a new or empty folder). On PGlite the data directory must not be
 * in use by a running server (PGlite is one process at a time); `pglite` passes an open one.
 */
export async function createBackup(settings: Settings, out: string, options: { pglite?: PGlite; now?: Date } = {}): Promise<BackupManifest> {
  if (!isEmpty(out)) throw new BackupError(`${out} is not empty: a backup goes into a new folder`);
  mkdirSync(out, { recursive: true });
  const target = settings.database;
  let engine: BackupManifest['engine'];
  let migrations: number;
  if (target.kind === 'postgres') {
    engine = 'postgres';
    // One transaction's snapshot: every row as of one moment, while the site keeps running.
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${join(out, PG_DUMP)}`, target.url]);
    const sql = postgres(target.url, { max: 1, onnotice: () => {} });
    try {
      migrations = await appliedMigrations((text) => sql.unsafe(text) as unknown as Promise<{ n: number }[]>);
    } finally {
      await sql.end();
    }
  } else {
    engine = 'pglite';
    if (!options.pglite && target.kind !== 'pglite') throw new BackupError('an in-memory database has nothing to back up');
    if (!options.pglite && target.kind === 'pglite' && isEmpty(target.dir))
      throw new BackupError(`there is no database in ${target.dir}: set DATA_DIR or DATABASE_URL`);
    const client = options.pglite ?? (await PGlite.create((target as { dir: string }).dir));
    try {
      migrations = await appliedMigrations(async (text) => (await client.query<{ n: number }>(text)).rows);
      const dump = await client.dumpDataDir('gzip');
      writeFileSync(join(out, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
    } finally {
      if (!options.pglite) await client.close();
    }
  }
  // Documents after the database: every document a row names is already on disk.
  const documents = filesUnder(settings.identityDir);
  if (documents.length > 0) cpSync(settings.identityDir, join(out, IDENTITY), { recursive: true });
  const manifest: BackupManifest = {
    format: 1,
    createdAt: (options.now ?? new Date()).toISOString(),
    engine,
    migrations,
    identityDocuments: documents.length,
    files: filesUnder(out).map((file) => ({ path: relative(out, file), bytes: statSync(file).size, sha256: sha256(file) })),
  };
  writeFileSync(join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The backup's manifest, after checking that every file it lists is there, whole. */
export function checkBackup(dir: string): BackupManifest {
  const path = join(dir, MANIFEST);
  if (!existsSync(path)) throw new BackupError(`${dir} has no ${MANIFEST}: not a backup`);
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`unknown backup format ${String(manifest.format)}`);
  for (const file of manifest.files) {
    const full = join(dir, file.path);
    if (!existsSync(full)) throw new BackupError(`${file.path} is missing from the backup`);
    if (statSync(full).size !== file.bytes || sha256(full) !== file.sha256)
      throw new BackupError(`${file.path} differs from the manifest: the backup is damaged`);
  }
  return manifest;
}

/** Loads a checked backup into the configured database and identity folder, both of which must be empty. */
export async function restoreBackup(settings: Settings, dir: string): Promise<BackupManifest> {
  const manifest = checkBackup(dir);
  const target = settings.database;
  if (manifest.engine === 'postgres') {
    if (target.kind !== 'postgres') throw new BackupError('a PostgreSQL backup restores into PostgreSQL: set DATABASE_URL');
    const sql = postgres(target.url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`;
      if ((row?.n ?? 0) > 0) throw new BackupError('the database is not empty: restore into a new database');
    } finally {
      await sql.end();
    }
    if (!isEmpty(settings.identityDir)) throw new BackupError(`${settings.identityDir} is not empty: restore into a new identity folder`);
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.url}`, join(dir, PG_DUMP)]);
  } else {
    if (target.kind !== 'pglite') throw new BackupError('a PGlite backup restores into a PGlite data directory: unset DATABASE_URL');
    if (!isEmpty(target.dir)) throw new BackupError(`${target.dir} is not empty: restore into a new data directory`);
    if (!isEmpty(settings.identityDir)) throw new BackupError(`${settings.identityDir} is not empty: restore into a new identity folder`);
    mkdirSync(target.dir, { recursive: true });
    const client = await PGlite.create(target.dir, { loadDataDir: new Blob([readFileSync(join(dir, PGLITE_DUMP))]) });
    await client.close();
  }
  if (existsSync(join(dir, IDENTITY))) cpSync(join(dir, IDENTITY), settings.identityDir, { recursive: true });
  return manifest;
}
