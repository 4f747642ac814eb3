// Runs the real server (`node src/server/main.ts`) as a child process, as `npm start` does.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer as createNetServer } from 'node:net';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface Spawned {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  exited: Promise<number | null>;
}

/** A dist directory with a few pages, for server tests that do not need the real build. */
export function tinySite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'casino-site-'));
  mkdirSync(join(dir, 'de'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><title>Home</title><h1>Home</h1></html>');
  writeFileSync(join(dir, 'de', 'index.html'), '<!doctype html><html lang="de"><title>Start</title><h1>Start</h1></html>');
  return dir;
}

/**
 * Starts the server with `env` on a free port (the simulated sports feed off, as in every
 * test, unless `env` turns it on) and waits until it prints its URL (or exits);
 * `startMs` is how long that may take (longer when it builds the site first).
 */
export function spawnServer(env: Record<string, string>, options: { waitForUrl?: boolean; startMs?: number } = {}): Promise<Spawned> {
  const child = spawn(process.execPath, [join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: '0',
      HOST: '127.0.0.1',
      SKIP_BUILD: 'true',
      LOG_LEVEL: 'warn',
      SPORTS_FEED: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code, signal) => done(code ?? (signal ? -1 : null))));
  const spawned = (url: string): Spawned => ({
    child,
    url,
    output: () => out,
    exited,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  });
  if (options.waitForUrl === false) return Promise.resolve(spawned(''));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), options.startMs ?? 30_000);
    const check = () => {
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', check);
        resolvePromise(spawned(match[1]));
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
}

/** Polls `fn` every `every` ms until it returns true or `ms` pass. */
export async function until(fn: () => Promise<boolean> | boolean, ms = 15_000, every = 100): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (
      await Promise.resolve()
        .then(fn)
        .catch(() => false)
    )
      return;
    await new Promise((r) => setTimeout(r, every));
  }
  throw new Error('condition not met in time');
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
