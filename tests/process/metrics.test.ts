// Where /metrics answers on the real server: never to the public. With METRICS_TOKEN only
// behind `Authorization: Bearer`, with METRICS_PORT only on that port, with neither nowhere
// (tests/process/health.test.ts). The figures move with what the server does.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { freePort, spawnServer, tinySite, until } from '../helpers/spawn.ts';

const tmp = (p: string) => mkdtempSync(join(tmpdir(), p));
const TOKEN = 'metrics-token-0123456789abcdef';

describe('/metrics', () => {
  it('on the main port answers only with the bearer token, and counts requests and sockets', async () => {
    const server = await spawnServer({ DATA_DIR: tmp('casino-data-'), DIST_DIR: tinySite(), METRICS_TOKEN: TOKEN });
    try {
      await until(async () => (await fetch(`${server.url}/api/health`)).status === 200, 60_000);
      const none = await fetch(`${server.url}/metrics`);
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toContain('Bearer');
      expect(await none.text()).not.toContain('casino_');
      const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
      expect(wrong.status).toBe(401);

      const socket = connect(server.url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const scrape = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get('content-type')).toContain('text/plain');
      const text = await scrape.text();
      expect(text).toMatch(/^casino_http_requests_total\{route="\/api\/health",method="GET",status="200"\} [1-9]\d*$/m);
      expect(text).toMatch(/^casino_socket_connections 1$/m);
      expect(text).toMatch(/^process_cpu_user_seconds_total /m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
      socket.close();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('with METRICS_PORT answers there only, and the main port has no /metrics', async () => {
    const metricsPort = await freePort();
    const server = await spawnServer({ DATA_DIR: tmp('casino-data-'), DIST_DIR: tinySite(), METRICS_PORT: String(metricsPort) });
    try {
      await until(async () => (await fetch(`${server.url}/api/health`)).status === 200, 60_000);
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
      const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toMatch(/^casino_http_requests_total\{route="\/api\/health",method="GET",status="200"\} [1-9]\d*$/m);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('/metrics with several server processes', () => {
  it("sums every worker's figures on the primary's METRICS_PORT", async () => {
    const admin = process.env.TEST_DATABASE_URL as string;
    const name = `casino_metrics_${randomBytes(5).toString('hex')}`;
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const sqlAdmin = postgres(admin, { max: 1, onnotice: () => {} });
    await sqlAdmin.unsafe(`CREATE DATABASE ${name}`);
    await sqlAdmin.end();
    const metricsPort = await freePort();
    const server = await spawnServer(
      {
        DATABASE_URL: url.toString(),
        DATABASE_POOL_SIZE: '3',
        REDIS_URL: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379',
        WEB_CONCURRENCY: '2',
        SEED_DEMO: 'false',
        DIST_DIR: tinySite(),
        METRICS_PORT: String(metricsPort),
      },
      { startMs: 60_000 },
    );
    try {
      let asked = 0;
      const health = async () => {
        asked++;
        return (await fetch(`${server.url}/api/health`)).status;
      };
      await until(async () => (await health()) === 200, 60_000);
      // Both workers answer (the second may still be opening its database).
      const scrape = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      // Each worker has a pool of 3: summed, 6 once both have started.
      await until(async () => /^casino_db_pool_size 6$/m.test(await scrape()), 60_000);
      for (let i = 0; i < 20; i++) expect(await health()).toBe(200);
      const text = await scrape();
      const answered = /^casino_http_requests_total\{route="\/api\/health",method="GET",status="200"\} (\d+)$/m.exec(text);
      const refused = /^casino_http_requests_total\{route="\/api\/health",method="GET",status="503"\} (\d+)$/m.exec(text);
      expect(Number(answered?.[1] ?? 0) + Number(refused?.[1] ?? 0)).toBeLessThanOrEqual(asked);
      expect(Number(answered?.[1])).toBeGreaterThanOrEqual(21);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
