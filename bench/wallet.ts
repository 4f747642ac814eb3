// Bets per second through the wallet on the local PostgreSQL, 8 clients at once,
// beside pgbench's TPC-B-like transaction on the same server in the same run; the
// same load on PGlite; and how long a committed bet's balance push takes to reach a
// socket client, on one instance and across two instances through Redis.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { io as connect, type Socket } from 'socket.io-client';
import { loadConfig } from '../src/server/config.ts';
import { noPushes, type Pushes } from '../src/server/context.ts';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { createLogger } from '../src/server/logger.ts';
import { createRealtime, type Realtime } from '../src/server/realtime.ts';
import { createWallet } from '../src/server/wallet/index.ts';
import { createPlayers, tokenFor } from '../tests/helpers/wallet.ts';
import { has, table } from './lib.ts';

const CLIENTS = 8;
const PLAYERS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PUSH_SAMPLES = 1000;

const adminUrl = () => process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function urlOf(database: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

export async function scratchDatabase<T>(prefix: string, use: (name: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  try {
    return await use(name);
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** pgbench's default (TPC-B-like) transaction, 8 clients on 2 threads, scale 1. */
function pgbench(name: string): number {
  const url = new URL(urlOf(name));
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  execFileSync('pgbench', [...args, '-i', '-q', name], { stdio: 'ignore' });
  const out = execFileSync('pgbench', [...args, '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), name], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/** 8 clients betting for `seconds` on random players; bets per second and p99 latency. */
async function betLoad(database: Database, seconds: number): Promise<{ betsPerSecond: number; p99ms: number }> {
  const wallet = createWallet(database.db, noPushes);
  const players = await createPlayers(database.db, PLAYERS);
  for (const playerId of players) await wallet.deposit({ key: `seed-${playerId}`, playerId, amount: 1_000_000_000, provider: 'bench' });
  let n = 0;
  const run = async (ms: number, record: boolean, latencies: number[]) => {
    const end = Date.now() + ms;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = 0; Date.now() < end; i++) {
          const playerId = players[Math.floor(Math.random() * PLAYERS)] as number;
          const t0 = performance.now();
          const outcome = await wallet.bet({
            key: `b-${record}-${client}-${i}-${n}`,
            playerId,
            amount: 100,
            gameId: 'bench',
            gameName: 'Bench',
            roundId: `r${i}`,
          });
          if (!outcome.ok) throw new Error(`bet refused: ${outcome.code}`);
          if (record) {
            latencies.push(performance.now() - t0);
            n++;
          }
          // PGlite answers in the same process, as microtasks: let timers run.
          if (database.kind === 'pglite') await new Promise((r) => setImmediate(r));
        }
      }),
    );
  };
  await run(1000, false, []);
  const latencies: number[] = [];
  const t0 = performance.now();
  await run(seconds * 1000, true, latencies);
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { betsPerSecond: n / elapsed, p99ms: percentile(latencies, 99) };
}

async function listenOn(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * From the moment a bet's transaction has committed (when the wallet hands the push
 * over) to the moment the player's socket receives it. With `redisUrl`, the wallet
 * pushes through one instance and the socket is connected to another.
 */
async function pushLatency(database: Database, redisUrl: string | undefined): Promise<{ p50ms: number; p99ms: number }> {
  const config = loadConfig({ NODE_ENV: 'test', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
  const logger = createLogger('silent');
  const servers: Server[] = [createServer()];
  if (redisUrl) servers.push(createServer());
  const realtimes: Realtime[] = [];
  for (const s of servers) realtimes.push(await createRealtime(s, config, logger));
  const pushingUrl = await listenOn(servers[0] as Server);
  const socketUrl = servers[1] ? await listenOn(servers[1]) : pushingUrl;

  const committedAt = new Map<number, number>();
  const pushes: Pushes = {
    pushBalance: (playerId, balance) => {
      committedAt.set(playerId, performance.now());
      realtimes[0]?.pushBalance(playerId, balance);
    },
    pushDepositResult: () => {},
  };
  const wallet = createWallet(database.db, pushes);
  const [playerId] = (await createPlayers(database.db, 1)) as [number];
  await wallet.deposit({ key: `push-seed-${playerId}`, playerId, amount: 1_000_000_000, provider: 'bench' });
  const socket: Socket = connect(socketUrl, { transports: ['websocket'], auth: { token: await tokenFor({ database, config }, playerId) }, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // The Redis adapter subscribes to a new room's channel asynchronously.
  await new Promise((r) => setTimeout(r, 200));

  const latencies: number[] = [];
  for (let i = 0; i < PUSH_SAMPLES; i++) {
    const arrived = new Promise<void>((resolve) => socket.once(`update_balance_${playerId}`, () => resolve()));
    await wallet.bet({ key: `push-${redisUrl ? 'redis' : 'local'}-${i}`, playerId, amount: 1, gameId: 'bench', gameName: 'Bench', roundId: `p${i}` });
    await arrived;
    latencies.push(performance.now() - (committedAt.get(playerId) as number));
  }
  socket.close();
  for (const r of realtimes) await r.close();
  for (const s of servers) await new Promise((r) => s.close(r));
  latencies.sort((a, b) => a - b);
  return { p50ms: percentile(latencies, 50), p99ms: percentile(latencies, 99) };
}

async function redisReachable(url: string): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function benchWallet(): Promise<Record<string, number | string | undefined>> {
  const pgbenchTps = has('pgbench') ? await scratchDatabase('casino_bench_pgbench', async (name) => pgbench(name)) : undefined;
  const postgresLoad = await scratchDatabase('casino_bench_wallet', async (name) => {
    const database = await openDatabase({ database: { kind: 'postgres', url: urlOf(name), poolSize: 10 } });
    try {
      return await betLoad(database, SECONDS);
    } finally {
      await database.close();
    }
  });
  const pglite = await openDatabase({ database: { kind: 'pglite', dir: join(mkdtempSync(join(tmpdir(), 'casino-bench-wallet-')), 'pglite') } });
  const pgliteLoad = await betLoad(pglite, SECONDS);
  await pglite.close();

  const redisUrl = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const withRedis = await redisReachable(redisUrl);
  const { local, crossInstance } = await scratchDatabase('casino_bench_push', async (name) => {
    const database = await openDatabase({ database: { kind: 'postgres', url: urlOf(name), poolSize: 10 } });
    try {
      return { local: await pushLatency(database, undefined), crossInstance: withRedis ? await pushLatency(database, redisUrl) : undefined };
    } finally {
      await database.close();
    }
  });

  const ratio = pgbenchTps ? postgresLoad.betsPerSecond / pgbenchTps : undefined;
  console.log(
    table([
      ['measure', 'per second', 'p99 ms', 'target'],
      [`wallet bets, PostgreSQL, ${CLIENTS} clients`, postgresLoad.betsPerSecond.toFixed(0), postgresLoad.p99ms.toFixed(2), ''],
      [`pgbench tpcb-like, -c ${CLIENTS} -j 2, same server`, pgbenchTps?.toFixed(0) ?? 'pgbench not installed', '', ''],
      ['ratio wallet / pgbench', ratio?.toFixed(2) ?? '-', '', '≥ 0.50'],
      [`wallet bets, PGlite on disk, ${CLIENTS} clients`, pgliteLoad.betsPerSecond.toFixed(0), pgliteLoad.p99ms.toFixed(2), ''],
      ['committed bet → push at socket, one instance', '', local.p99ms.toFixed(2), '< 50'],
      ['committed bet → push at socket, across instances (Redis)', '', crossInstance?.p99ms.toFixed(2) ?? 'Redis not reachable', '< 50'],
    ]),
  );
  return {
    seconds: SECONDS,
    walletBetsPerSecond: Math.round(postgresLoad.betsPerSecond),
    walletBetP99ms: Number(postgresLoad.p99ms.toFixed(2)),
    pgbenchTps: pgbenchTps ? Math.round(pgbenchTps) : undefined,
    ratio: ratio ? Number(ratio.toFixed(2)) : undefined,
    pgliteBetsPerSecond: Math.round(pgliteLoad.betsPerSecond),
    pgliteBetP99ms: Number(pgliteLoad.p99ms.toFixed(2)),
    pushP50ms: Number(local.p50ms.toFixed(2)),
    pushP99ms: Number(local.p99ms.toFixed(2)),
    pushAcrossInstancesP50ms: crossInstance ? Number(crossInstance.p50ms.toFixed(2)) : undefined,
    pushAcrossInstancesP99ms: crossInstance ? Number(crossInstance.p99ms.toFixed(2)) : undefined,
  };
}
