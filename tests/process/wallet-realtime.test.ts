// Two server processes on one PostgreSQL with the Redis adapter: a bet made through
// one of them pushes the new balance to the player's socket on the other, and to no
// other player's. The bet comes in through the signed game wallet callback, so the
// push starts where it does in production: the process that committed the change.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { noPushes } from '../../src/server/context.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { createWallet } from '../../src/server/wallet/index.ts';
import { spawnServer, tinySite, until } from '../helpers/spawn.ts';
import { createPlayers, newKey, sign, tokenFor } from '../helpers/wallet.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const JWT_SECRET = randomBytes(32).toString('hex');
const WEBHOOK_SECRET = randomBytes(32).toString('hex');

async function listen(baseUrl: string, token: string) {
  const socket: Socket = connect(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  const events: { name: string; payload: Record<string, unknown> }[] = [];
  socket.onAny((name: string, payload: Record<string, unknown>) => events.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, events };
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('balance pushes across server processes', () => {
  it('delivers a push committed by one process to the socket held by the other, through Redis', async () => {
    const admin = process.env.TEST_DATABASE_URL as string;
    const name = `casino_push_${randomBytes(5).toString('hex')}`;
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const sqlAdmin = postgres(admin, { max: 1, onnotice: () => {} });
    await sqlAdmin.unsafe(`CREATE DATABASE ${name}`);
    await sqlAdmin.end();

    const setup = await openDatabase({ database: { kind: 'postgres', url: url.toString(), poolSize: 2 } });
    // Rooms are named by player id and Redis is shared: ids no other test uses keep its pushes out of ours.
    await setup.db.execute(sql`select setval('players_id_seq', ${1_000_000 + Math.floor(Math.random() * 1_000_000_000)})`);
    // Alice keeps her wallet in rupees: the push names them.
    const [alice, bob] = (await createPlayers(setup.db, 2, ['INR', 'EUR'])) as [number, number];
    await createWallet(setup.db, noPushes).deposit({ key: newKey('seed'), playerId: alice, amount: 10_000, provider: 'card' });
    const place = { database: setup, config: { jwtSecret: JWT_SECRET } };
    const [aliceToken, bobToken] = [await tokenFor(place, alice), await tokenFor(place, bob)];
    await setup.close();

    const env = { DATABASE_URL: url.toString(), REDIS_URL, JWT_SECRET, WEBHOOK_SECRET, SEED_DEMO: 'false', DIST_DIR: tinySite() };
    // One after the other: the first start seeds the database.
    const first = await spawnServer(env);
    await until(async () => (await fetch(`${first.url}/api/health`)).status === 200);
    const second = await spawnServer(env);
    const sockets: Socket[] = [];
    try {
      await until(async () => (await fetch(`${second.url}/api/health`)).status === 200);
      const aliceOnSecond = await listen(second.url, aliceToken);
      const bobOnSecond = await listen(second.url, bobToken);
      const aliceOnFirst = await listen(first.url, aliceToken);
      sockets.push(aliceOnSecond.socket, bobOnSecond.socket, aliceOnFirst.socket);

      const body = JSON.stringify({ playerId: alice, transactionId: newKey('bet'), amount: 12.5, gameId: 'g', gameName: 'Game', roundId: 'r' });
      const response = await fetch(`${first.url}/api/games/wallet/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': sign(WEBHOOK_SECRET, body) },
        body,
      });
      expect(await response.json()).toMatchObject({ status: 1, balance: { real_balance: 87.5 } });

      await until(() => aliceOnSecond.events.length > 0 && aliceOnFirst.events.length > 0, 10_000);
      expect(aliceOnSecond.events).toEqual([
        {
          name: `update_balance_${alice}`,
          payload: {
            currency: 'INR',
            total_balance: 87.5,
            real_balance: 87.5,
            bonus_balance: 0,
            locked_balance: 0,
            wagering: { required: 0, wagered: 0, remaining: 0 },
          },
        },
      ]);
      expect(aliceOnFirst.events).toEqual(aliceOnSecond.events);
      await new Promise((r) => setTimeout(r, 300));
      expect(bobOnSecond.events).toEqual([]);
    } finally {
      for (const s of sockets) s.close();
      await Promise.all([first.stop(), second.stop()]);
      const cleanup = postgres(admin, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    }
  }, 90_000);
});
