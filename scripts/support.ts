// `npm run support -- list|show|reply …`: the support inbox from a terminal, on the
// database the configuration names (PostgreSQL by DATABASE_URL, else PGlite in DATA_DIR;
// PGlite is one process at a time, so stop `npm start` first when using it).
import { loadConfigOrExit } from '../src/server/config.ts';
import { createContext } from '../src/server/context.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { createLogger } from '../src/server/logger.ts';
import { runSupportCommand } from '../src/server/support/cli.ts';

const config = loadConfigOrExit();
const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
const database = await openDatabase(config);
const ctx = createContext(config, database, logger);
let code = 1;
try {
  code = await runSupportCommand(ctx, process.argv.slice(2), (line) => console.log(line));
} finally {
  await ctx.mailer.drain();
  ctx.mailer.close();
  await database.close();
}
process.exit(code);
