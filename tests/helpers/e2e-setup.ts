// Browser tests run against the built site served by the real server: build it
// if it is missing or stale, start `node src/server/main.ts` on a fresh data
// directory for each worker of the project (two files running at once then share no
// player, setting or mail port), and hand their URLs to the tests (tests/helpers/e2e.ts
// picks the worker's).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/server/config.ts';
import { buildFromDatabase, isStale } from '../../src/server/site-build.ts';
import { chromiumPath } from './chromium.ts';
import { freePort, ROOT, type Spawned, spawnServer, until } from './spawn.ts';

export interface E2eServer {
  baseUrl: string;
  /** The port the server mails to; a test that reads mail listens there (tests/helpers/mail.ts). */
  smtpPort: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker, in the order of the workers' VITEST_POOL_ID. */
    e2eServers: E2eServer[];
    /** The servers' signing key, for tests that forge or inspect access tokens (staff calls log in: tests/helpers/staff.ts). */
    jwtSecret: string;
    /** The key game studios sign wallet callbacks with. */
    webhookSecret: string;
    /** The browser to drive (tests/helpers/chromium.ts), found or unpacked once for every worker. */
    chromiumPath: string;
  }
}

export const E2E_JWT_SECRET = `e2e-${'s'.repeat(40)}`;
export const E2E_WEBHOOK_SECRET = `e2e-${'w'.repeat(40)}`;

/**
 * A server of the built site on a fresh data directory, with the e2e secrets, the simulated
 * sports feed and bingo at a brisk pace (and `env` over them); answers once its migrations
 * are done.
 */
export async function startE2eServer(env: Record<string, string> = {}, dist = join(ROOT, 'dist/client')): Promise<{ server: Spawned; smtpPort: number }> {
  // Loopback is a trusted proxy here so that tests can present any visitor address.
  const smtpPort = await freePort();
  const server = await spawnServer(
    {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'casino-e2e-')),
      DIST_DIR: dist,
      JWT_SECRET: E2E_JWT_SECRET,
      WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
      TRUSTED_PROXIES: '127.0.0.1',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // The sportsbook's pages show the simulated season's live prices.
      SPORTS_FEED: 'simulated',
      // Bingo games at a brisk pace (an operator's setting): a sale of 12 s, a ball every 0.4 s.
      BINGO_SALE_SECONDS: '12',
      BINGO_BALL_SECONDS: '0.4',
      ...env,
    },
    { startMs: 60_000 },
  );
  // The first API call waits for migrations; make sure they are done before tests time anything.
  await until(async () => (await fetch(`${server.url}/api/health`)).status === 200, 60_000);
  return { server, smtpPort };
}

/**
 * Builds the site the browser tests use into dist/client unless it is already built from
 * these sources. `npm test` runs this file on its own beside the API suites
 * (scripts/test.ts), so the browser projects find it built.
 */
export async function buildForE2e(dist = join(ROOT, 'dist/client')): Promise<void> {
  // The build catches the simulated feed up as the server does, so the top competitions'
  // event pages exist (named by the feed's ids, the same in the server's own database).
  const buildConfig = loadConfig({ NODE_ENV: 'test', SPORTS_FEED: 'simulated' });
  if (isStale(ROOT, dist, buildConfig.siteUrl)) await buildFromDatabase(ROOT, dist, buildConfig);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dist = join(ROOT, 'dist/client');
  await buildForE2e(dist);
  // The Lighthouse project runs last and alone: its file starts its own server then
  // (startE2eServer), rather than one idling beside every other project from the start.
  const started =
    project.name === 'lighthouse' ? [] : await Promise.all(Array.from({ length: Math.max(1, project.config.maxWorkers) }, () => startE2eServer({}, dist)));
  project.provide(
    'e2eServers',
    started.map(({ server, smtpPort }) => ({ baseUrl: server.url, smtpPort })),
  );
  project.provide('chromiumPath', await chromiumPath());
  project.provide('jwtSecret', E2E_JWT_SECRET);
  project.provide('webhookSecret', E2E_WEBHOOK_SECRET);
  return async () => {
    await Promise.all(started.map(({ server }) => server.stop()));
  };
}

if (import.meta.main) await buildForE2e();
