// The probes an operator's orchestrator asks (/api/health/live and /api/health/ready), the
// pid and host name on every log line, and the server's behaviour when Redis is away: at
// start (one clear JSON line naming REDIS_URL, serving on, readiness degraded) and while
// running (money calls go on, pushes resume by themselves when Redis is back). The test
// runs a redis-server of its own on a port of its own, and stops and starts it.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { noPushes } from '../../src/server/context.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { createWallet } from '../../src/server/wallet/index.ts';
import { freePort, spawnServer, tinySite, until } from '../helpers/spawn.ts';
import { createPlayers, newKey, sign, tokenFor } from '../helpers/wallet.ts';

const tmp = (p: string) => mkdtempSync(join(tmpdir(), p));

interface Ready {
  status: string;
  checks: Record<string, { ok: boolean; ms: number; error?: string }>;
}

async function ready(url: string): Promise<{ code: number; body: Ready }> {
  const reply = await fetch(`${url}/api/health/ready`);
  return { code: reply.status, body: (await reply.json()) as Ready };
}

/** The JSON log lines of the output (the URL line is plain text). */
const logLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('health probes', () => {
  it('answers live at once and ready with each check named; every log line carries pid and hostname', async () => {
    // No site yet: readiness names the missing build until it appears.
    const dist = tmp('casino-site-');
    const server = await spawnServer({ DATA_DIR: tmp('casino-data-'), DIST_DIR: dist, LOG_LEVEL: 'info' });
    try {
      const live = await fetch(`${server.url}/api/health/live`);
      expect(live.status).toBe(200);
      expect(await live.json()).toMatchObject({ status: 'ok', pid: server.child.pid });

      await until(async () => (await ready(server.url)).body.checks.database?.ok === true, 60_000);
      const unbuilt = await ready(server.url);
      expect(unbuilt.code).toBe(503);
      expect(unbuilt.body.status).toBe('unavailable');
      expect(unbuilt.body.checks.site).toMatchObject({ ok: false, error: expect.stringContaining('not built') });
      expect(unbuilt.body.checks.migrations).toMatchObject({ ok: true });
      expect(Object.keys(unbuilt.body.checks).sort()).toEqual(['database', 'migrations', 'site']);

      writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><title>Home</title></html>');
      const built = await ready(server.url);
      expect(built.code).toBe(200);
      expect(built.body.status).toBe('ok');
      for (const check of Object.values(built.body.checks)) expect(check).toEqual({ ok: true, ms: expect.any(Number) });
      // Neither METRICS_PORT nor METRICS_TOKEN: no /metrics at all (the site's 404).
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
      // The old probe answers as before.
      expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({ status: 'ok', database: 'up' });

      await fetch(`${server.url}/api/front/get_setting`, { method: 'POST' });
      await until(() => logLines(server.output()).some((line) => line.msg === 'request'));
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const lines = logLines(server.output());
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line).toMatchObject({ pid: server.child.pid, hostname: hostname() });
    expect(server.output()).not.toMatch(/^\s+at /m);
  });
});

/** A redis-server of the test's own on `port`, without persistence. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => 100, maxRetriesPerRequest: 1 });
  probe.on('error', () => {});
  await until(async () => (await probe.ping()) === 'PONG', 10_000);
  probe.disconnect();
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('Redis away', () => {
  it('starts without Redis with one clear line, keeps money calls working while it comes and goes, and pushes resume', async () => {
    const redisPort = await freePort();
    const REDIS_URL = `redis://127.0.0.1:${redisPort}`;
    const WEBHOOK_SECRET = randomBytes(32).toString('hex');
    const JWT_SECRET = randomBytes(32).toString('hex');
    const dataDir = tmp('casino-data-');
    const setup = await openDatabase({ database: { kind: 'pglite', dir: join(dataDir, 'pglite') } });
    const [player] = (await createPlayers(setup.db, 1)) as [number];
    await createWallet(setup.db, noPushes).deposit({ key: newKey('seed'), playerId: player, amount: 10_000, provider: 'card' });
    const token = await tokenFor({ database: setup, config: { jwtSecret: JWT_SECRET } }, player);
    await setup.close();

    const server = await spawnServer({ DATA_DIR: dataDir, DIST_DIR: tinySite(), REDIS_URL, WEBHOOK_SECRET, JWT_SECRET, SEED_DEMO: 'false' });
    let redis: ChildProcess | undefined;
    const sockets: Socket[] = [];
    const bet = async (amount: number) => {
      const body = JSON.stringify({ playerId: player, transactionId: newKey('bet'), amount, gameId: 'g', gameName: 'Game', roundId: newKey('r') });
      const reply = await fetch(`${server.url}/api/games/wallet/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': sign(WEBHOOK_SECRET, body) },
        body,
      });
      return (await reply.json()) as { status: number; balance: { real_balance: number } };
    };
    try {
      // Readiness: the database comes up, Redis does not; the site is degraded, not down.
      await until(async () => (await ready(server.url)).body.checks.database?.ok === true, 60_000);
      const degraded = await ready(server.url);
      expect(degraded.code).toBe(503);
      expect(degraded.body.status).toBe('degraded');
      expect(degraded.body.checks.redis).toMatchObject({ ok: false, error: expect.stringContaining(REDIS_URL) });
      expect(await bet(1)).toMatchObject({ status: 1, balance: { real_balance: 99 } });

      // The player's own socket on this process gets the push without Redis.
      const socket = connect(server.url, { path: '/socket.io', transports: ['websocket'], auth: { token }, forceNew: true });
      sockets.push(socket);
      const pushes: number[] = [];
      socket.on(`update_balance_${player}`, (balance: { real_balance: number }) => pushes.push(balance.real_balance));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      expect(await bet(1)).toMatchObject({ status: 1, balance: { real_balance: 98 } });
      await until(() => pushes.includes(98));

      // Redis arrives: ready, and the pushes go through it (to the other instances).
      redis = await startRedis(redisPort);
      await until(async () => (await ready(server.url)).code === 200, 20_000);
      const watcher = new Redis(redisPort, '127.0.0.1');
      const published: string[] = [];
      watcher.on('pmessageBuffer', (_pattern: Buffer, channel: Buffer) => published.push(channel.toString()));
      await watcher.psubscribe('socket.io#/#*');
      expect(await bet(1)).toMatchObject({ status: 1, balance: { real_balance: 97 } });
      await until(() => published.some((channel) => channel.includes(`player:${player}`)));
      watcher.disconnect();

      // Redis lost while running: money goes on, readiness says degraded, the process lives.
      await stopRedis(redis);
      await until(async () => (await ready(server.url)).body.status === 'degraded');
      expect(await bet(1)).toMatchObject({ status: 1, balance: { real_balance: 96 } });
      expect(await bet(1)).toMatchObject({ status: 1, balance: { real_balance: 95 } });
      await until(() => pushes.includes(95));

      // And back: pushes cross Redis again without anybody restarting anything.
      redis = await startRedis(redisPort);
      await until(async () => (await ready(server.url)).code === 200, 20_000);
      const again = new Redis(redisPort, '127.0.0.1');
      const republished: string[] = [];
      again.on('pmessageBuffer', (_pattern: Buffer, channel: Buffer) => republished.push(channel.toString()));
      await again.psubscribe('socket.io#/#*');
      expect(await bet(1)).toMatchObject({ status: 1, balance: { real_balance: 94 } });
      await until(() => republished.some((channel) => channel.includes(`player:${player}`)));
      again.disconnect();
      await until(() => pushes.includes(94));
    } finally {
      for (const socket of sockets) socket.close();
      expect(await server.stop()).toBe(0);
      if (redis) await stopRedis(redis);
    }
    const output = server.output();
    // One line at start, however many retries followed; one for the outage while running.
    expect(logLines(output).filter((line) => String(line.msg).includes('unreachable at start'))).toHaveLength(1);
    expect(logLines(output).find((line) => String(line.msg).includes('unreachable at start'))).toMatchObject({ REDIS_URL, level: 50 });
    expect(logLines(output).filter((line) => String(line.msg).startsWith('Redis at REDIS_URL is unreachable:'))).toHaveLength(1);
    expect(output).not.toMatch(/^\s+at /m);
  });
});
