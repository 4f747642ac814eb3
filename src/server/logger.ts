import { hostname } from 'node:os';
import { trace } from '@opentelemetry/api';
import pino from 'pino';

export type Logger = pino.Logger;

/** The ids of the span being served, when tracing is on (src/server/tracing.ts). */
function traceIds(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/**
 * Structured JSON logs; every line carries the process id and host name (so that the
 * lines of several processes can be told apart), every request line its request id, and
 * with tracing on every line written while serving a request its trace and span ids.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = { level, base: { pid: process.pid, hostname: hostname() }, timestamp: pino.stdTimeFunctions.isoTime, mixin: traceIds };
  return destination ? pino(options, destination) : pino(options);
}
