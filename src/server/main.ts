// `npm start`: build the site if it is missing or stale, open and migrate the
// database, seed demo data on first start, and serve everything on one port.
// With WEB_CONCURRENCY above 1 this process forks that many servers sharing the port.
import cluster from 'node:cluster';
import { createServer } from 'node:net';
import { type Config, loadConfigOrExit } from './config.ts';
import { createLogger } from './logger.ts';
import { startClusterMetricsServer } from './metrics.ts';
import { startServer } from './server.ts';
import { StartRefused } from './start-checks.ts';
import { startTracing } from './tracing.ts';
import { type Database, openDatabase } from './db/client.ts';
import { buildFromDatabase, isStale } from './site-build.ts';

/** A port free on `host` now; the OS picks it, as it would for PORT=0. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function main(): Promise<void> {
  let config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const root = process.cwd();

  // PORT=0: the port is chosen now, so that the site is built for, and mails link to,
  // the origin the server will announce.
  if (config.port === 0) {
    process.env.PORT = String(await freePort(config.host));
    config = loadConfigOrExit();
  }

  let database: Database | undefined;
  if (!config.skipBuild && isStale(root, config.distDir, config.siteUrl)) {
    logger.info('the site is missing or older than its sources: building it');
    try {
      database = await openDatabase(config);
    } catch (error) {
      console.error(`Cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
    const { pages, seconds } = await buildFromDatabase(root, config.distDir, config, database);
    logger.info({ pages, seconds: Number(seconds.toFixed(1)) }, 'site built');
  }

  if (config.webConcurrency > 1 && cluster.isPrimary) {
    await database?.close();
    superviseWorkers(config, logger);
    // The workers' figures, summed, on the primary's METRICS_PORT.
    const { port: metricsPort } = config.metrics;
    if (metricsPort !== undefined) await startClusterMetricsServer({ ...config.metrics, port: metricsPort });
    return;
  }

  const tracing = startTracing(config.tracing);
  if (tracing) logger.info({ endpoint: config.tracing.endpoint, service: config.tracing.serviceName }, 'traces sent by OTLP');
  const running = await startServer({ config, logger, ...(database ? { database } : {}) });
  running.ready.then(
    (ctx) => logger.info({ database: ctx.database.kind }, 'database ready'),
    (error: unknown) => {
      if (error instanceof StartRefused) {
        console.error(error.message);
        void running.close().finally(() => process.exit(2));
        return;
      }
      const target = config.database.kind === 'postgres' ? 'PostgreSQL at DATABASE_URL' : `PGlite in ${config.dataDir}`;
      console.error(`Cannot open the database (${target}): ${error instanceof Error ? error.message : String(error)}`);
      void running.close().finally(() => process.exit(1));
    },
  );
  if (cluster.isPrimary) console.log(`Casino site listening on ${running.url}`);
  else process.send?.({ listening: running.url });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    running
      .close()
      .then(() => tracing?.shutdown())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'unclean shutdown');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** Forks the servers, replaces one that dies, and stops them all on SIGINT or SIGTERM. */
function superviseWorkers(config: Config, logger: ReturnType<typeof createLogger>): void {
  // Workers accept connections themselves and the kernel spreads them: no hop through this process.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  let announced = false;
  const fork = () => {
    const worker = cluster.fork({ SKIP_BUILD: 'true' });
    worker.on('message', (message: { listening?: string }) => {
      if (message.listening && !announced) {
        announced = true;
        console.log(`Casino site listening on ${message.listening} (${config.webConcurrency} processes)`);
      }
    });
  };
  for (let i = 0; i < config.webConcurrency; i++) fork();
  cluster.on('exit', (worker, code) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    logger.error({ pid: worker.process.pid, code }, 'a server process died; starting another');
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down every server process');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

// Whatever escapes is one JSON log line (its stack inside it), never a raw stack on the console.
const fatal = (message: string) => (error: unknown) => {
  createLogger(process.env.LOG_LEVEL === 'silent' ? 'fatal' : 'info').fatal({ err: error }, message);
  process.exit(1);
};
process.on('uncaughtException', fatal('the server stopped on an uncaught exception'));
process.on('unhandledRejection', fatal('the server stopped on an unhandled rejection'));
main().catch(fatal('the server could not start'));
