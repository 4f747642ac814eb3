import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs; every request line carries its request id. */
export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}
