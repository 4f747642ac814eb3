// Fan-out benchmarks: a push through our realtime server (its handshake check, its rooms,
// the same call the running site makes) to 2,000 socket.io clients on loopback, beside a
// bare socket.io server broadcasting the same message at the same pace to as many clients,
// in the same run. Each message carries the moment it was sent; each client notes when it
// arrived, so a delivery is timed from the server's send to the client's handler, and a
// message to its last client.
//
// The clients run in four processes of their own (bench/fanout-clients.ts), as phones would
// be elsewhere; on a two-core machine they still share the cores with the server, so the
// absolute figures are pessimistic, and the bare broadcast beside them says how much of a
// delay is the machine's.
//
// - `sports`: a poll's worth of moved prices (60 selections, 20 events) every 250 ms,
//   through `realtime.pushSports` to the sports room.
// - `crash`: the crash game's multiplier tick every 100 ms (its runner's pace), through
//   `realtime.pushCrash` to the sockets that asked to watch.
import { type ChildProcess, fork } from 'node:child_process';
import { createServer, type Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { loadConfig } from '../src/server/config.ts';
import { CRASH_TIMING } from '../src/server/games/crash.ts';
import { createLogger } from '../src/server/logger.ts';
import { CRASH_ROOM, createRealtime, type Realtime, SPORTS_ROOM } from '../src/server/realtime.ts';
import type { SportsOddsPush } from '../src/shared/sports.ts';
import { type ClientsOrder, wallNow } from './fanout-clients.ts';
import { table } from './lib.ts';
import { percentile } from './wallet.ts';

const CLIENTS = 2000;
const PROCESSES = 4;

interface Pace {
  messages: number;
  gapMs: number;
}

interface Target {
  port: number;
  auth: Record<string, unknown>;
  watch?: string;
  event: string;
  /** How many sockets are in the room the messages go to. */
  joined: () => number;
  send: (sentAt: number) => void;
}

interface Figures {
  p50ms: number;
  p99ms: number;
  lastP99ms: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function listen(server: HttpServer): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

/** The next message of `child` that has `key`. */
function reply<T>(child: ChildProcess, key: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: Record<string, unknown>) => {
      if (!(key in m)) return;
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
  });
}

async function measure(target: Target, pace: Pace): Promise<Figures> {
  const share = CLIENTS / PROCESSES;
  const children = Array.from({ length: PROCESSES }, () => fork(new URL('./fanout-clients.ts', import.meta.url), { stdio: 'inherit' }));
  try {
    const order: ClientsOrder = { port: target.port, count: share, auth: target.auth, event: target.event, ...(target.watch ? { watch: target.watch } : {}) };
    await Promise.all(
      children.map((c) => {
        const ready = reply(c, 'ready');
        c.send({ order });
        return ready;
      }),
    );
    for (let i = 0; target.joined() < CLIENTS; i++) {
      if (i > 1500) throw new Error(`only ${target.joined()} of ${CLIENTS} clients joined the room`);
      await sleep(20);
    }
    const collect = async () => {
      // Every delivery has arrived, or a lost one fails the run.
      for (let i = 0; ; i++) {
        const counts = await Promise.all(
          children.map((c) => {
            const r = reply<{ count: number }>(c, 'count');
            c.send({ count: true });
            return r;
          }),
        );
        const got = counts.reduce((a, r) => a + r.count, 0);
        if (got >= expected) break;
        if (i > 200) throw new Error(`only ${got} of ${expected} deliveries arrived`);
        await sleep(50);
      }
      return Promise.all(
        children.map((c) => {
          const r = reply<{ delays: number[]; lasts: Record<string, number> }>(c, 'delays');
          c.send({ report: true });
          return r;
        }),
      );
    };
    // A few messages first, so that neither side is measured while it warms up.
    let expected = 5 * CLIENTS;
    for (let i = 0; i < 5; i++) {
      target.send(wallNow());
      await sleep(pace.gapMs);
    }
    await collect();
    expected = pace.messages * CLIENTS;
    for (let i = 0; i < pace.messages; i++) {
      target.send(wallNow());
      await sleep(pace.gapMs);
    }
    const reports = await collect();
    const delays = reports.flatMap((r) => r.delays).sort((a, b) => a - b);
    const lastOf = new Map<string, number>();
    for (const r of reports) for (const [sent, delay] of Object.entries(r.lasts)) lastOf.set(sent, Math.max(lastOf.get(sent) ?? 0, delay));
    const lasts = [...lastOf.values()].sort((a, b) => a - b);
    return { p50ms: percentile(delays, 50), p99ms: percentile(delays, 99), lastP99ms: percentile(lasts, 99) };
  } finally {
    for (const c of children) c.send({ close: true });
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
  }
}

/** Our realtime server on a port of its own, measured with `target`; closed after. */
async function ours(pace: Pace, target: (realtime: Realtime, port: number) => Target): Promise<Figures> {
  const http = createServer();
  const realtime = await createRealtime(http, loadConfig({ NODE_ENV: 'test' }), createLogger('silent'));
  try {
    return await measure(target(realtime, await listen(http)), pace);
  } finally {
    await realtime.close();
    await new Promise((r) => http.close(r));
  }
}

/** socket.io as it comes, every client in the default namespace, `io.emit` of the same message. */
async function bare(pace: Pace, event: string, message: (sentAt: number) => object): Promise<Figures> {
  const http = createServer();
  const io = new Server(http, { path: '/socket.io', serveClient: false });
  try {
    const port = await listen(http);
    return await measure({ port, auth: {}, event, joined: () => io.sockets.sockets.size, send: (sentAt) => io.emit(event, message(sentAt)) }, pace);
  } finally {
    await new Promise((r) => io.close(() => r(undefined)));
  }
}

function report(what: string, pace: Pace, mine: Figures, base: Figures): Record<string, number> {
  const ratio = mine.p99ms / base.p99ms;
  console.log(
    table([
      ['measure', 'p50 ms', 'p99 ms', 'p99 to the last client ms', 'target'],
      [
        `${what}, our realtime, ${CLIENTS} clients, every ${pace.gapMs} ms`,
        mine.p50ms.toFixed(1),
        mine.p99ms.toFixed(1),
        mine.lastP99ms.toFixed(1),
        'p99 < 100',
      ],
      [`bare socket.io broadcast, ${CLIENTS} clients`, base.p50ms.toFixed(1), base.p99ms.toFixed(1), base.lastP99ms.toFixed(1), ''],
      ['ratio ours / bare (p99)', ratio.toFixed(2), '', '', ''],
    ]),
  );
  return {
    clients: CLIENTS,
    messages: pace.messages,
    fanoutP50ms: Number(mine.p50ms.toFixed(1)),
    fanoutP99ms: Number(mine.p99ms.toFixed(1)),
    bareP99ms: Number(base.p99ms.toFixed(1)),
    fanoutRatio: Number(ratio.toFixed(2)),
  };
}

/** A poll's worth of moved prices: 60 selections of 20 events. */
function oddsUpdate(sentAt: number): SportsOddsPush & { sentAt: number } {
  return {
    odds: Array.from({ length: 60 }, (_, i) => [100_000 + i, 1.5 + (i % 17) / 10, i % 11 === 0] as [number, number, boolean]),
    events: Array.from({ length: 20 }, (_, i) => ({ id: 5_000 + i, status: 'live' as const, home: i % 3, away: i % 2, elapsed: 40 + i })),
    sentAt,
  };
}

export async function benchSportsFanout(): Promise<Record<string, number>> {
  const pace = { messages: 40, gapMs: 250 };
  const mine = await ours(pace, (realtime, port) => ({
    port,
    auth: { sports: true },
    event: 'sports_update',
    joined: () => realtime.io.sockets.adapter.rooms.get(SPORTS_ROOM)?.size ?? 0,
    send: (sentAt) => realtime.pushSports(oddsUpdate(sentAt)),
  }));
  return report('odds fan-out', pace, mine, await bare(pace, 'sports_update', oddsUpdate));
}

export async function benchCrashFanout(): Promise<Record<string, number>> {
  // Ten seconds of a round in flight at the runner's pace.
  const pace = { messages: 100, gapMs: CRASH_TIMING.tickMs };
  let tick = 0;
  const message = (sentAt: number) => ({ round: 1, multiplier: 100 + tick++, sentAt });
  const mine = await ours(pace, (realtime, port) => ({
    port,
    auth: {},
    watch: 'crash:watch',
    event: 'crash:tick',
    joined: () => realtime.io.sockets.adapter.rooms.get(CRASH_ROOM)?.size ?? 0,
    send: (sentAt) => realtime.pushCrash('crash:tick', message(sentAt)),
  }));
  return report('crash multiplier tick', pace, mine, await bare(pace, 'crash:tick', message));
}
