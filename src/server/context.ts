import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Logger } from './logger.ts';
import { SettingsCache } from './settings.ts';

/** What every route and domain module may use: built once at start, passed down. */
export interface ServerContext {
  config: Config;
  database: Database;
  logger: Logger;
  settings: SettingsCache;
}

export function createContext(config: Config, database: Database, logger: Logger): ServerContext {
  return { config, database, logger, settings: new SettingsCache(database.db) };
}
