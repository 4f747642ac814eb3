// What every operator command shares: the configuration (warnings and worse logged unless
// LOG_LEVEL says otherwise), the database it names (PostgreSQL by DATABASE_URL, else PGlite
// in DATA_DIR; PGlite is one process at a time, so stop `npm start` first when using it),
// a server context (its pushes through Redis when REDIS_URL is set), and a clean close whatever the command did.
import { loadConfigOrExit } from '../src/server/config.ts';
import { type ServerContext, createContext, noPushes } from '../src/server/context.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { createLogger } from '../src/server/logger.ts';
import { createRealtime } from '../src/server/realtime.ts';

type Command = (ctx: ServerContext, args: string[], print: (line: string) => void) => Promise<number>;

/** Runs `command` with the process's arguments and exits with its code. */
export async function runCommand(command: Command): Promise<never> {
  const config = loadConfigOrExit({ logLevel: 'warn' });
  const database = await openDatabase(config);
  const logger = createLogger(config.logLevel);
  // With Redis, what a command changes (a deposit confirmed, a balance moved) is pushed to the
  // players' open tabs through the servers' adapter, as if a server had done it.
  const realtime = config.redisUrl ? await createRealtime(undefined, config, logger) : undefined;
  const ctx = createContext(config, database, logger, realtime ?? noPushes);
  let code = 1;
  try {
    code = await command(ctx, process.argv.slice(2), (line) => console.log(line));
  } finally {
    await ctx.mailer.drain();
    ctx.mailer.close();
    await realtime?.close();
    await database.close();
  }
  process.exit(code);
}
