import { hostname } from 'node:os';
import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Structured JSON logs; every line carries the process id and host name (so that the
 * lines of several processes can be told apart) and every request line its request id.
 */
export function createLogger(level: string): Logger {
  return pino({ level, base: { pid: process.pid, hostname: hostname() }, timestamp: pino.stdTimeFunctions.isoTime });
}
