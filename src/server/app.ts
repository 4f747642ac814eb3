// Builds the Hono app that answers /api. Sub-apps are mounted per data area;
// the conventions (ids, logs, headers, limits, error shapes) live here once.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { HealthReply, Refusal } from '../shared/api.ts';
import type { ServerContext } from './context.ts';
import { type AppEnv, HttpError } from './http.ts';
import { metrics, since } from './metrics.ts';
import { clientAddress, trustedProxyList } from './net.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { UPLOAD_PATH } from './routes/front/identity.ts';
import { frontRoutes } from './routes/front/index.ts';
import { gameWalletRoutes } from './routes/studio/wallet.ts';
import { paymentRoutes } from './routes/payment/index.ts';
import { providerRoutes } from './routes/providers/index.ts';
import { sandboxRoutes } from './payments/registry.ts';
import { sandboxStudioRoutes } from './seamless/sandbox.ts';
import { routeTemplate, traceRequest } from './tracing.ts';
import { studioRoutes } from './routes/studio/index.ts';

const REQUEST_ID = /^[\w.-]{8,64}$/;

export interface AppOptions {
  /** The socket peer address; the Node adapter supplies it, tests may fake it. */
  remoteAddress?: (c: import('hono').Context<AppEnv>) => string | undefined;
}

export function createApp(ctx: ServerContext, options: AppOptions = {}) {
  const { config, database, logger } = ctx;
  const trusted = trustedProxyList(config.trustedProxies);
  const started = Date.now();
  const app = new Hono<AppEnv>();

  // Outermost, so that the request's log lines carry its trace.
  app.use('*', traceRequest);
  app.use('*', async (c, next) => {
    const incoming = c.req.header('x-request-id');
    // A proxy's id is kept so that one request can be followed across hops.
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ reqId: requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    c.set('clientIp', clientAddress(options.remoteAddress?.(c), c.req.header('x-forwarded-for'), trusted));
    const t0 = performance.now();
    await next();
    c.header('X-Request-Id', requestId);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    // A sandbox provider's page sets its own (it needs its styles and form posts).
    if (!c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    // The sandbox studio's game page sets its own: the lobby frames it.
    if (!c.res.headers.has('X-Frame-Options')) c.header('X-Frame-Options', 'DENY');
    c.header('Cache-Control', 'no-store');
    if (config.production) c.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - t0) }, 'request');
    // By the route's template (`/api/front/bets/:id`), never the path itself: a label per id would never end.
    const labels = { route: routeTemplate(c), method: c.req.method, status: String(c.res.status) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, since(t0));
  });

  const jsonLimit = bodyLimit({
    maxSize: config.bodyLimit,
    onError: (c) => c.json({ status: 0, message: 'body_too_large' } satisfies Refusal, 413),
  });
  // The identity upload carries a document, not JSON: its route sets a limit of its own.
  app.use('*', (c, next) => (c.req.path === UPLOAD_PATH ? next() : jsonLimit(c, next)));

  app.get('/api/health', async (c) => {
    let up = true;
    try {
      await Promise.race([database.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref())]);
    } catch (error) {
      up = false;
      c.get('log').error({ err: error }, 'database health check failed');
    }
    const reply: HealthReply = { status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down', uptime: Math.round((Date.now() - started) / 1000) };
    return c.json(reply, up ? 200 : 503);
  });

  app.route('/api/front', frontRoutes(ctx));
  app.route('/api/admin', adminRoutes(ctx));
  app.route('/api/games', gameWalletRoutes(ctx));
  app.route('/api/studio', studioRoutes(ctx));
  app.route('/api/payment', paymentRoutes(ctx));
  app.route('/api/providers', providerRoutes(ctx));
  // The outside parties' test doubles: nowhere a test card would be real money (config.sandbox).
  if (config.sandbox) {
    // Mounted before the payments sandbox, whose routes would otherwise see /games first.
    app.route(
      '/api/sandbox/games',
      sandboxStudioRoutes(ctx, (path, init) => app.request(path, init)),
    );
    app.route('/api/sandbox', sandboxRoutes(ctx));
  }

  app.notFound((c) => c.json({ status: 0, message: 'not_found' } satisfies Refusal, 404));

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      const body: Refusal = error.errors ? { status: 0, message: error.message, errors: error.errors } : { status: 0, message: error.message };
      return c.json(body, error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ status: 0, message: error.message || 'bad_request' } satisfies Refusal, error.status);
    }
    const requestId = c.get('requestId');
    (c.get('log') ?? logger).error({ err: error, reqId: requestId }, 'unhandled error');
    return c.json({ status: 0, message: 'internal_error', requestId } satisfies Refusal, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
