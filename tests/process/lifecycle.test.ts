import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, rows } from '../../src/server/db/client.ts';
import { ROOT, spawnServer, tinySite, until } from '../helpers/spawn.ts';

const tmp = (p: string) => mkdtempSync(join(tmpdir(), p));

describe('server lifecycle', () => {
  it('prints its URL, serves pages and the API, and exits 0 on SIGTERM', async () => {
    const server = await spawnServer({ DATA_DIR: tmp('casino-data-'), DIST_DIR: tinySite() });
    expect(server.output()).toMatch(/Casino site listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(await (await fetch(`${server.url}/de`)).text()).toContain('lang="de"');
    await until(async () => (await fetch(`${server.url}/api/health`)).status === 200);
    const setting = await fetch(`${server.url}/api/front/get_setting`, { method: 'POST' });
    expect(await setting.json()).toMatchObject({ status: 1, setting: { country_black_list: [], ip_black_list: [] } });
    expect(await server.stop()).toBe(0);
  });

  it('finishes a request in flight before it stops', async () => {
    const server = await spawnServer({ DATA_DIR: tmp('casino-data-'), DIST_DIR: tinySite() });
    await until(async () => (await fetch(`${server.url}/api/health`)).status === 200);
    const { port } = new URL(server.url);
    // A request whose body is still arriving when SIGTERM comes.
    const reply = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/front/validate_player_name',
          headers: { 'content-type': 'application/json', 'content-length': 20 },
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => {
            body += d.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('{"username":');
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end('"demo"} '), 300);
      }, 200);
    });
    expect(await reply).toEqual({ status: 200, body: '{"status":0,"message":"username_duplicated"}' });
    expect(await server.exited).toBe(0);
  });

  it('exits non-zero with a clear message when the database cannot be reached at start', async () => {
    const server = await spawnServer({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DIST_DIR: tinySite() }, { waitForUrl: false });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Cannot open the database (PostgreSQL at DATABASE_URL)');
  });

  it('refuses to start on a wrong setting and names it', async () => {
    const server = await spawnServer({ PORT: 'abc' }, { waitForUrl: false });
    expect(await server.exited).toBe(2);
    expect(server.output()).toContain('PORT: expected a port number (got "abc")');
  });

  it('keeps every committed row of the PGlite data directory after kill -9', async () => {
    const dir = join(tmp('casino-crash-'), 'pglite');
    const child = spawn(process.execPath, [join(ROOT, 'tests/helpers/crash-writer.ts'), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    await until(() => (out.match(/committed/g) ?? []).length >= 150, 60_000);
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    const committed = [...out.matchAll(/committed (\d+)/g)].map((m) => Number(m[1]));
    const reopened = await openDatabase({ database: { kind: 'pglite', dir } });
    const found = await rows<{ n: number }>(reopened.db, sql`select n from crash_probe order by n`);
    await reopened.close();
    const stored = new Set(found.map((r) => r.n));
    expect(committed.filter((n) => !stored.has(n))).toEqual([]);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('server on PostgreSQL', () => {
  it('answers health with 503 while PostgreSQL is unreachable, keeps serving pages, and recovers', async () => {
    const target = new URL(process.env.TEST_DATABASE_URL as string);
    const sockets = new Set<Socket>();
    let proxy: Server = createServer();
    const open = (port: number) =>
      new Promise<void>((resolve) => {
        proxy = createServer((client) => {
          const upstream = createConnection(Number(target.port || 5432), target.hostname);
          sockets.add(client).add(upstream);
          client.pipe(upstream).pipe(client);
          const drop = () => {
            client.destroy();
            upstream.destroy();
          };
          client.on('error', drop);
          upstream.on('error', drop);
        });
        proxy.listen(port, '127.0.0.1', resolve);
      });
    await open(0);
    const port = (proxy.address() as { port: number }).port;
    const url = new URL(target);
    url.port = String(port);
    const server = await spawnServer({ DATABASE_URL: url.toString(), DIST_DIR: tinySite(), SEED_DEMO: 'false' });
    // The first start migrates and seeds an empty database through the proxy: give it time.
    await until(async () => (await fetch(`${server.url}/api/health`)).status === 200, 60_000);

    proxy.close();
    for (const s of sockets) s.destroy();
    await until(async () => (await fetch(`${server.url}/api/health`)).status === 503);
    expect((await fetch(`${server.url}/de`)).status).toBe(200);

    await open(port);
    await until(async () => (await fetch(`${server.url}/api/health`)).status === 200);
    expect(await server.stop()).toBe(0);
    proxy.close();
  });
});
