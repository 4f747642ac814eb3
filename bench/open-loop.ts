// An open-loop load generator in a process of its own (forked by a benchmark): it POSTs
// the bodies it is given at a steady rate, each request leaving at its scheduled time
// whether or not the last one answered, and times each from that time to its reply. In
// its own process, its own work (fetch, JSON) does not queue behind the server's on one
// event loop, and the server's pauses are not mistaken for the client's, or the reverse.
import { fork } from 'node:child_process';
import { percentile } from './wallet.ts';

export interface OpenLoopOrder {
  url: string;
  /** Requests per second. */
  rate: number;
  /** One body per request, sent in order. */
  bodies: unknown[];
}

export interface OpenLoopResult {
  p50: number;
  p99: number;
  max: number;
  sent: number;
  errors: number;
}

async function run({ url, rate, bodies }: OpenLoopOrder): Promise<OpenLoopResult> {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now() + 50;
  const pending: Promise<void>[] = [];
  for (const [i, body] of bodies.entries()) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
        .then(async (res) => {
          const reply = (await res.json()) as { status?: number };
          if (res.status !== 200 || reply.status !== 1) errors++;
          latencies.push(performance.now() - due);
        })
        .catch(() => {
          errors++;
        }),
    );
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? 0, sent: bodies.length, errors };
}

/** Runs `order` in a forked process and answers its figures. */
export function openLoop(order: OpenLoopOrder): Promise<OpenLoopResult> {
  const child = fork(new URL(import.meta.url), { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (result) => {
      child.kill();
      resolve(result as OpenLoopResult);
    });
    child.once('error', reject);
    child.send(order);
  });
}

if (process.send) process.once('message', async (order: OpenLoopOrder) => process.send?.(await run(order)));
