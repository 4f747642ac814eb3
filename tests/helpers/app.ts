// The API as tests call it: the real Hono app on a database of the suite's own.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { type Clock, type ManualClock, manualClock } from '../../src/server/clock.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createContext, type ServerContext } from '../../src/server/context.ts';
import { seed } from '../../src/server/demo/seed.ts';
import { createLogger } from '../../src/server/logger.ts';
import { type Wallet, walletOf } from '../../src/server/wallet/index.ts';
import { preseededFor, testDatabase } from './db.ts';
import { late } from './late.ts';
import { seedInputs } from './seeded.ts';

export interface CallOptions {
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
  method?: string;
}

export interface TestApi {
  ctx: ServerContext;
  app: ReturnType<typeof createApp>;
  /** POSTs `body` (an object, or a raw string sent as is) to /api/<path>. */
  call(path: string, body?: unknown, options?: CallOptions): Promise<Response>;
  json<T = Record<string, unknown>>(path: string, body?: unknown, options?: CallOptions): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

export async function testApi(env: Record<string, string> = {}, options: { demo?: boolean; clock?: Clock } = {}): Promise<TestApi> {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const withDemoAccounts = options.demo ?? true;
  // Seeding is idempotent: the run's seeded copy is what this seed would make of it.
  const preseeded = withDemoAccounts && preseededFor() === seedInputs(config);
  const database = await testDatabase({ seeded: preseeded });
  if (!preseeded) await seed(database.db, { withDemoAccounts, config, demoStaffTotpKey: config.twoFactorKey });
  const ctx: ServerContext = createContext(config, database, createLogger('silent'), undefined, options.clock);
  const app = createApp(ctx, { remoteAddress: (c) => c.req.header('x-test-remote') ?? '127.0.0.1' });
  const call = (path: string, body?: unknown, o: CallOptions = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.ip) headers['x-test-remote'] = o.ip;
    const method = o.method ?? 'POST';
    const init: RequestInit = { method, headers };
    if (method !== 'GET' && method !== 'HEAD') init.body = typeof body === 'string' ? body : JSON.stringify(body ?? {});
    return Promise.resolve(app.request(`/api/${path}`, init));
  };
  return {
    ctx,
    app,
    call,
    json: async (path, body, o) => {
      const response = await call(path, body, o);
      return { status: response.status, body: await response.json() };
    },
    close: () => database.close(),
  };
}

/** The test API of a whole file: started before its first test, closed after its last. */
export function suiteApi(env: Record<string, string> = {}, options: { demo?: boolean; clock?: Clock } = {}): TestApi {
  let api: TestApi | undefined;
  beforeAll(async () => {
    api = await testApi(env, options);
  });
  afterAll(() => api?.close());
  return late(() => api);
}

/**
 * A file's test API on a manual clock that is back at the real time before every test, so
 * each test moves time from now whatever the tests before it did; and its wallet.
 */
export function clockedSuite(env: Record<string, string> = {}): { api: TestApi; clock: ManualClock; wallet: Wallet } {
  const clock = manualClock(Date.now());
  const api = suiteApi(env, { clock });
  beforeEach(() => clock.set(Date.now()));
  return { api, clock, wallet: late(() => walletOf(api.ctx)) };
}
