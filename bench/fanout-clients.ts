// One process of a fan-out benchmark's socket clients (forked by bench/fanout.ts): it
// connects its share of the clients, notes when each message reaches each of them, and
// sends the delays back. Clients live in processes of their own so that their work
// (frames, JSON) does not queue behind the server's on the server's event loop, as on a
// real site, where they are phones elsewhere.
import { io as connect, type Socket } from 'socket.io-client';

export interface ClientsOrder {
  port: number;
  count: number;
  /** The handshake's auth object. */
  auth: Record<string, unknown>;
  /** An event the client sends once connected to join its room (`crash:watch`), if any. */
  watch?: string;
  /** The event whose deliveries are timed. */
  event: string;
}

/** A wall-clock time with sub-millisecond precision, comparable between processes of one machine. */
export const wallNow = () => performance.timeOrigin + performance.now();

async function run(order: ClientsOrder): Promise<Socket[]> {
  const sockets: Socket[] = [];
  // In batches: a burst of hundreds of handshakes would time out on a small machine.
  for (let i = 0; i < order.count; i += 50) {
    const batch = Array.from({ length: Math.min(50, order.count - i) }, () =>
      connect(`http://127.0.0.1:${order.port}`, { path: '/socket.io', transports: ['websocket'], auth: order.auth, forceNew: true, reconnection: false }),
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
    sockets.push(...batch);
  }
  return sockets;
}

if (process.send) {
  let sockets: Socket[] = [];
  let delays: number[] = [];
  /** Each message's delay to the last of this process's clients, by the time it was sent. */
  let lasts: Record<string, number> = {};
  process.on('message', async (m: { order?: ClientsOrder; count?: true; report?: true; close?: true }) => {
    if (m.order) {
      const { event, watch } = m.order;
      sockets = await run(m.order);
      for (const s of sockets) {
        s.on(event, (message: { sentAt: number }) => {
          const delay = wallNow() - message.sentAt;
          delays.push(delay);
          lasts[message.sentAt] = Math.max(lasts[message.sentAt] ?? 0, delay);
        });
        if (watch) s.emit(watch);
      }
      process.send?.({ ready: true });
    } else if (m.count) {
      process.send?.({ count: delays.length });
    } else if (m.report) {
      process.send?.({ delays, lasts });
      delays = [];
      lasts = {};
    } else if (m.close) {
      for (const s of sockets) s.close();
      process.exit(0);
    }
  });
}
