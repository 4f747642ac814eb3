// socket.io on the same port. A socket proves who it is with the access token in
// its handshake and joins only its own room; guests may connect but join none.
// With REDIS_URL, the Redis adapter carries pushes between instances.
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { BalanceInfo } from '../shared/api.ts';
import type { DepositResultPush } from '../shared/payments.ts';
import { type BingoGame, isBingoGame } from '../shared/bingo.ts';
import { isLiveTable, type LiveTableId } from '../shared/live.ts';
import { verifyAccessToken } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';

/** Sockets of the sports pages, told every price change. */
export const SPORTS_ROOM = 'sports';

export const playerRoom = (playerId: number) => `player:${playerId}`;
/** The room of everyone watching the crash game's shared rounds. */
export const CRASH_ROOM = 'crash';
/** The room of everyone watching a live table's shared rounds. */
export const liveRoom = (table: LiveTableId) => `live:${table}`;
/** The room of everyone watching a bingo room's games. */
export const bingoRoom = (game: BingoGame) => `bingo:${game}`;

export interface Realtime {
  io: Server;
  /** Sends the new balance to every socket of that player, on every instance. */
  pushBalance(playerId: number, balance: BalanceInfo): void;
  /** Sends a deposit outcome (`status` 1 or 0) to that player. */
  pushDepositResult(playerId: number, result: DepositResultPush): void;
  /** Sends price and event changes to every socket that watches the sportsbook, on every instance. */
  pushSports(update: unknown): void;
  /** Sends a crash-round event (a new round, the multiplier's tick, a cash-out, the crash) to everyone watching, on every instance. */
  pushCrash(event: string, data: unknown): void;
  close(): Promise<void>;
}

/**
 * The socket.io server on `http`; without one (an operator command), a sender only: with
 * Redis its pushes reach the players' sockets on every server through the adapter.
 */
export async function createRealtime(http: HttpServer | undefined, config: Config, logger: Logger): Promise<Realtime> {
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
    // Prices are public: a sports page asks for them in its handshake.
    if ((socket.handshake.auth as { sports?: unknown } | undefined)?.sports === true) void socket.join(SPORTS_ROOM);
    // Clients never choose a room: joining is the server's decision alone.
    // Clients never choose a player's room: joining one is the server's decision alone.
    // The crash game's room is public (the multiplier everyone sees), so anyone may watch it.
    socket.on('crash:watch', () => {
      void socket.join(CRASH_ROOM);
    });
    // So are the live tables' rooms (the wheel and the cards everyone sees); a table that does not exist has no room.
    socket.on('live:watch', (table: unknown) => {
      if (typeof table === 'string' && isLiveTable(table)) void socket.join(liveRoom(table));
    });
    // And the bingo rooms' (the balls everyone sees drawn).
    socket.on('bingo:watch', (game: unknown) => {
      if (typeof game === 'string' && isBingoGame(game)) void socket.join(bingoRoom(game));
    });
  });

  return {
    io,
    pushBalance: (playerId, balance) => {
      io.to(playerRoom(playerId)).emit(`update_balance_${playerId}`, balance);
    },
    pushDepositResult: (playerId, result) => {
      io.to(playerRoom(playerId)).emit(`deposit_result_${playerId}`, result);
    },
    pushSports: (update) => {
      // One process runs the feed (its lease): its news reaches the sockets of every instance.
      io.to(SPORTS_ROOM).emit('sports_update', update);
    },
    pushCrash: (event, data) => {
      io.to(CRASH_ROOM).emit(event, data);
    },
    close: async () => {
      // A sender only has no engine to close.
      if (http)
        await new Promise<void>((resolve) => {
          io.close(() => resolve());
        });
      await Promise.all([pub?.quit().catch(() => {}), sub?.quit().catch(() => {})]);
      logger.debug('realtime closed');
    },
  };
}
