// Our server against nginx on the same dist/client with the same precompressed
// files, for a prerendered page; front/get_setting; and a cold start.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnServer } from '../tests/helpers/spawn.ts';
import { has, load, table } from './lib.ts';

export async function benchStatic(root: string): Promise<Record<string, number | string | undefined>> {
  const dist = join(root, 'dist/client');
  const page = '/de';
  const server = await spawnServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'casino-bench-')), DIST_DIR: dist, LOG_LEVEL: 'warn' });
  for (let i = 0; i < 100 && (await fetch(`${server.url}/api/health`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
  await load(`${server.url}${page}`, { seconds: 2 });
  const ours = await load(`${server.url}${page}`);
  const api = await load(`${server.url}/api/front/get_setting`, { method: 'POST', body: '{}' });
  await server.stop();

  let nginx: Awaited<ReturnType<typeof load>> | undefined;
  if (has('nginx')) {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'casino-nginx-'));
    const brotli = existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so');
    // One worker, as our server is one process; both scale out by adding processes.
    writeFileSync(
      join(dir, 'nginx.conf'),
      `${brotli ? 'load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;\n' : ''}worker_processes 1;
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
    for (let i = 0; i < 50; i++) {
      const ok = await fetch(`http://127.0.0.1:${port}${page}`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await load(`http://127.0.0.1:${port}${page}`, { seconds: 2 });
    nginx = await load(`http://127.0.0.1:${port}${page}`);
    child.kill('SIGTERM');
  }

  // Cold start on an already built site: process start to the first page answered.
  const t0 = performance.now();
  const cold = await spawnServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'casino-cold-')), DIST_DIR: dist, LOG_LEVEL: 'warn' });
  await fetch(`${cold.url}/`);
  const coldMs = performance.now() - t0;
  await cold.stop();

  const ratio = nginx ? ours.rps / nginx.rps : undefined;
  console.log(
    table([
      ['measure', 'requests/s', 'p99 ms'],
      [`our server ${page} (brotli)`, ours.rps.toFixed(0), ours.p99ms?.toFixed(2) ?? '-'],
      [`nginx ${page} (brotli_static)`, nginx ? nginx.rps.toFixed(0) : 'nginx not installed', nginx?.p99ms?.toFixed(2) ?? '-'],
      ['ratio ours / nginx', ratio ? ratio.toFixed(2) : '-', 'target ≥ 0.50'],
      ['our server front/get_setting', api.rps.toFixed(0), api.p99ms?.toFixed(2) ?? '-'],
      ['cold start to first page (ms)', coldMs.toFixed(0), 'target < 3000'],
    ]),
  );
  return {
    tool: ours.tool,
    oursRps: Math.round(ours.rps),
    nginxRps: nginx ? Math.round(nginx.rps) : undefined,
    ratio: ratio ? Number(ratio.toFixed(2)) : undefined,
    apiRps: Math.round(api.rps),
    coldStartMs: Math.round(coldMs),
  };
}
