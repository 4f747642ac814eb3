// Browser tests run against the built site served by the real server: build it
// if it is missing or stale, start `node src/server/main.ts` on a fresh data
// directory, and hand its URL to the tests.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/server/config.ts';
import { buildFromDatabase, isStale } from '../../src/server/site-build.ts';
import { freePort, ROOT, spawnServer } from './spawn.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's signing key, for tests that forge or inspect access tokens (staff calls log in: tests/helpers/staff.ts). */
    jwtSecret: string;
    /** The key game studios sign wallet callbacks with. */
    webhookSecret: string;
    /** The port the server mails to; a test that reads mail listens there (tests/helpers/mail.ts). */
    smtpPort: number;
  }
}

export const E2E_JWT_SECRET = `e2e-${'s'.repeat(40)}`;
export const E2E_WEBHOOK_SECRET = `e2e-${'w'.repeat(40)}`;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dist = join(ROOT, 'dist/client');
  // The build catches the simulated feed up as the server does, so the top competitions'
  // event pages exist (named by the feed's ids, the same in the server's own database).
  const buildConfig = loadConfig({ NODE_ENV: 'test', SPORTS_FEED: 'simulated' });
  if (isStale(ROOT, dist, buildConfig.siteUrl)) await buildFromDatabase(ROOT, dist, buildConfig);
  // Loopback is a trusted proxy here so that tests can present any visitor address.
  const smtpPort = await freePort();
  const server = await spawnServer({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'casino-e2e-')),
    DIST_DIR: dist,
    JWT_SECRET: E2E_JWT_SECRET,
    WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
    TRUSTED_PROXIES: '127.0.0.1',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // The sportsbook's pages show the simulated season's live prices.
    SPORTS_FEED: 'simulated',
  });
  // The first API call waits for migrations; make sure they are done before tests time anything.
  for (let i = 0; i < 100 && (await fetch(`${server.url}/api/health`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
  project.provide('baseUrl', server.url);
  project.provide('jwtSecret', E2E_JWT_SECRET);
  project.provide('smtpPort', smtpPort);
  project.provide('webhookSecret', E2E_WEBHOOK_SECRET);
  return async () => {
    await server.stop();
  };
}
