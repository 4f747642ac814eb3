// The app on a scratch PostgreSQL database, as the benchmarks through the API use it:
// configuration, the seeded catalogue, a context, the Hono app, the wallet and a set of
// players; the database closed and dropped whatever the benchmark did.
import { createApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createContext, type ServerContext } from '../src/server/context.ts';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { seed } from '../src/server/demo/seed.ts';
import { createLogger } from '../src/server/logger.ts';
import { type Wallet, walletOf } from '../src/server/wallet/index.ts';
import { createPlayers } from '../tests/helpers/wallet.ts';
import { scratchDatabase, urlOf } from './wallet.ts';

export interface BenchApp {
  database: Database;
  ctx: ServerContext;
  app: ReturnType<typeof createApp>;
  wallet: Wallet;
  players: number[];
}

export function withBenchApp<T>(name: string, playerCount: number, run: (bench: BenchApp) => Promise<T>): Promise<T> {
  return scratchDatabase(name, async (scratch) => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: urlOf(scratch) });
    const database = await openDatabase(config);
    try {
      await seed(database.db, { withDemoAccounts: false, config });
      const ctx = createContext(config, database, createLogger('silent'));
      const app = createApp(ctx, { remoteAddress: () => '127.0.0.1' });
      const players = await createPlayers(database.db, playerCount);
      return await run({ database, ctx, app, wallet: walletOf(ctx), players });
    } finally {
      await database.close();
    }
  });
}
