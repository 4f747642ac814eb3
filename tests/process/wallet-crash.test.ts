// kill -9 in the middle of a load of bets: after a restart the ledger still balances,
// every bet whose reply reached the game studio is there, and a retried bet gets its
// first reply. Bets go through the real server's signed game wallet callback, on
// PGlite on disk and, when TEST_DATABASE_URL is set, on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { noPushes } from '../../src/server/context.ts';
import { type Database, openDatabase, rows } from '../../src/server/db/client.ts';
import { auditLedger, createWallet } from '../../src/server/wallet/index.ts';
import { type Spawned, spawnServer, tinySite, until } from '../helpers/spawn.ts';
import { createPlayers, newKey, sign } from '../helpers/wallet.ts';

const WEBHOOK_SECRET = randomBytes(32).toString('hex');
const PLAYERS = 8;
const START_CENTS = 1_000_000;
const CLIENTS = 8;
const KILL_AFTER_REPLIES = 250;

interface Reply {
  status: 0 | 1;
  message?: string;
  transactionId?: number;
  balance?: { real_balance: number };
}

interface Target {
  env: Record<string, string>;
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

function pgliteTarget(): Target {
  const dataDir = mkdtempSync(join(tmpdir(), 'casino-wallet-crash-'));
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ database: { kind: 'pglite', dir: join(dataDir, 'pglite') } }),
    cleanup: async () => {},
  };
}

function postgresTarget(): Target {
  const admin = process.env.TEST_DATABASE_URL as string;
  const name = `casino_crash_${randomBytes(5).toString('hex')}`;
  const url = new URL(admin);
  url.pathname = `/${name}`;
  let created = false;
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: mkdtempSync(join(tmpdir(), 'casino-wallet-crash-')) },
    open: async () => {
      if (!created) {
        const sqlAdmin = postgres(admin, { max: 1, onnotice: () => {} });
        await sqlAdmin.unsafe(`CREATE DATABASE ${name}`);
        await sqlAdmin.end();
        created = true;
      }
      return openDatabase({ database: { kind: 'postgres', url: url.toString(), poolSize: 4 } });
    },
    cleanup: async () => {
      const sqlAdmin = postgres(admin, { max: 1, onnotice: () => {} });
      await sqlAdmin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await sqlAdmin.end();
    },
  };
}

async function start(target: Target): Promise<Spawned> {
  const server = await spawnServer({ ...target.env, DIST_DIR: tinySite(), WEBHOOK_SECRET, SEED_DEMO: 'false' });
  await until(async () => (await fetch(`${server.url}/api/health`)).status === 200, 30_000);
  return server;
}

async function call(server: Spawned, path: string, payload: unknown): Promise<Reply> {
  const body = JSON.stringify(payload);
  const response = await fetch(`${server.url}/api/games/wallet/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': sign(WEBHOOK_SECRET, body) },
    body,
  });
  if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as Reply;
}

async function crashDuringBets(target: Target): Promise<void> {
  const setup = await target.open();
  const players = await createPlayers(setup.db, PLAYERS, ['EUR', 'INR']);
  const wallet = createWallet(setup.db, noPushes);
  for (const playerId of players) await wallet.deposit({ key: newKey('seed'), playerId, amount: START_CENTS, provider: 'card' });
  await setup.close();

  const server = await start(target);
  const received = new Map<string, { payload: Record<string, unknown>; reply: Reply }>();
  let killed = false;
  const clients = Array.from({ length: CLIENTS }, async () => {
    while (!killed) {
      const playerId = players[Math.floor(Math.random() * PLAYERS)] as number;
      const payload = {
        playerId,
        transactionId: newKey('bet'),
        amount: (100 + Math.floor(Math.random() * 900)) / 100,
        gameId: 'crash',
        gameName: 'Crash',
        roundId: newKey('round'),
      };
      try {
        const reply = await call(server, 'bet', payload);
        received.set(payload.transactionId, { payload, reply });
        if (reply.status === 1 && Math.random() < 0.3) {
          await call(server, 'win', { playerId, transactionId: newKey('win'), betTransactionId: payload.transactionId, amount: 2 });
        }
      } catch {
        // The server died with this request in flight: its fate is unknown, which is allowed.
      }
      if (!killed && received.size >= KILL_AFTER_REPLIES) {
        killed = true;
        server.child.kill('SIGKILL');
      }
    }
  });
  await Promise.all(clients);
  await server.exited;

  const restarted = await start(target);
  // A studio retrying a bet whose reply it did get is answered the same, not charged twice.
  const sample = [...received.values()].slice(0, 20);
  for (const { payload, reply } of sample) expect(await call(restarted, 'bet', payload)).toEqual(reply);
  const fresh = await call(restarted, 'bet', {
    playerId: players[0],
    transactionId: newKey('bet'),
    amount: 1,
    gameId: 'crash',
    gameName: 'Crash',
    roundId: 'after',
  });
  expect(fresh.status).toBe(1);
  expect(await restarted.stop()).toBe(0);

  const check = await target.open();
  try {
    const audit = await auditLedger(check.db);
    expect(audit).toMatchObject({ total: 0, negativeAccounts: [], driftedAccounts: [], unbalancedOperations: [], mixedOperations: [] });
    // Euro and rupee players were betting when the process died: each currency still balances on its own.
    expect(Object.values(audit.currencies).map((c) => c.total)).toEqual([0, 0]);
    const stored = new Map(
      (await rows<{ bet_key: string; stake: string | number }>(check.db, sql`select bet_key, stake from player_bets`)).map((r) => [r.bet_key, Number(r.stake)]),
    );
    const accepted = [...received.values()].filter((r) => r.reply.status === 1);
    expect(accepted.length).toBeGreaterThan(KILL_AFTER_REPLIES / 2);
    const missing = accepted.filter(({ payload }) => stored.get(payload.transactionId as string) !== Math.round((payload.amount as number) * 100));
    expect(missing).toEqual([]);
  } finally {
    await check.close();
    await target.cleanup();
  }
}

describe('wallet after kill -9', () => {
  it('keeps every answered bet and a balanced ledger on PGlite on disk', () => crashDuringBets(pgliteTarget()), 120_000);

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'keeps every answered bet and a balanced ledger on PostgreSQL',
    () => crashDuringBets(postgresTarget()),
    120_000,
  );
});
