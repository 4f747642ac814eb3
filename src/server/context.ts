import type { BalanceInfo } from '../shared/api.ts';
import type { DepositResultPush } from '../shared/payments.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { SettingsCache } from './settings.ts';

/** Messages to players' open sockets (realtime.ts in the server, nothing in API tests). */
export interface Pushes {
  pushBalance(playerId: number, balance: BalanceInfo): void;
  pushDepositResult(playerId: number, result: DepositResultPush): void;
}

export const noPushes: Pushes = { pushBalance: () => {}, pushDepositResult: () => {} };

/** What every route and domain module may use: built once at start, passed down. */
export interface ServerContext {
  config: Config;
  database: Database;
  logger: Logger;
  settings: SettingsCache;
  pushes: Pushes;
  mailer: Mailer;
  /** What time it is: the system's, or a test's manual clock. */
  clock: Clock;
}

export function createContext(config: Config, database: Database, logger: Logger, pushes: Pushes = noPushes, clock: Clock = systemClock): ServerContext {
  return { config, database, logger, settings: new SettingsCache(database.db), pushes, mailer: createMailer(config, logger), clock };
}
