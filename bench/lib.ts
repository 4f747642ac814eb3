// Helpers shared by benchmarks: a load generator (wrk when installed, autocannon
// otherwise) and a table printer.
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

export interface LoadResult {
  rps: number;
  p99ms: number | undefined;
  tool: string;
}

/** Requests per second against `url` over `seconds`, `connections` at once, on loopback. */
export async function load(
  url: string,
  options: { seconds?: number; connections?: number; method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const seconds = options.seconds ?? 8;
  const connections = options.connections ?? 32;
  const headers = { 'accept-encoding': 'br, gzip', ...options.headers };
  if (has('wrk')) {
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency'];
    for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
    if (options.method) {
      const script = join(tmpdir(), `wrk-${process.pid}.lua`);
      writeFileSync(
        script,
        `wrk.method = ${JSON.stringify(options.method)}\nwrk.body = ${JSON.stringify(options.body ?? '')}\nwrk.headers["Content-Type"] = "application/json"\n`,
      );
      args.push('-s', script);
    }
    const out = execFileSync('wrk', [...args, url], { encoding: 'utf8' });
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
    const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
    const p99ms = p99 ? Number(p99[1]) * (p99[2] === 'us' ? 0.001 : p99[2] === 's' ? 1000 : 1) : undefined;
    if (/Non-2xx or 3xx responses/.test(out)) throw new Error(`non-2xx replies from ${url}:\n${out}`);
    return { rps, p99ms, tool: 'wrk' };
  }
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({ url, connections, duration: seconds, headers, method: (options.method ?? 'GET') as 'GET', body: options.body });
  return { rps: result.requests.average, p99ms: result.latency.p99, tool: 'autocannon' };
}

export function table(rows: (string | number)[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => String(r[i]).length))) ?? [];
  return rows.map((r) => r.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join('  ')).join('\n');
}
