// Odds-change fan-out: the sportsbook's push (`realtime.pushSports`, through our socket.io
// server with its handshake check and the sports room) to 2,000 socket.io clients on
// loopback, beside a bare socket.io server broadcasting the same message to as many
// clients, in the same run and the same process. Each message carries the moment it was
// sent; every client notes when it arrived, so a message's delivery is measured to its
// last client. The clients share the process (and its two cores) with the server in both
// cases, so the comparison is fair and the absolute figures are pessimistic.
import { createServer, type Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { loadConfig } from '../src/server/config.ts';
import { createLogger } from '../src/server/logger.ts';
import { createRealtime } from '../src/server/realtime.ts';
import type { SportsOddsPush } from '../src/shared/sports.ts';
import { table } from './lib.ts';
import { percentile } from './wallet.ts';

const CLIENTS = 2000;
const MESSAGES = 40;
/** Between two messages: about what the simulated feed's one-second poll leaves a loaded server. */
const GAP_MS = 250;

function listen(server: HttpServer): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

/** A poll's worth of moved prices: 60 selections of 20 events. */
function update(sentAt: number): SportsOddsPush & { sentAt: number } {
  return {
    odds: Array.from({ length: 60 }, (_, i) => [100_000 + i, 1.5 + (i % 17) / 10, i % 11 === 0] as [number, number, boolean]),
    events: Array.from({ length: 20 }, (_, i) => ({ id: 5_000 + i, status: 'live' as const, home: i % 3, away: i % 2, elapsed: 40 + i })),
    sentAt,
  };
}

/** Connects the clients in batches (a burst of 2,000 handshakes would time out on a small machine). */
async function clients(port: number, auth: object): Promise<Socket[]> {
  const out: Socket[] = [];
  for (let i = 0; i < CLIENTS; i += 100) {
    const batch = Array.from({ length: Math.min(100, CLIENTS - i) }, () =>
      connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], auth, forceNew: true, reconnection: false }),
    );
    await Promise.all(
      batch.map(
        (s) =>
          new Promise<void>((resolve, reject) => {
            s.once('connect', () => resolve());
            s.once('connect_error', reject);
          }),
      ),
    );
    out.push(...batch);
  }
  return out;
}

/** Sends MESSAGES updates through `send` and answers each message's time to its last client, and every delivery's. */
async function measure(sockets: Socket[], event: string, send: (message: ReturnType<typeof update>) => void) {
  const arrivals: number[] = [];
  const lastOf = new Map<number, number>();
  let received = 0;
  for (const s of sockets)
    s.on(event, (m: { sentAt: number }) => {
      const took = performance.now() - m.sentAt;
      arrivals.push(took);
      lastOf.set(m.sentAt, Math.max(lastOf.get(m.sentAt) ?? 0, took));
      received++;
    });
  for (let i = 0; i < MESSAGES; i++) {
    send(update(performance.now()));
    await new Promise((r) => setTimeout(r, GAP_MS));
  }
  for (let i = 0; i < 200 && received < MESSAGES * sockets.length; i++) await new Promise((r) => setTimeout(r, 50));
  if (received < MESSAGES * sockets.length) throw new Error(`only ${received} of ${MESSAGES * sockets.length} deliveries arrived`);
  arrivals.sort((a, b) => a - b);
  const lasts = [...lastOf.values()].sort((a, b) => a - b);
  return { p50ms: percentile(arrivals, 50), p99ms: percentile(arrivals, 99), lastP99ms: percentile(lasts, 99) };
}

async function close(sockets: Socket[], server: HttpServer, stop: () => Promise<void>) {
  for (const s of sockets) s.close();
  await stop();
  await new Promise((r) => server.close(r));
}

export async function benchSportsFanout(): Promise<Record<string, number>> {
  // Ours: the app's realtime server, clients asking for the sports room in their handshake.
  const ourHttp = createServer();
  const realtime = await createRealtime(ourHttp, loadConfig({ NODE_ENV: 'test' }), createLogger('silent'));
  const ourSockets = await clients(await listen(ourHttp), { sports: true });
  const ours = await measure(ourSockets, 'sports_update', (m) => realtime.pushSports(m));
  await close(ourSockets, ourHttp, () => realtime.close());

  // Bare: socket.io as it comes, every client in the default namespace, io.emit.
  const bareHttp = createServer();
  const bare = new Server(bareHttp, { path: '/socket.io', serveClient: false });
  const bareSockets = await clients(await listen(bareHttp), {});
  const base = await measure(bareSockets, 'update', (m) => bare.emit('update', m));
  await close(bareSockets, bareHttp, () => new Promise((r) => bare.close(() => r(undefined))));

  const ratio = ours.p99ms / base.p99ms;
  console.log(
    table([
      ['measure', 'p50 ms', 'p99 ms', 'p99 to the last client ms', 'target'],
      [`odds fan-out, our realtime, ${CLIENTS} clients`, ours.p50ms.toFixed(1), ours.p99ms.toFixed(1), ours.lastP99ms.toFixed(1), 'p99 < 100'],
      [`bare socket.io broadcast, ${CLIENTS} clients`, base.p50ms.toFixed(1), base.p99ms.toFixed(1), base.lastP99ms.toFixed(1), ''],
      ['ratio ours / bare (p99)', ratio.toFixed(2), '', '', ''],
    ]),
  );
  return {
    clients: CLIENTS,
    messages: MESSAGES,
    fanoutP50ms: Number(ours.p50ms.toFixed(1)),
    fanoutP99ms: Number(ours.p99ms.toFixed(1)),
    bareP99ms: Number(base.p99ms.toFixed(1)),
    fanoutRatio: Number(ratio.toFixed(2)),
  };
}
