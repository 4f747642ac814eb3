// socket.io on the same port. A socket proves who it is with the access token in
// its handshake and joins only its own room; guests may connect but join none.
// With REDIS_URL, the Redis adapter carries pushes between instances.
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { BalanceInfo } from '../shared/api.ts';
import { verifyAccessToken } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';

export const playerRoom = (playerId: number) => `player:${playerId}`;

export interface Realtime {
  io: Server;
  /** Sends the new balance to every socket of that player, on every instance. */
  pushBalance(playerId: number, balance: BalanceInfo): void;
  /** Sends a deposit outcome (`status` 1 or 0) to that player. */
  pushDepositResult(playerId: number, status: 0 | 1): void;
  close(): Promise<void>;
}

export async function createRealtime(http: HttpServer, config: Config, logger: Logger): Promise<Realtime> {
  const io = new Server(http, {
    path: '/socket.io',
    serveClient: false,
    // The browser is served from the same origin; nothing else may open a socket.
    cors: { origin: false },
    allowEIO3: false,
  });
  let pub: Redis | undefined;
  let sub: Redis | undefined;
  if (config.redisUrl) {
    pub = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
  }

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token === '') {
      socket.data.playerId = undefined;
      next();
      return;
    }
    const claims = await verifyAccessToken(config.jwtSecret, token);
    if (!claims) {
      next(new Error('unauthorized'));
      return;
    }
    socket.data.playerId = claims.playerId;
    next();
  });

  io.on('connection', (socket) => {
    const playerId = socket.data.playerId as number | undefined;
    if (playerId !== undefined) void socket.join(playerRoom(playerId));
    // Clients never choose a room: joining is the server's decision alone.
  });

  return {
    io,
    pushBalance: (playerId, balance) => {
      io.to(playerRoom(playerId)).emit(`update_balance_${playerId}`, balance);
    },
    pushDepositResult: (playerId, status) => {
      io.to(playerRoom(playerId)).emit(`deposit_result_${playerId}`, { status });
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      });
      await Promise.all([pub?.quit().catch(() => {}), sub?.quit().catch(() => {})]);
      logger.debug('realtime closed');
    },
  };
}
