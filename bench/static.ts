// Our server against nginx on the same dist/client with the same precompressed
// files, for a prerendered page: one process against one nginx worker, and (with
// PostgreSQL and Redis at hand) two processes against two workers. Also
// front/get_setting and a cold start.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { freePort, spawnServer } from '../tests/helpers/spawn.ts';
import { has, type LoadResult, load, table } from './lib.ts';

const PAGE = '/de';

async function startNginx(dist: string, workers: number): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'casino-nginx-'));
  const brotli = existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${brotli ? 'load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;\n' : ''}worker_processes ${workers};
daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off; include /etc/nginx/mime.types; sendfile on; tcp_nopush on; keepalive_requests 100000;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${port}; root ${dist};
    gzip_static on; ${brotli ? 'brotli_static on;' : ''}
    location / { try_files $uri $uri/index.html $uri.html =404; add_header Cache-Control no-cache; etag on; }
  }
}`,
  );
  const child = spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    const ok = await fetch(`${url}${PAGE}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child };
}

async function measure(url: string): Promise<LoadResult> {
  await load(`${url}${PAGE}`, { seconds: 2 });
  return load(`${url}${PAGE}`);
}

/** A scratch PostgreSQL database for the multi-process run, or undefined without one. */
async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  const name = `casino_bench_${process.pid}`;
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = postgres(base, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

const waitHealthy = async (url: string) => {
  for (let i = 0; i < 100 && (await fetch(`${url}/api/health`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
};

export async function benchStatic(root: string): Promise<Record<string, number | string | undefined>> {
  const dist = join(root, 'dist/client');
  const single = await spawnServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'casino-bench-')), DIST_DIR: dist, LOG_LEVEL: 'warn' });
  await waitHealthy(single.url);
  const ours = await measure(single.url);
  const api = await load(`${single.url}/api/front/get_setting`, { method: 'POST', body: '{}' });
  await single.stop();

  let nginx: LoadResult | undefined;
  let nginx2: LoadResult | undefined;
  let ours2: LoadResult | undefined;
  if (has('nginx')) {
    const one = await startNginx(dist, 1);
    nginx = await measure(one.url);
    one.child.kill('SIGTERM');
    const redis = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? (has('redis-cli') ? 'redis://127.0.0.1:6379' : undefined);
    const database = redis ? await scratchDatabase() : undefined;
    if (database && redis) {
      // Both use the machine's two cores: two server processes against two nginx workers.
      const two = await spawnServer({
        DATABASE_URL: database.url,
        REDIS_URL: redis,
        WEB_CONCURRENCY: '2',
        DIST_DIR: dist,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
      });
      await waitHealthy(two.url);
      ours2 = await measure(two.url);
      await two.stop();
      await database.drop();
      const nginxTwo = await startNginx(dist, 2);
      nginx2 = await measure(nginxTwo.url);
      nginxTwo.child.kill('SIGTERM');
    }
  }

  // Cold start on an already built site: process start to the first page answered.
  const t0 = performance.now();
  const cold = await spawnServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'casino-cold-')), DIST_DIR: dist, LOG_LEVEL: 'warn' });
  await fetch(`${cold.url}/`);
  const coldMs = performance.now() - t0;
  await cold.stop();

  const ratio = nginx ? ours.rps / nginx.rps : undefined;
  const ratio2 = nginx2 && ours2 ? ours2.rps / nginx2.rps : undefined;
  const p99 = (r: LoadResult | undefined) => r?.p99ms?.toFixed(2) ?? '-';
  console.log(
    table([
      ['measure', 'requests/s', 'p99 ms'],
      [`our server ${PAGE}, 1 process`, ours.rps.toFixed(0), p99(ours)],
      [`nginx ${PAGE}, 1 worker`, nginx ? nginx.rps.toFixed(0) : 'nginx not installed', p99(nginx)],
      ['ratio, 1 against 1', ratio ? ratio.toFixed(2) : '-', 'target ≥ 0.50'],
      [`our server ${PAGE}, 2 processes`, ours2 ? ours2.rps.toFixed(0) : 'needs PostgreSQL and Redis', p99(ours2)],
      [`nginx ${PAGE}, 2 workers`, nginx2 ? nginx2.rps.toFixed(0) : '-', p99(nginx2)],
      ['ratio, 2 against 2', ratio2 ? ratio2.toFixed(2) : '-', 'target ≥ 0.50'],
      ['our server front/get_setting', api.rps.toFixed(0), p99(api)],
      ['cold start to first page (ms)', coldMs.toFixed(0), 'target < 3000'],
    ]),
  );
  return {
    tool: ours.tool,
    oursRps: Math.round(ours.rps),
    nginxRps: nginx ? Math.round(nginx.rps) : undefined,
    ratio: ratio ? Number(ratio.toFixed(2)) : undefined,
    ours2Rps: ours2 ? Math.round(ours2.rps) : undefined,
    nginx2Rps: nginx2 ? Math.round(nginx2.rps) : undefined,
    ratio2: ratio2 ? Number(ratio2.toFixed(2)) : undefined,
    apiRps: Math.round(api.rps),
    coldStartMs: Math.round(coldMs),
  };
}
