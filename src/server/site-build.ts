// Builds the static site (astro build, then brotli and gzip copies of every text
// file) and tells whether the build on disk is older than its sources.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Config } from './config.ts';
import type { SiteSnapshot } from '../shared/site-snapshot.ts';
import { readSnapshot } from './content/snapshot.ts';
import { type Database, openDatabase } from './db/client.ts';
import { seed } from './demo/seed.ts';
import { createContext } from './context.ts';
import { createLogger } from './logger.ts';
import { createSimulatedFeed } from './sports/feed/simulated.ts';
import { ingest } from './sports/ingest.ts';
import { COMPRESSIBLE } from './static.ts';

const SOURCES = ['src', 'locales', 'public', 'astro.config.mjs', 'package-lock.json'];
// Server code does not change a single page; leaving it out keeps restarts quick.
const IGNORED = new Set(['src/server', 'node_modules', '.astro']);
const STAMP = '.build-stamp';

/**
 * A fingerprint of what the site is built from: every source file (path, size, mtime)
 * and the public origin, which every page names in its canonical and hreflang links.
 */
export function sourceFingerprint(root: string, siteUrl: string): string {
  const hash = createHash('sha256');
  hash.update(`site\0${siteUrl}\n`);
  const visit = (path: string) => {
    const rel = relative(root, path);
    if (IGNORED.has(rel) || !existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
    } else {
      hash.update(`${rel}\0${stat.size}\0${Math.trunc(stat.mtimeMs)}\n`);
    }
  };
  for (const s of SOURCES) visit(join(root, s));
  return hash.digest('hex');
}

/**
 * Whether dist/ is missing or was built from other source files than those on disk
 * now, or for another origin. Content changes in the database are published by `npm run build`, not here:
 * checking them would mean opening the database before the first page is served.
 */
export function isStale(root: string, distDir: string, siteUrl: string): boolean {
  const stamp = join(distDir, '..', STAMP);
  if (!existsSync(join(distDir, 'index.html')) || !existsSync(stamp)) return true;
  return readFileSync(stamp, 'utf8').trim() !== sourceFingerprint(root, siteUrl);
}

function walkFiles(dir: string, out: string[] = []): string[] {
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, item.name);
    if (item.isDirectory()) walkFiles(full, out);
    else out.push(full);
  }
  return out;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Writes .br and .gz beside every compressible file; zlib's thread pool uses both cores. */
export async function precompress(distDir: string): Promise<number> {
  const files = walkFiles(distDir).filter((f) => COMPRESSIBLE.has(extname(f)));
  let index = 0;
  const worker = async () => {
    while (index < files.length) {
      const file = files[index++] as string;
      const data = await readFile(file);
      if (data.length < 512) continue;
      const [br, gzipped] = await Promise.all([
        // Quality 11 costs 67 ms a page against 25 ms for 10, for 2 % smaller HTML: over a
        // thousand pages that is the difference between a quick build and a slow one.
        // Shared assets are few and cached for a year, so they get the best.
        brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: file.endsWith('.html') ? 10 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gz(data, { level: 9 }),
      ]);
      // A compressed copy that saves nothing is not worth a lookup.
      if (br.length < data.length) await writeFile(`${file}.br`, br);
      if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return files.length;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Where the build finds the database snapshot it renders (beside dist/client). */
export const snapshotPath = (distDir: string) => join(distDir, '..', 'site-snapshot.json');

/**
 * Runs astro build for `siteUrl` on a snapshot of the database and precompresses the output
 * (unless `compress` is false: the server then sends the files as they are); records what it
 * was built from.
 */
export async function buildSite(
  root: string,
  distDir: string,
  siteUrl: string,
  snapshot: SiteSnapshot,
  { compress = true }: { compress?: boolean } = {},
): Promise<{ pages: number; seconds: number }> {
  const t0 = performance.now();
  const fingerprint = sourceFingerprint(root, siteUrl);
  mkdirSync(join(distDir, '..'), { recursive: true });
  writeFileSync(snapshotPath(distDir), JSON.stringify(snapshot));
  // Build beside the live site and swap it in when complete, so a server that keeps
  // running never serves a half-written tree.
  const next = `${distDir}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  await run(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], root, {
    ...process.env,
    NODE_ENV: 'production',
    ASTRO_TELEMETRY_DISABLED: '1',
    ASTRO_OUT_DIR: next,
    SITE_SNAPSHOT: snapshotPath(distDir),
    SITE_URL: siteUrl,
  });
  if (compress) await precompress(next);
  // Cloudflare Workers (wrangler.toml) compresses on its own: the .br/.gz copies stay home.
  writeFileSync(join(next, '.assetsignore'), '*.br\n*.gz\n');
  const old = `${distDir}.old-${process.pid}`;
  rmSync(old, { recursive: true, force: true });
  if (existsSync(distDir)) renameSync(distDir, old);
  renameSync(next, distDir);
  rmSync(old, { recursive: true, force: true });
  writeFileSync(join(distDir, '..', STAMP), fingerprint);
  const pages = walkFiles(distDir).filter((f) => f.endsWith('.html')).length;
  return { pages, seconds: (performance.now() - t0) / 1000 };
}

/**
 * Brings the sportsbook up to date before the snapshot is read, as the server's feed does
 * on its first poll: the upcoming matches of the top competitions get their pages even
 * when the site is built before any server ran the feed on this database (a first start,
 * a fresh deployment). The ingest is idempotent, so a running server's feed and this one
 * store each message once.
 */
async function catchUpSportsFeed(config: Config, db: Database): Promise<void> {
  if (config.sportsFeed !== 'simulated') return;
  const ctx = createContext(config, db, createLogger(config.logLevel));
  const feed = createSimulatedFeed({
    seed: config.sportsFeedSeed,
    clock: ctx.clock,
    speed: config.sportsFeedSpeed,
    spacingMinutes: config.sportsFeedSpacingMinutes,
  });
  await ingest(ctx, await feed.poll());
}

/** Builds from the configured database (migrated and seeded first), or from `database` when given. */
export async function buildFromDatabase(root: string, distDir: string, config: Config, database?: Database): Promise<{ pages: number; seconds: number }> {
  const db = database ?? (await openDatabase(config));
  try {
    await seed(db.db, { withDemoAccounts: config.seedDemo, config, demoStaffTotpKey: config.production ? undefined : config.twoFactorKey });
    await catchUpSportsFeed(config, db);
    return await buildSite(root, distDir, config.siteUrl, await readSnapshot(db.db));
  } finally {
    if (!database) await db.close();
  }
}
