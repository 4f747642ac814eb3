// Balance pushes over socket.io: the real realtime module on a real HTTP server, the
// wallet pushing through it, and socket.io clients as the header would connect.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import type { Database } from '../../../src/server/db/client.ts';
import { createLogger } from '../../../src/server/logger.ts';
import { createRealtime, type Realtime } from '../../../src/server/realtime.ts';
import { createWallet, readBalance, toBalanceInfo, type Wallet } from '../../../src/server/wallet/index.ts';
import { testDatabase } from '../../helpers/db.ts';
import { createPlayers, newKey, tokenFor } from '../../helpers/wallet.ts';

const config = loadConfig({ NODE_ENV: 'test' });
let database: Database;
let http: Server;
let realtime: Realtime;
let wallet: Wallet;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  database = await testDatabase();
  http = createServer();
  realtime = await createRealtime(http, config, createLogger('silent'));
  wallet = createWallet(database.db, realtime);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await realtime.close();
  await new Promise((r) => http.close(r));
  await database.close();
});

/** A connected socket and every event it receives, in order. */
async function listen(token?: string): Promise<{ socket: Socket; events: { name: string; payload: unknown }[] }> {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true });
  sockets.push(socket);
  const events: { name: string; payload: unknown }[] = [];
  socket.onAny((name: string, payload: unknown) => events.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, events };
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('nothing arrived in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('balance pushes', () => {
  it("delivers a player's committed balance to their own socket and nobody else's", async () => {
    const [alice, bob] = (await createPlayers(database.db, 2)) as [number, number];
    const a = await listen(await tokenFor({ database, config }, alice));
    const b = await listen(await tokenFor({ database, config }, bob));
    const guest = await listen();
    await wallet.deposit({ key: newKey('dep'), playerId: alice, amount: 2550, provider: 'card' });
    await until(() => a.events.length === 1);
    expect(a.events[0]).toEqual({ name: `update_balance_${alice}`, payload: toBalanceInfo(await readBalance(database.db, alice)) });
    expect(a.events[0]?.payload).toMatchObject({ total_balance: 25.5, real_balance: 25.5, bonus_balance: 0, locked_balance: 0 });
    await wallet.deposit({ key: newKey('dep'), playerId: bob, amount: 100, provider: 'card' });
    await until(() => b.events.length === 1);
    await settle();
    expect(a.events.map((e) => e.name)).toEqual([`update_balance_${alice}`]);
    expect(b.events.map((e) => e.name)).toEqual([`update_balance_${bob}`]);
    expect(guest.events).toEqual([]);
  });

  it('pushes nothing for a repeated or refused operation', async () => {
    const [carol] = (await createPlayers(database.db, 1)) as [number];
    const c = await listen(await tokenFor({ database, config }, carol));
    const key = newKey('dep');
    await wallet.deposit({ key, playerId: carol, amount: 1000, provider: 'card' });
    await wallet.deposit({ key, playerId: carol, amount: 1000, provider: 'card' });
    await wallet.bet({ key: newKey('bet'), playerId: carol, amount: 5000, gameId: 'g', gameName: 'G', roundId: 'r' });
    await until(() => c.events.length >= 1);
    await settle();
    expect(c.events).toHaveLength(1);
  });

  it('refuses a socket with a bad token', async () => {
    const [frank] = (await createPlayers(database.db, 1)) as [number];
    const forged = `${await tokenFor({ database, config }, frank)}x`;
    await expect(listen(forged)).rejects.toThrow('unauthorized');
    const foreignKey = { database, config: { jwtSecret: 'another-secret-that-is-long-enough-000000' } };
    await expect(listen(await tokenFor(foreignKey, frank))).rejects.toThrow('unauthorized');
  });

  it('keeps a socket in its own room, whatever room it asks for', async () => {
    const [dave, erin] = (await createPlayers(database.db, 2)) as [number, number];
    const d = await listen(await tokenFor({ database, config }, dave));
    d.socket.emit('join', `player:${erin}`);
    d.socket.emit('subscribe', { room: `player:${erin}`, playerId: erin });
    await settle();
    await wallet.deposit({ key: newKey('dep'), playerId: erin, amount: 100, provider: 'card' });
    await settle();
    expect(d.events).toEqual([]);
    const [server] = await realtime.io.in(`player:${dave}`).fetchSockets();
    expect([...(server?.rooms ?? [])].filter((room) => room.startsWith('player:'))).toEqual([`player:${dave}`]);
  });
});
