import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Logger } from './logger.ts';

/** What every route and domain module may use: built once at start, passed down. */
export interface ServerContext {
  config: Config;
  database: Database;
  logger: Logger;
}
