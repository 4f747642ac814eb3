// One Node HTTP server on one port: /api to Hono, /socket.io to socket.io, every
// other path to the prerendered site. It listens before the database is open so
// that static pages answer at once; API calls wait for the database.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app.ts';
import { announcedOrigin, type Config } from './config.ts';
import { createContext, type ServerContext } from './context.ts';
import { startCrashRunner } from './games/crash.ts';
import { startLiveRunners } from './games/live.ts';
import { startBingoRunners } from './games/bingo.ts';
import { startRoundRecovery } from './games/studio.ts';
import { createSimulatedFeed } from './sports/feed/simulated.ts';
import { oddsPush } from './sports/ingest.ts';
import { startSportsFeed } from './sports/runner.ts';
import { startBonusExpiry, walletOf } from './wallet/index.ts';
import { type Database, openDatabase } from './db/client.ts';
import { seed } from './demo/seed.ts';
import type { Logger } from './logger.ts';
import { createGate, type GateLists, gateLists } from './gate.ts';
import { countryOf } from './geo/ip-country.ts';
import { clientAddress, trustedProxyList } from './net.ts';
import { bingoRoom, createRealtime, liveRoom, type Realtime } from './realtime.ts';
import type { SiteSettings } from './settings.ts';
import { checkPaymentParties } from './start-checks.ts';
import { answerMetricsOnMainPort, isWorker, metrics, setPoolSize, startDefaultMetrics, startMetricsServer } from './metrics.ts';
import { answerHealth, type Check, migrationsApplied, readiness, siteBuilt } from './health.ts';
import { StaticSite } from './static.ts';

export interface RunningServer {
  server: Server;
  url: string;
  /** Resolves once the database is open, migrated and seeded. */
  ready: Promise<ServerContext>;
  /** Stops accepting, lets requests in flight finish, closes the database. */
  close(): Promise<void>;
}

export interface StartOptions {
  config: Config;
  logger: Logger;
  /** An already opened database (tests); otherwise the configured one is opened. */
  database?: Database;
}

export async function startServer({ config, logger, database }: StartOptions): Promise<RunningServer> {
  let context: ServerContext | undefined;
  const trusted = trustedProxyList(config.trustedProxies);
  const listsOf = new WeakMap<SiteSettings, GateLists>();
  const listsFor = (settings: SiteSettings): GateLists => {
    let lists = listsOf.get(settings);
    if (!lists) {
      lists = gateLists(settings.countryBlackList, settings.ipBlackList);
      listsOf.set(settings, lists);
    }
    return lists;
  };
  const gate = createGate({
    lists: async () => (context ? listsFor(await context.settings.get()) : gateLists([], [])),
    countryOf,
  });
  let chatOrigin: readonly string[] = [];
  const site = new StaticSite(config.distDir, {
    production: config.production,
    extraScriptSrc: () => chatOrigin,
    // The gate runs before every page. Until the database is open nobody is blocked;
    // the client-side check is the fallback for that moment.
    beforeHtml: (req, res) => {
      if (!context) return false;
      const cached = context.settings.peek();
      // Most sites block nobody: answer at once, without a promise, for them.
      if (cached && cached.countryBlackList.length === 0 && cached.ipBlackList.length === 0) {
        chatOrigin = cached.chatScriptUrl ? [new URL(cached.chatScriptUrl).origin] : [];
        return false;
      }
      return runGate(req, res);
    },
  });
  const runGate = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (!context) return false;
    const settings = await context.settings.get().catch(() => undefined);
    chatOrigin = settings?.chatScriptUrl ? [new URL(settings.chatScriptUrl).origin] : [];
    if (!settings || (settings.countryBlackList.length === 0 && settings.ipBlackList.length === 0)) return false;
    const ip = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'] as string | undefined, trusted);
    const answer = await gate(new Request(new URL(req.url ?? '/', 'http://site')), { ip });
    if (!answer) return false;
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end();
    return true;
  };
  const stopWatching = site.watchBuilds(join(config.distDir, '..', '.build-stamp'));
  if (!site.built) logger.warn({ distDir: config.distDir }, 'the site is not built: pages will answer 404 until `npm run build`');

  let api: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
  let inFlight = 0;
  let closing = false;
  const idle: (() => void)[] = [];

  const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
    if (closing) res.setHeader('Connection', 'close');
    const url = req.url ?? '/';
    if (url.startsWith('/api/health/') && answerHealth(req, res, checkReady)) return;
    if (url.startsWith('/metrics') && answerMetricsOnMainPort(req, res, config.metrics)) return;
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
      // API calls may take a while: shutdown waits for them. Pages are written at once.
      inFlight++;
      res.on('close', () => {
        inFlight--;
        if (inFlight === 0) for (const done of idle.splice(0)) done();
      });
      if (api) {
        void api(req, res);
        return;
      }
      apiReady.then(
        (handler) => handler(req, res),
        () => {
          res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '5' });
          res.end(JSON.stringify({ status: 0, message: 'service_unavailable' }));
        },
      );
      return;
    }
    void site.handle(req, res);
  });

  startDefaultMetrics();
  setPoolSize(config.database.kind === 'postgres' ? config.database.poolSize : 1);
  // In a cluster the primary serves METRICS_PORT with every worker's figures (main.ts).
  const { port: metricsPort } = config.metrics;
  const metricsServer = metricsPort !== undefined && !isWorker() ? await startMetricsServer({ ...config.metrics, port: metricsPort }) : undefined;
  const realtime: Realtime = await createRealtime(server, config, logger);
  const notOpen = () => {
    throw new Error(closing ? 'the server is stopping' : 'the database is not open yet');
  };
  const checkReady = () => {
    const ctx = closing ? undefined : context;
    const checks: Record<string, Check> = {
      database: ctx ? () => ctx.database.ping() : notOpen,
      migrations: ctx ? () => migrationsApplied(ctx.database) : notOpen,
      site: () => siteBuilt(config.distDir, site.built),
    };
    if (realtime.redisCheck) checks.redis = realtime.redisCheck;
    return readiness(checks);
  };
  let stopRecovery: (() => Promise<void>) | undefined;
  let stopBonusExpiry: (() => Promise<void>) | undefined;
  let stopSportsFeed: (() => Promise<void>) | undefined;
  let stopCrash: (() => Promise<void>) | undefined;
  let stopLive: (() => Promise<void>) | undefined;
  let stopBingo: (() => Promise<void>) | undefined;
  const ready: Promise<ServerContext> = (async () => {
    const db = database ?? (await openDatabase(config));
    await seed(db.db, { withDemoAccounts: config.seedDemo, logger, config, demoStaffTotpKey: config.production ? undefined : config.twoFactorKey });
    await checkPaymentParties(db.db, config, logger);
    context = createContext(config, db, logger, realtime);
    stopRecovery = startRoundRecovery(context);
    stopBonusExpiry = startBonusExpiry(context, walletOf(context));
    // Sports bets cut short between being written down and their stake: ended in the background.
    if (config.sportsFeed === 'simulated') {
      const feed = createSimulatedFeed({
        seed: config.sportsFeedSeed,
        clock: context.clock,
        speed: config.sportsFeedSpeed,
        spacingMinutes: config.sportsFeedSpacingMinutes,
      });
      stopSportsFeed = startSportsFeed(context, feed, (update) => realtime.pushSports(oddsPush(update)));
    }
    // The crash schedule runs in whichever process holds its lease; the others take over if it stops.
    stopCrash = startCrashRunner(context, { emit: realtime.pushCrash });
    // So do the live tables' schedules, each with a lease of its own.
    stopLive = startLiveRunners(context, {
      emit: (table, event, data) => {
        metrics.pushes.inc({ kind: 'live' });
        realtime.io.to(liveRoom(table)).emit(event, data);
      },
    });
    stopBingo = startBingoRunners(context, {
      emit: (game, event, data) => {
        metrics.pushes.inc({ kind: 'bingo' });
        realtime.io.to(bingoRoom(game)).emit(event, data);
      },
    });
    return context;
  })();
  // Never an unhandled rejection: main() reports the failure and exits.
  ready.catch(() => {});
  const apiReady = ready.then((ctx) => {
    const app = createApp(ctx, {
      remoteAddress: (c) => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.remoteAddress,
    });
    api = getRequestListener(app.fetch);
    return api;
  });
  apiReady.catch(() => {});

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = announcedOrigin(config.host, address.port);

  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= (async () => {
      closing = true;
      stopWatching();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (inFlight > 0) {
        await Promise.race([
          new Promise<void>((resolve) => idle.push(resolve)),
          new Promise<void>((resolve) => setTimeout(resolve, config.shutdownTimeoutMs).unref()),
        ]);
      }
      server.closeAllConnections();
      if (metricsServer) {
        const metricsClosed = new Promise<void>((resolve) => metricsServer.close(() => resolve()));
        metricsServer.closeAllConnections();
        await metricsClosed;
      }
      // Upgraded sockets are not HTTP connections any more: socket.io ends them.
      await realtime.close();
      await stopped;
      const ctx = await ready.catch(() => undefined);
      await Promise.all([stopRecovery?.(), stopBonusExpiry?.(), stopSportsFeed?.(), stopCrash?.(), stopLive?.(), stopBingo?.()]);
      // Mail queued by the last requests goes out before the database closes.
      await ctx?.mailer.drain();
      await ctx?.database.close();
    })();
    return closed;
  };

  return { server, url, ready, close };
}
