// `npm run bench lobby`: front/get_games with search and filters over a catalogue of
// 5,000 games, at a steady 200 requests per second on loopback, beside a bare JSON reply
// of the same Hono app's node adapter at the same rate in the same run. The rate is open
// loop (bench/open-loop.ts, in a process of its own): each request leaves at its scheduled
// time whether or not the last one answered, and its latency counts from that time, so a
// slow reply delays nothing it should not. The target: p99 under 20 ms.
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { type Db, rows } from '../src/server/db/client.ts';
import { GAMES, PROVIDERS } from '../src/server/demo/games.ts';
import { withBenchApp } from './app.ts';
import { table } from './lib.ts';
import { openLoop } from './open-loop.ts';

const CATALOGUE = 5_000;
const RATE = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SECTIONS = ['top_casino_games', 'popular_casino', 'new_games', 'bonus_buy', 'megaways', 'jackpot_games', 'mini_games'];
const SEARCHES = ['', '', 'gold', 'meg', 'dragon', 'roulette', 'jack', 'xq', 'lucky', 'o'];

/** The catalogue's titles again and again, numbered, up to `total` games in all. */
async function growCatalogue(db: Db, total: number): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from games`);
  const have = Number(row?.n ?? 0);
  const providers = await rows<{ id: number }>(db, sql`select id from game_providers order by id`);
  const values = [];
  for (let i = have; i < total; i++) {
    const game = GAMES[i % GAMES.length]!;
    const slug = `${game.slug}-${i}`;
    values.push(
      sql`(${`bench:${slug}`}, ${slug}, ${`${game.name} ${i}`}, ${providers[i % providers.length]!.id}, ${game.group}, ${game.type}, ${game.engine}, ${JSON.stringify({ theme: game.theme, ...game.config })}::jsonb, ${`{${game.sections.join(',')}}`}::text[], ${`/games/${game.slug}.svg`}, ${i + 1})`,
    );
  }
  for (let i = 0; i < values.length; i += 500)
    await db.execute(
      sql`insert into games (external_game_id, slug, name, provider_id, group_id, type, engine, config, sections, thumbnail, position) values ${sql.join(values.slice(i, i + 500), sql`, `)}`,
    );
  await db.execute(sql`analyze games`);
  return total;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export async function benchLobby(): Promise<Record<string, number>> {
  return withBenchApp('casino_bench_lobby', 0, async ({ database, app }) => {
    await growCatalogue(database.db, CATALOGUE);
    const api = createServer(getRequestListener(app.fetch));
    const bare = createServer(getRequestListener(new Hono().post('/', (c) => c.json({ status: 1 })).fetch));
    const apiUrl = `${await listen(api)}/api/front/get_games`;
    const bareUrl = `${await listen(bare)}/`;
    try {
      const query = (i: number) => ({
        filterGame: SEARCHES[i % SEARCHES.length],
        filterProvider: i % 3 === 0 ? 1 + (i % PROVIDERS.length) : 0,
        ...(i % 4 === 1 ? { filterGroup: 1 } : {}),
        ...(i % 5 === 2 ? { section: SECTIONS[i % SECTIONS.length] } : {}),
        type: 'online',
        page: 1 + (i % 3),
        itemsPerPage: 24,
      });
      const bodies = (seconds: number, body: (i: number) => unknown) => Array.from({ length: RATE * seconds }, (_, i) => body(i));
      const games = (seconds: number) => openLoop({ url: apiUrl, rate: RATE, bodies: bodies(seconds, query) });
      const bareReply = (seconds: number) => openLoop({ url: bareUrl, rate: RATE, bodies: bodies(seconds, () => ({})) });
      // Warm both (prepared plans, connections) before measuring.
      await games(1);
      await bareReply(1);
      const baseline = await bareReply(SECONDS);
      const measured = await games(SECONDS);
      const again = await bareReply(SECONDS);
      const base99 = (baseline.p99 + again.p99) / 2;
      console.log(
        table([
          ['', 'p50 ms', 'p99 ms', 'max ms', 'requests', 'errors'],
          ['bare JSON reply (before)', baseline.p50.toFixed(2), baseline.p99.toFixed(2), baseline.max.toFixed(1), baseline.sent, baseline.errors],
          [`get_games, ${CATALOGUE} games`, measured.p50.toFixed(2), measured.p99.toFixed(2), measured.max.toFixed(1), measured.sent, measured.errors],
          ['bare JSON reply (after)', again.p50.toFixed(2), again.p99.toFixed(2), again.max.toFixed(1), again.sent, again.errors],
        ]),
      );
      console.log(
        `${RATE} requests/s for ${SECONDS} s each; get_games p99 ${measured.p99.toFixed(2)} ms (target < 20 ms), ${(measured.p99 / base99).toFixed(1)}× the bare reply's`,
      );
      if (measured.errors > 0) throw new Error(`${measured.errors} get_games requests failed`);
      return {
        catalogue: CATALOGUE,
        rate: RATE,
        getGamesP50Ms: Number(measured.p50.toFixed(2)),
        getGamesP99Ms: Number(measured.p99.toFixed(2)),
        bareP99Ms: Number(base99.toFixed(2)),
        ratioP99: Number((measured.p99 / base99).toFixed(2)),
      };
    } finally {
      await Promise.all([api, bare].map((s) => new Promise((r) => s.close(r))));
    }
  });
}
