// Game rounds per second through the studio (a dice round for real money: the round
// stored, the stake and the win through the wallet, the reply with the balance), beside
// the least a round must cost anyway, a wallet bet and its win, on the same PostgreSQL
// database in the same run. The baseline runs before and after the studio, and the
// ratio uses their mean, so a machine that slows down mid-run does not flatter either side.
import { loadConfig } from '../src/server/config.ts';
import { createContext } from '../src/server/context.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { seed } from '../src/server/demo/seed.ts';
import { findLaunchableGame } from '../src/server/games/listing.ts';
import { studioOf } from '../src/server/games/studio.ts';
import { createLogger } from '../src/server/logger.ts';
import { walletOf } from '../src/server/wallet/index.ts';
import { createPlayers } from '../tests/helpers/wallet.ts';
import { table } from './lib.ts';
import { percentile, scratchDatabase, urlOf } from './wallet.ts';

const CLIENTS = 8;
const PLAYERS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** `clients` loops calling `once` for `seconds` after a one-second warm-up; calls per second and p99. */
export async function measure(seconds: number, once: (client: number, i: number) => Promise<void>): Promise<{ perSecond: number; p99ms: number }> {
  const run = async (ms: number, latencies: number[] | null) => {
    const end = Date.now() + ms;
    let n = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = 0; Date.now() < end; i++) {
          const t0 = performance.now();
          await once(client, i);
          latencies?.push(performance.now() - t0);
          n++;
        }
      }),
    );
    return n;
  };
  await run(1000, null);
  const latencies: number[] = [];
  const t0 = performance.now();
  const n = await run(seconds * 1000, latencies);
  latencies.sort((a, b) => a - b);
  return { perSecond: n / ((performance.now() - t0) / 1000), p99ms: percentile(latencies, 99) };
}

export async function benchGames(): Promise<Record<string, number>> {
  return scratchDatabase('casino_bench_games', async (name) => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: urlOf(name) });
    const database = await openDatabase(config);
    try {
      await seed(database.db, { withDemoAccounts: false, config });
      const ctx = createContext(config, database, createLogger('silent'));
      const studio = studioOf(ctx);
      const wallet = walletOf(ctx);
      const players = await createPlayers(database.db, PLAYERS);
      for (const playerId of players) await wallet.deposit({ key: `seed-${playerId}`, playerId, amount: 1_000_000_000, provider: 'bench' });
      const dice = await findLaunchableGame(database.db, { slug: 'lucky-dice' }, undefined);
      if (!dice) throw new Error('the catalogue has no lucky-dice');
      const sessions = await Promise.all(players.map((playerId) => studio.launch({ gameId: dice.id, playerId, mode: 'real', locale: 'en', ip: '127.0.0.1' })));
      const pick = () => Math.floor(Math.random() * PLAYERS);

      let pair = 0;
      const walletRound = async (client: number, i: number) => {
        const playerId = players[pick()] as number;
        const key = `pair-${client}-${i}-${pair++}`;
        const bet = await wallet.bet({ key: `${key}-bet`, playerId, amount: 100, gameId: 'bench', gameName: 'Bench', roundId: key });
        if (!bet.ok) throw new Error(`bet refused: ${bet.code}`);
        const win = await wallet.win({ key: `${key}-win`, playerId, betKey: `${key}-bet`, amount: Math.random() < 0.5 ? 198 : 0 });
        if (!win.ok) throw new Error(`win refused: ${win.code}`);
      };
      let round = 0;
      const studioRound = async (client: number, i: number) => {
        const token = sessions[pick()] as string;
        await studio.start(token, { roundId: `bench_${client}_${i}_${round++}`, stake: 1, choice: { target: 50, direction: 'under' } });
      };

      const before = await measure(SECONDS, walletRound);
      const rounds = await measure(SECONDS, studioRound);
      const after = await measure(SECONDS, walletRound);
      const baseline = (before.perSecond + after.perSecond) / 2;
      const ratio = rounds.perSecond / baseline;
      console.log(
        table([
          ['measure', 'per second', 'p99 ms', 'target'],
          [`studio dice rounds, real money, ${CLIENTS} clients`, rounds.perSecond.toFixed(0), rounds.p99ms.toFixed(2), ''],
          ['wallet bet + win pairs, before and after', `${before.perSecond.toFixed(0)} / ${after.perSecond.toFixed(0)}`, before.p99ms.toFixed(2), ''],
          ['ratio studio rounds / wallet pairs', ratio.toFixed(2), '', '≥ 0.50'],
        ]),
      );
      return {
        seconds: SECONDS,
        studioRoundsPerSecond: Math.round(rounds.perSecond),
        studioRoundP99ms: Number(rounds.p99ms.toFixed(2)),
        walletPairsPerSecond: Math.round(baseline),
        ratio: Number(ratio.toFixed(2)),
      };
    } finally {
      await database.close();
    }
  });
}
