// `npm start`: build the site if it is missing or stale, open and migrate the
// database, seed demo data on first start, and serve everything on one port.
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { startServer } from './server.ts';
import { type Database, openDatabase } from './db/client.ts';
import { buildFromDatabase, isStale } from './site-build.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const root = process.cwd();

  let database: Database | undefined;
  if (process.env.SKIP_BUILD !== 'true' && isStale(root, config.distDir)) {
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

  const running = await startServer({ config, logger, ...(database ? { database } : {}) });
  running.ready.then(
    (ctx) => logger.info({ database: ctx.database.kind }, 'database ready'),
    (error: unknown) => {
      const target = config.database.kind === 'postgres' ? 'PostgreSQL at DATABASE_URL' : `PGlite in ${config.dataDir}`;
      console.error(`Cannot open the database (${target}): ${error instanceof Error ? error.message : String(error)}`);
      void running.close().finally(() => process.exit(1));
    },
  );
  console.log(`Casino site listening on ${running.url}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    running.close().then(
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
