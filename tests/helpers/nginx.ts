// deploy/nginx/casino.conf on this machine: the same file with the instances at loopback ports
// (outside compose their names do not resolve), in a scratch folder of its own that is
// nginx's prefix, pid and temp paths. For `nginx -t` and for the cluster test.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './spawn.ts';

/** Debian's brotli_static module (libnginx-mod-http-brotli-static), loaded by its absolute path. */
const BROTLI = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** Writes nginx.conf for the deploy configuration and answers its path. */
export function localNginx({ upstreams, listen, root }: { upstreams: [number, number]; listen?: number; root?: string }): string {
  const dir = mkdtempSync(join(tmpdir(), 'casino-nginx-'));
  const brotli = existsSync(BROTLI);
  let conf = readFileSync(join(ROOT, 'deploy/nginx/casino.conf'), 'utf8').replace(
    /server app(\d):4321/g,
    (_, n: string) => `server 127.0.0.1:${upstreams[Number(n) - 1]}`,
  );
  if (listen !== undefined) conf = conf.replace(/listen 80;/, `listen 127.0.0.1:${listen};`);
  if (root !== undefined) conf = conf.replace(/root \/srv\/site;/, `root ${root};`);
  if (!brotli) conf = conf.replace(/\s*brotli_static on;/g, '');
  writeFileSync(join(dir, 'casino.conf'), conf);
  const main = join(dir, 'nginx.conf');
  writeFileSync(
    main,
    `${brotli ? `load_module ${BROTLI};\n` : ''}daemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${dir};\n  proxy_temp_path ${dir};\n  include ${dir}/casino.conf;\n}\n`,
  );
  return main;
}
