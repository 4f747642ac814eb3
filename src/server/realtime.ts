// socket.io on the same port. A socket proves who it is with the access token in
// its handshake and joins only its own room; guests may connect but join none.
// With REDIS_URL, the Redis adapter carries pushes between instances. Redis is not needed
// for money: when it is unreachable (at start or later) the server keeps serving, pushes
// reach this process's own sockets only, readiness says `degraded`, and the clients
// reconnect with backoff and resubscribe by themselves when it returns.
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
import { metrics } from './metrics.ts';

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
  /** The readiness check of Redis: resolves when it answers; undefined without REDIS_URL. */
  redisCheck: (() => Promise<void>) | undefined;
  close(): Promise<void>;
}

/** REDIS_URL as it may be logged: without its password. */
export function shownRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/** How long the start waits for Redis before it goes on without it. */
const REDIS_START_WAIT_MS = 3000;

/** Waits between reconnection attempts: 0.2 s more each time, at most 5 s. */
export const redisBackoff = (attempt: number) => Math.min(attempt * 200, 5000);

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
  let closing = false;
  let redisCheck: (() => Promise<void>) | undefined;
  if (config.redisUrl) {
    const shown = shownRedisUrl(config.redisUrl);
    // Publishing fails at once while Redis is away (no queue of stale pushes sent late);
    // the subscriber queues its subscriptions until it is connected.
    pub = new Redis(config.redisUrl, { retryStrategy: redisBackoff, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    sub = new Redis(config.redisUrl, { retryStrategy: redisBackoff, maxRetriesPerRequest: null });
    // The adapter publishes without waiting for the answer: a failed publish is a push this
    // process's own sockets got and the others' did not, never an unhandled rejection.
    const publish = pub.publish.bind(pub) as (...args: unknown[]) => Promise<unknown>;
    (pub as unknown as { publish: (...args: unknown[]) => Promise<unknown> }).publish = (...args) => {
      const sent = publish(...args);
      sent.catch(() => metrics.pushFailures.inc());
      return sent;
    };
    // One line when Redis goes away (or is not there at start), one when it is back: not one per retry.
    let everReady = false;
    let down = false;
    const lost = (error?: Error) => {
      if (down) return;
      down = true;
      logger.error(
        { REDIS_URL: shown, ...(error ? { error: error.message } : {}) },
        everReady
          ? 'Redis at REDIS_URL is unreachable: money calls go on, pushes reach only the sockets of this process and readiness says degraded; reconnecting with backoff (up to every 5 s). Restore Redis or fix REDIS_URL'
          : 'Redis at REDIS_URL is unreachable at start: the server serves without it (pushes reach only the sockets of this process, readiness says degraded) and keeps retrying with backoff (up to every 5 s). Start Redis or fix REDIS_URL',
      );
    };
    const watch = (client: Redis) => {
      client.on('error', (error: Error) => lost(error));
      client.on('close', () => {
        if (!closing) lost();
      });
      client.on('ready', () => {
        if (pub?.status !== 'ready' || sub?.status !== 'ready') return;
        if (down) logger.info({ REDIS_URL: shown }, 'Redis is reachable again: pushes cross instances again');
        down = false;
        everReady = true;
      });
    };
    watch(pub);
    watch(sub);
    io.adapter(createAdapter(pub, sub));
    const [p, s] = [pub, sub];
    // A moment for Redis to answer before the first pushes; without it, the server starts anyway.
    const connected = (client: Redis) =>
      client.status === 'ready' ? Promise.resolve() : new Promise<void>((resolve) => client.once('ready', () => resolve()));
    let waited: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all([connected(p), connected(s)]),
      new Promise<void>((resolve) => {
        waited = setTimeout(resolve, REDIS_START_WAIT_MS);
      }),
    ]);
    clearTimeout(waited);
    redisCheck = async () => {
      if (p.status !== 'ready' || s.status !== 'ready') throw new Error(`Redis at ${shown} is unreachable (${p.status})`);
      await p.ping();
    };
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
    metrics.socketConnections.inc();
    metrics.socketConnectionsTotal.inc();
    socket.on('disconnect', () => metrics.socketConnections.dec());
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
      metrics.pushes.inc({ kind: 'balance' });
      io.to(playerRoom(playerId)).emit(`update_balance_${playerId}`, balance);
    },
    pushDepositResult: (playerId, result) => {
      metrics.pushes.inc({ kind: 'deposit' });
      io.to(playerRoom(playerId)).emit(`deposit_result_${playerId}`, result);
    },
    pushSports: (update) => {
      metrics.pushes.inc({ kind: 'sports' });
      // One process runs the feed (its lease): its news reaches the sockets of every instance.
      io.to(SPORTS_ROOM).emit('sports_update', update);
    },
    pushCrash: (event, data) => {
      metrics.pushes.inc({ kind: 'crash' });
      io.to(CRASH_ROOM).emit(event, data);
    },
    redisCheck,
    close: async () => {
      // A sender only has no engine to close.
      if (http)
        await new Promise<void>((resolve) => {
          io.close(() => resolve());
        });
      closing = true;
      // quit() waits for an answer that never comes while Redis is away: disconnect then.
      for (const client of [pub, sub]) {
        if (!client) continue;
        if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
        else client.disconnect();
      }
      logger.debug('realtime closed');
    },
  };
}
