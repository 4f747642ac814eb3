// OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test hands an
// exporter of its own). On, every /api request is a server span (continuing a caller's
// `traceparent`), and every database query and Redis command made while serving it is a
// client span inside it; each log line written meanwhile carries the trace and span ids
// (src/server/logger.ts). The Node SDK's tracer provider keeps the active span across
// awaits (AsyncLocalStorage). Spans are made here rather than by the HTTP and ioredis
// instrumentation packages: those patch modules as they are required, which an ES-module
// server only gets through a loader hook, and postgres.js and PGlite have none at all
// (docs/architecture.md).
import { context, propagation, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import type { Context, Next } from 'hono';
import { routePath } from 'hono/route';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';

const TRACER = 'casino-site';
let provider: NodeTracerProvider | undefined;

export interface Tracing {
  /** Sends what is still buffered and stops. */
  shutdown(): Promise<void>;
}

/**
 * Starts tracing when the configuration names an endpoint or `exporter` is given (a test's
 * in-memory exporter, whose spans are handed over at once); otherwise does nothing.
 */
export function startTracing(settings: Config['tracing'], exporter?: SpanExporter): Tracing | undefined {
  if (provider) throw new Error('tracing is already started');
  const target = exporter ?? (settings.endpoint ? new OTLPTraceExporter({ url: `${settings.endpoint}/v1/traces` }) : undefined);
  if (!target) return undefined;
  const started = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [exporter ? new SimpleSpanProcessor(target) : new BatchSpanProcessor(target)],
  });
  // The global provider, the AsyncLocalStorage context manager and W3C trace context.
  started.register();
  provider = started;
  instrument();
  return {
    shutdown: async () => {
      if (provider !== started) return;
      provider = undefined;
      await started.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

export const tracingOn = () => provider !== undefined;

const tracer = () => trace.getTracer(TRACER);

function failed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/** The route's template (`/api/front/bets/:id`), never the path itself; `unmatched` when no route took it. */
export function routeTemplate(c: Context): string {
  const template = routePath(c, -1);
  return template === '' || template.endsWith('*') ? 'unmatched' : template;
}

const headerGetter = {
  get: (headers: Headers, key: string) => headers.get(key) ?? undefined,
  keys: (headers: Headers) => [...headers.keys()],
};

/** Hono middleware: the request as a server span, named by its route template once routed. */
export function traceRequest(c: Context, next: Next): Promise<void> {
  if (!provider) return next();
  const parent = propagation.extract(context.active(), c.req.raw.headers, headerGetter);
  const attributes = { 'http.request.method': c.req.method, 'url.path': c.req.path };
  return tracer().startActiveSpan(c.req.method, { kind: SpanKind.SERVER, attributes }, parent, async (span) => {
    try {
      await next();
      const route = routeTemplate(c);
      span.updateName(`${c.req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': c.res.status });
      if (c.res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The statement's first word (`select`, `insert`, …), the span's name. */
const operationOf = (text: string) => /^\s*\(?\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? 'query';

/**
 * Runs one database query, as a client span of the request being served when tracing is
 * on (the wallet's prepared statements call this; Drizzle's queries go through it below).
 */
export function traceQuery<T>(text: string, run: () => Promise<T>): Promise<T> {
  if (!provider || !trace.getActiveSpan()) return run();
  const operation = operationOf(text);
  const attributes = { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.query.text': text };
  return tracer().startActiveSpan(operation, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await run();
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

let instrumented = false;
/**
 * Wraps, once per process, the two places all other calls go through: Drizzle's
 * `queryWithCache` (every query it sends, on PostgreSQL and PGlite alike) and ioredis's
 * `sendCommand` (every command, answered on the command's promise). Off, they pass straight on.
 */
function instrument(): void {
  if (instrumented) return;
  instrumented = true;
  type Run = (this: unknown, text: string, params: unknown[], query: () => Promise<unknown>) => Promise<unknown>;
  const prototype = PgPreparedQuery.prototype as unknown as { queryWithCache: Run };
  const original = prototype.queryWithCache;
  prototype.queryWithCache = function (text, params, query) {
    return traceQuery(text, () => original.call(this, text, params, query));
  };

  type Command = { name: string; promise: Promise<unknown> };
  type Send = (this: unknown, command: Command, ...rest: unknown[]) => unknown;
  const redis = Redis.prototype as unknown as { sendCommand: Send };
  const send = redis.sendCommand;
  redis.sendCommand = function (command, ...rest) {
    if (!provider || !trace.getActiveSpan()) return send.call(this, command, ...rest);
    const span = tracer().startSpan(`redis ${command.name}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': 'redis', 'db.operation.name': command.name },
    });
    const sent = send.call(this, command, ...rest);
    command.promise.then(
      () => span.end(),
      (error: unknown) => {
        failed(span, error);
        span.end();
      },
    );
    return sent;
  };
}
