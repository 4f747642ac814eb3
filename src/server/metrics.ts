// Prometheus metrics (prom-client's default registry, so that with WEB_CONCURRENCY above 1
// the primary's AggregatorRegistry sums the workers'). Never public: on METRICS_PORT, a
// port of its own, or on the main port at /metrics with `Authorization: Bearer
// $METRICS_TOKEN`; with neither set, /metrics is the site's 404. Every figure of ours is
// `casino_*`; the process defaults (`process_*`, `nodejs_*`, event-loop lag included) are
// prom-client's own names, which dashboards expect.
import { createHash, timingSafeEqual } from 'node:crypto';
import cluster from 'node:cluster';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import client from 'prom-client';

const register = client.register;

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// The registry is the process's; this module may be evaluated more than once in one process
// (a test runner loads it afresh per file): a metric already registered is taken as it is.
const counter = <L extends string>(c: client.CounterConfiguration<L>) =>
  (register.getSingleMetric(c.name) as client.Counter<L> | undefined) ?? new client.Counter(c);
const histogram = <L extends string>(c: client.HistogramConfiguration<L>) =>
  (register.getSingleMetric(c.name) as client.Histogram<L> | undefined) ?? new client.Histogram(c);
const gauge = <L extends string>(c: client.GaugeConfiguration<L>) => (register.getSingleMetric(c.name) as client.Gauge<L> | undefined) ?? new client.Gauge(c);

export const metrics = {
  httpRequests: counter({
    name: 'casino_http_requests_total',
    help: 'API requests answered, by route template, method and status',
    labelNames: ['route', 'method', 'status'] as const,
  }),
  httpDuration: histogram({
    name: 'casino_http_request_duration_seconds',
    help: 'Time to answer an API request, by route template, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: SECONDS,
  }),
  walletOperations: counter({
    name: 'casino_wallet_operations_total',
    help: 'Wallet operations by kind and outcome (accepted, refused, replayed, error)',
    labelNames: ['kind', 'outcome'] as const,
  }),
  walletRefusals: counter({
    name: 'casino_wallet_refusals_total',
    help: 'Refused wallet operations by kind and refusal code',
    labelNames: ['kind', 'code'] as const,
  }),
  walletDuration: histogram({
    name: 'casino_wallet_operation_duration_seconds',
    help: 'Time of a wallet operation (its transaction and retries), by kind and outcome',
    labelNames: ['kind', 'outcome'] as const,
    buckets: SECONDS,
  }),
  moneyMoved: counter({
    name: 'casino_money_moved_minor_units_total',
    help: 'Money moved by committed wallet operations, in minor units of the currency (cents), by flow: bet, win, deposit, withdrawal, bonus',
    labelNames: ['currency', 'flow'] as const,
  }),
  gameRounds: counter({
    name: 'casino_game_rounds_total',
    help: 'Game rounds started, by engine and mode (real, fun; shared for the crash, live and bingo schedules)',
    labelNames: ['engine', 'mode'] as const,
  }),
  webhooks: counter({
    name: 'casino_webhooks_total',
    help: "Payment webhooks received, by processor adapter and outcome (accepted, duplicate, a refusal's code, error)",
    labelNames: ['processor', 'outcome'] as const,
  }),
  sportsBetsPlaced: counter({
    name: 'casino_sports_bets_placed_total',
    help: 'Sports bets placed (their stake taken), by kind (single, accumulator)',
    labelNames: ['kind'] as const,
  }),
  sportsBetsSettled: counter({
    name: 'casino_sports_bets_settled_total',
    help: 'Sports bets settled for the first time, by state (won, lost, void)',
    labelNames: ['state'] as const,
  }),
  sportsCashOuts: counter({ name: 'casino_sports_cash_outs_total', help: 'Sports bets cashed out' }),
  sportsSettlementLag: histogram({
    name: 'casino_sports_settlement_lag_seconds',
    help: "Time from a bet's last result arriving to the bet being settled",
    buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600],
  }),
  socketConnections: gauge({ name: 'casino_socket_connections', help: 'socket.io connections open now' }),
  socketConnectionsTotal: counter({ name: 'casino_socket_connections_total', help: 'socket.io connections opened' }),
  pushes: counter({
    name: 'casino_pushes_total',
    help: 'Pushes sent to sockets, by kind (balance, deposit, sports, crash, live, bingo)',
    labelNames: ['kind'] as const,
  }),
  pushFailures: counter({
    name: 'casino_push_publish_failures_total',
    help: 'Pushes that could not be published to Redis (they reached only the sockets of this process)',
  }),
  leaseHeld: gauge({
    name: 'casino_lease_held',
    help: 'Schedules this process runs (1 while it holds the lease); summed over processes, the holders of each schedule',
    labelNames: ['schedule'] as const,
    aggregator: 'sum',
  }),
  dbPoolSize: gauge({
    name: 'casino_db_pool_size',
    help: 'PostgreSQL connections this process may open (DATABASE_POOL_SIZE); 1 on PGlite',
    aggregator: 'sum',
  }),
  dbTransactionsOpen: gauge({
    name: 'casino_db_transactions_open',
    help: 'Wallet transactions holding a database connection now (postgres.js reports no pool figures; with casino_db_pool_size this shows pool pressure)',
    aggregator: 'sum',
  }),
};

/** Money flows the operators watch, by the wallet operation kind that moves them. */
export const FLOW_OF_KIND: Readonly<Record<string, string>> = {
  bet: 'bet',
  win: 'win',
  deposit: 'deposit',
  withdrawal_complete: 'withdrawal',
  bonus_grant: 'bonus',
};

let defaultsStarted = false;

/** The process defaults (CPU, memory, handles, GC, event-loop lag): collected once per process. */
export function startDefaultMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  client.collectDefaultMetrics({ register });
  // A worker answers the primary's requests for its figures (prom-client listens once one is made).
  if (cluster.isWorker) new client.AggregatorRegistry();
}

/** The metrics in Prometheus text format. */
export function metricsText(): Promise<string> {
  return register.metrics();
}

/** Seconds since `t0` (a performance.now()). */
export const since = (t0: number) => (performance.now() - t0) / 1000;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function bearerMatches(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

export interface MetricsAccess {
  /** METRICS_PORT: a listener of its own. */
  port: number | undefined;
  host: string;
  /** METRICS_TOKEN: the bearer a scrape must show. */
  token: string | undefined;
}

/** Answers one scrape: 401 without the configured token, else the text (aggregated over the workers in a cluster primary). */
export async function answerScrape(
  req: IncomingMessage,
  res: ServerResponse,
  token: string | undefined,
  text: () => Promise<string> = metricsText,
): Promise<void> {
  if (token !== undefined && !bearerMatches(req, token)) {
    res.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer realm="metrics"', 'Cache-Control': 'no-store' });
    res.end('unauthorized\n');
    return;
  }
  try {
    const body = await text();
    res.writeHead(200, { 'Content-Type': register.contentType, 'Cache-Control': 'no-store' });
    res.end(body);
  } catch {
    res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end('metrics unavailable\n');
  }
}

/**
 * The main port's /metrics: answered (behind the token) only when METRICS_TOKEN is set and
 * METRICS_PORT is not; false lets the site answer its 404.
 */
export function answerMetricsOnMainPort(req: IncomingMessage, res: ServerResponse, access: MetricsAccess): boolean {
  if (access.port !== undefined || access.token === undefined) return false;
  const path = (req.url ?? '/').split('?')[0];
  if (path !== '/metrics') return false;
  void answerScrape(req, res, access.token);
  return true;
}

/** The listener of METRICS_PORT (only /metrics; everything else 404). */
export function startMetricsServer(access: MetricsAccess & { port: number }, text: () => Promise<string> = metricsText): Promise<Server> {
  const server = createServer((req, res) => {
    if ((req.url ?? '/').split('?')[0] !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found\n');
      return;
    }
    void answerScrape(req, res, access.token, text);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(access.port, access.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** In a cluster primary: METRICS_PORT answering every worker's figures summed (prom-client's AggregatorRegistry). */
export function startClusterMetricsServer(access: MetricsAccess & { port: number }): Promise<Server> {
  const aggregator = new client.AggregatorRegistry();
  return startMetricsServer(access, () => aggregator.clusterMetrics());
}

/** Whether this process is a cluster worker (whose METRICS_PORT the primary serves). */
export const isWorker = () => cluster.isWorker;

/** Runs one wallet transaction, counted in casino_db_transactions_open while it holds its connection. */
export async function countedTransaction<T>(work: () => Promise<T>): Promise<T> {
  metrics.dbTransactionsOpen.inc();
  try {
    return await work();
  } finally {
    metrics.dbTransactionsOpen.dec();
  }
}

/** The pool size this process was configured with. */
export function setPoolSize(size: number): void {
  metrics.dbPoolSize.set(size);
}
