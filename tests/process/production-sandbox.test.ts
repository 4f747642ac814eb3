// A production start serves no test double of an outside party: no sandbox processor's
// pages or card tokens, no sandbox game provider, no processor row naming one; and a
// database that still names one stops the start, naming it, with exit code 2.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ServerContext } from '../../src/server/context.ts';
import { openDatabase, rows } from '../../src/server/db/client.ts';
import { sandboxRoutes } from '../../src/server/payments/registry.ts';
import { sandboxStudioRoutes } from '../../src/server/seamless/sandbox.ts';
import { spawnServer, tinySite, until } from '../helpers/spawn.ts';

const tmp = (p: string) => mkdtempSync(join(tmpdir(), p));
const secret = 'p'.repeat(40);
const production = (dataDir: string) => ({
  NODE_ENV: 'production',
  JWT_SECRET: secret,
  WEBHOOK_SECRET: secret,
  PROVIDER_SECRETS_KEY: secret,
  SITE_URL: 'https://casino.example',
  DATA_DIR: dataDir,
  DIST_DIR: tinySite(),
  LOG_LEVEL: 'info',
});

/** Every path the sandbox parties answer, read from their own route tables (parameters filled in). */
function sandboxPaths(): { method: string; path: string }[] {
  // Building the routes reads nothing from the context; only a request would.
  const ctx = {} as ServerContext;
  const app = new Hono()
    .route(
      '/api/sandbox/games',
      sandboxStudioRoutes(ctx, () => new Response()),
    )
    .route('/api/sandbox', sandboxRoutes(ctx));
  return app.routes.filter((r) => r.method !== 'ALL').map((r) => ({ method: r.method, path: r.path.replace(/:\w+/g, 'x') }));
}

describe('a production start', () => {
  // Each start migrates and seeds an empty PGlite first: on a loaded machine that takes most
  // of a minute, so the waits are long and the tests keep the process project's timeout.
  it('answers 404 on every sandbox path, seeds no sandbox processor and says which processors are live', async () => {
    const data = tmp('casino-prod-');
    const server = await spawnServer(production(data));
    try {
      await until(async () => (await fetch(`${server.url}/api/health`)).status === 200, 60_000);
      const paths = sandboxPaths();
      expect(paths.map((p) => p.path)).toEqual(
        expect.arrayContaining(['/api/sandbox/card/tokens', '/api/sandbox/games/launch', '/api/sandbox/crypto/invoice/x']),
      );
      for (const { method, path } of paths) {
        const body = method === 'GET' ? undefined : JSON.stringify({ number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' });
        const response = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json' }, ...(body ? { body } : {}) });
        expect({ method, path, status: response.status }).toEqual({ method, path, status: 404 });
      }
      await until(() => server.output().includes('payment processors live: none'));
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const db = await openDatabase({ database: { kind: 'pglite', dir: join(data, 'pglite') } });
    try {
      expect(await rows(db.db, sql`select id from payment_processors`)).toEqual([]);
      expect(await rows(db.db, sql`select code from wallet_providers`)).toEqual([]);
      expect(await rows(db.db, sql`select slug from games where engine = 'provider'`)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('stops with exit code 2, naming the row, when the database names a sandbox processor', async () => {
    const data = tmp('casino-prod-');
    // A database from a development or staging start: its processors are the sandbox's.
    const staging = await spawnServer({ ...production(data), STAGING_SANDBOX: 'true' });
    try {
      await until(async () => (await fetch(`${staging.url}/api/health`)).status === 200, 60_000);
      // The log is written as it goes; the lines may follow the health answer by a moment.
      await until(() => /payment processors live: \d+/.test(staging.output()));
      expect(staging.output()).toContain('STAGING_SANDBOX is on');
    } finally {
      expect(await staging.stop()).toBe(0);
    }
    const refused = await spawnServer(production(data), { waitForUrl: false });
    expect(await refused.exited).toBe(2);
    expect(refused.output()).toContain('46 Card (Visa / Mastercard) (sandbox-card)');
    expect(refused.output()).toContain('game provider sandbox-games');
  });
});
