// Browser tests run against the built site served by the real server: build it
// if it is missing or stale, start `node src/server/main.ts` on a fresh data
// directory, and hand its URL to the tests.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/server/config.ts';
import { buildFromDatabase, isStale } from '../../src/server/site-build.ts';
import { ROOT, spawnServer } from './spawn.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dist = join(ROOT, 'dist/client');
  if (isStale(ROOT, dist)) await buildFromDatabase(ROOT, dist, loadConfig({ NODE_ENV: 'test' }));
  const server = await spawnServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'casino-e2e-')), DIST_DIR: dist });
  // The first API call waits for migrations; make sure they are done before tests time anything.
  for (let i = 0; i < 100 && (await fetch(`${server.url}/api/health`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
  project.provide('baseUrl', server.url);
  return async () => {
    await server.stop();
  };
}
