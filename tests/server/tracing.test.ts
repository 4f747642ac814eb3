// OpenTelemetry traces with the SDK's in-memory exporter: one deposit webhook is one trace,
// its server span named by the route template, the database queries that credited the
// deposit inside it; a caller's `traceparent` is continued; the log lines written while
// serving it carry its trace id; without an endpoint nothing is traced.
import { Writable } from 'node:stream';
import { type ReadableSpan, InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { SpanKind, trace } from '@opentelemetry/api';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/logger.ts';
import { startTracing, type Tracing } from '../../src/server/tracing.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { newPlayer, paymentIdOf, postWebhook, realBalance } from './payments/helpers.ts';

const exporter = new InMemorySpanExporter();
let api: TestApi;
let tracing: Tracing | undefined;
beforeAll(async () => {
  api = await testApi({}, { demo: false });
  tracing = startTracing({ endpoint: undefined, serviceName: 'casino-test' }, exporter);
});
afterAll(async () => {
  await tracing?.shutdown();
  await api.close();
});

/** A pending sandbox e-wallet deposit of 50.00 EUR for a new player. */
async function pendingDeposit() {
  const player = await newPlayer(api);
  const { body } = await api.json<{ tx_id: string }>('payment/get_payment_payop', { amount: 50, paymentId: 3 }, { token: player.token });
  return { player, id: paymentIdOf(body.tx_id) };
}

const succeeded = (id: number) => ({ id: `evt_${id}_ok`, type: 'payment.succeeded', reference: id, amount: 5_000, currency: 'EUR' });

/** Every span of one trace, the server span first. */
function traceOf(spans: ReadableSpan[], route: string): { server: ReadableSpan; inside: ReadableSpan[] } {
  const servers = spans.filter((s) => s.kind === SpanKind.SERVER && s.attributes['http.route'] === route);
  expect(servers).toHaveLength(1);
  const server = servers[0] as ReadableSpan;
  const traceId = server.spanContext().traceId;
  return { server, inside: spans.filter((s) => s !== server && s.spanContext().traceId === traceId) };
}

describe('traces', () => {
  it('make one deposit webhook one trace: the server span by route template, the queries that credited it inside', async () => {
    const { player, id } = await pendingDeposit();
    exporter.reset();
    const reply = await postWebhook(api, 3, 'sandbox-wallet', succeeded(id));
    expect(reply).toEqual({ status: 200, body: { status: 1 } });
    expect(await realBalance(api, player.id)).toBe(5_000);

    const { server, inside } = traceOf(exporter.getFinishedSpans(), '/api/payment/webhook/:processor');
    expect(server.name).toBe('POST /api/payment/webhook/:processor');
    expect(server.attributes['http.response.status_code']).toBe(200);
    expect(server.parentSpanContext).toBeUndefined();
    // Every query of the request is a client span of this trace, each one under the server span.
    const queries = inside.filter((s) => s.attributes['db.system.name'] === 'postgresql');
    expect(queries.length).toBeGreaterThan(2);
    expect(inside.every((s) => s.kind === SpanKind.CLIENT && s.parentSpanContext?.spanId === server.spanContext().spanId)).toBe(true);
    const texts = queries.map((s) => String(s.attributes['db.query.text']));
    expect(new Set(queries.map((s) => s.name))).toEqual(new Set(['select', 'insert', 'with']));
    // The payment read, and the wallet's credit of the player's balance (its prepared statement).
    expect(texts.some((t) => /from "?payments"?/.test(t))).toBe(true);
    expect(texts.some((t) => /update wallet_accounts[\s\S]*set balance = a\.balance \+ v\.delta/.test(t))).toBe(true);
    // The spans of the request lie within it.
    const ms = (t: [number, number]) => t[0] * 1e3 + t[1] / 1e6;
    for (const q of queries) {
      expect(ms(q.startTime)).toBeGreaterThanOrEqual(ms(server.startTime));
      expect(ms(q.endTime)).toBeLessThanOrEqual(ms(server.endTime));
    }
  });

  it('continue the trace a caller names in traceparent', async () => {
    exporter.reset();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await api.app.request('/api/health', { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    expect(response.status).toBe(200);
    const { server } = traceOf(exporter.getFinishedSpans(), '/api/health');
    expect(server.spanContext().traceId).toBe(traceId);
    expect(server.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
  });

  it.runIf(Boolean(process.env.TEST_REDIS_URL))('make each Redis command inside a request a client span of it', async () => {
    exporter.reset();
    const redis = new Redis(process.env.TEST_REDIS_URL as string, { lazyConnect: true });
    await redis.connect();
    try {
      await trace.getTracer('test').startActiveSpan('request', async (span) => {
        await redis.set('tracing-test', '1', 'EX', 5);
        await redis.get('tracing-test');
        span.end();
      });
      // Outside any request: no span.
      await redis.del('tracing-test');
    } finally {
      redis.disconnect();
    }
    const spans = exporter.getFinishedSpans();
    const request = spans.find((s) => s.name === 'request') as ReadableSpan;
    const commands = spans.filter((s) => s.attributes['db.system.name'] === 'redis');
    expect(commands.map((s) => s.name)).toEqual(['redis set', 'redis get']);
    for (const c of commands) expect(c.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
  });

  it('write the trace and span ids into each log line written inside a span, and none outside', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const logger = createLogger('info', sink);
    trace.getTracer('test').startActiveSpan('work', (active) => {
      logger.info('inside');
      active.end();
    });
    logger.info('outside');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines[0]).toMatchObject({ msg: 'inside', trace_id: expect.stringMatching(/^[0-9a-f]{32}$/), span_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(lines[1]).toMatchObject({ msg: 'outside' });
    expect(lines[1]).not.toHaveProperty('trace_id');
  });

  it('are off without OTEL_EXPORTER_OTLP_ENDPOINT, and sent to it by OTLP over HTTP when set', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).tracing).toEqual({ endpoint: undefined, serviceName: 'casino-site' });
    expect(loadConfig({ NODE_ENV: 'test', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/', OTEL_SERVICE_NAME: 'casino-eu' }).tracing).toEqual({
      endpoint: 'http://collector:4318',
      serviceName: 'casino-eu',
    });
    expect(() => loadConfig({ NODE_ENV: 'test', OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
