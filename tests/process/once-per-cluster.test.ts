// Background work once per cluster: two server processes on one PostgreSQL and Redis run
// each sweep (bonus expiry, round recovery) and the sports feed in one of them only, under
// leases whose time is the database's; the feed's news reaches the sportsbook sockets of both
// processes alike, each update once; and when the feed's process is killed with SIGKILL the
// other takes the feed over within 5 s and its news goes on reaching the sockets.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { type Spawned, spawnServer, tinySite, until } from '../helpers/spawn.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const SWEEPS = ['bonus-expiry', 'round-recovery', 'sports-feed'];

/** The schedules this process took, from its JSON log ("schedule runs here"). */
const leading = (server: Spawned) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"schedule runs here"'))
    .map((line) => (JSON.parse(line) as { schedule: string }).schedule);

function watchSports(url: string): { socket: Socket; updates: string[] } {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], auth: { sports: true }, forceNew: true });
  const updates: string[] = [];
  socket.on('sports_update', (update: unknown) => updates.push(JSON.stringify(update)));
  return { socket, updates };
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('background work once per cluster', () => {
  it('runs each sweep and the sports feed in one process, pushes to both, and hands the feed over after a kill', async () => {
    const admin = process.env.TEST_DATABASE_URL as string;
    const name = `casino_once_${randomBytes(5).toString('hex')}`;
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const sqlAdmin = postgres(admin, { max: 1, onnotice: () => {} });
    await sqlAdmin.unsafe(`CREATE DATABASE ${name}`);
    await sqlAdmin.end();
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL,
      JWT_SECRET: randomBytes(32).toString('hex'),
      WEBHOOK_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      DIST_DIR: tinySite(),
      LOG_LEVEL: 'info',
      // A season played fast: prices move every second.
      SPORTS_FEED: 'simulated',
      SPORTS_FEED_SPEED: '60',
      SPORTS_FEED_SPACING_MINUTES: '0.5',
    };
    // One after the other: the first start seeds the database.
    const servers = [await spawnServer(env, { startMs: 60_000 })];
    await until(async () => (await fetch(`${servers[0]?.url}/api/health`)).status === 200, 60_000);
    servers.push(await spawnServer(env, { startMs: 60_000 }));
    const [a, b] = servers as [Spawned, Spawned];
    const watchers = [watchSports(a.url), watchSports(b.url)];
    try {
      await until(async () => (await fetch(`${b.url}/api/health`)).status === 200, 60_000);
      // Each sweep is taken by exactly one of the two.
      await until(() => SWEEPS.every((s) => [...leading(a), ...leading(b)].includes(s)), 20_000);
      for (const sweep of SWEEPS)
        expect(
          [...leading(a), ...leading(b)].filter((s) => s === sweep),
          sweep,
        ).toHaveLength(1);

      // The feed's news reaches the sockets of both processes, the same updates, each once.
      await until(() => watchers.every((w) => w.updates.length >= 3), 30_000);
      const cut = watchers[0]?.updates.slice(0, 3) ?? [];
      await until(() => cut.every((u) => watchers[1]?.updates.includes(u)), 5_000);
      for (const w of watchers) expect(new Set(w.updates).size).toBe(w.updates.length);

      // The feed's process dies; the other takes the feed over within 5 s, and its news goes on.
      const [holder, survivor] = leading(a).includes('sports-feed') ? [a, b] : [b, a];
      const survivorWatcher = watchers[holder === a ? 1 : 0] as { updates: string[] };
      holder.child.kill('SIGKILL');
      await holder.exited;
      const killedAt = Date.now();
      await until(() => leading(survivor).includes('sports-feed'), 10_000, 50);
      const tookOver = Date.now() - killedAt;
      console.log(`sports feed taken over ${tookOver} ms after SIGKILL of its process`);
      expect(tookOver).toBeLessThan(5_000);
      const seen = survivorWatcher.updates.length;
      await until(() => survivorWatcher.updates.length > seen, 15_000);
    } finally {
      for (const w of watchers) w.socket.close();
      await Promise.all(servers.map((s) => s.stop()));
      const cleanup = postgres(admin, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    }
  }, 180_000);
});
