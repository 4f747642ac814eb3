// Sports bet placements per second through `front/place_sport_bets` (the player's
// session, prices and limits checked, the bet and its legs written, the stake through the
// wallet, the reply with the bet and the balance), beside the least a placement must
// cost anyway, a bare wallet bet, on the same PostgreSQL database in the same run, the
// two taking turns in five rounds (p99 is the worst round's). The events are the
// simulated feed's season, ingested once; prices do not move during the run.
import { listEvents } from '../src/server/sports/bets.ts';
import { createSimulatedFeed } from '../src/server/sports/feed/simulated.ts';
import { ingest } from '../src/server/sports/ingest.ts';
import type { PlaceSportBetsReply } from '../src/shared/sports.ts';
import { tokenFor } from '../tests/helpers/wallet.ts';
import { measure } from './games.ts';
import { table } from './lib.ts';
import { withBenchApp } from './app.ts';

const PLAYERS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 5;

export async function benchSports(): Promise<Record<string, number>> {
  return withBenchApp('casino_bench_sports', PLAYERS, async ({ ctx, app, wallet, players }) => {
    {
      for (const playerId of players) await wallet.deposit({ key: `seed-${playerId}`, playerId, amount: 1_000_000_000, provider: 'bench' });
      const tokens = await Promise.all(players.map((playerId) => tokenFor(ctx, playerId)));
      await ingest(ctx, await createSimulatedFeed({ seed: 1, clock: ctx.clock }).poll());
      const { events } = await listEvents(ctx, { tab: 'prematch' });
      // Matches that start well after the run, so that none starts during it; prices under 5.00,
      // so that no accumulator goes over the maximum payout.
      const later = events.filter((e) => e.kind === 'match' && Date.parse(e.starts_at) > Date.now() + 3_600_000);
      const selections = later.flatMap((e) =>
        e.markets.flatMap((m) => m.selections.filter((s) => s.odds < 5).map((s) => ({ id: s.id, odds: s.odds, event: e.id }))),
      );
      if (selections.length < 10) throw new Error('the simulated feed published no prematch prices');
      const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;

      let pair = 0;
      const walletBet = async (client: number, i: number) => {
        const key = `bare-${client}-${i}-${pair++}`;
        const bet = await wallet.bet({ key, playerId: pick(players), amount: 100, provider: 'Sports', gameId: 'sports', gameName: 'Bench', roundId: key });
        if (!bet.ok) throw new Error(`bet refused: ${bet.code}`);
      };
      let slip = 0;
      const placement = (legs: number) => async (client: number, i: number) => {
        const chosen: typeof selections = [];
        while (chosen.length < legs) {
          const s = pick(selections);
          if (!chosen.some((c) => c.event === s.event)) chosen.push(s);
        }
        const response = await app.request('/api/front/place_sport_bets', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${pick(tokens)}` },
          body: JSON.stringify({
            slip_id: `bench_${client}_${i}_${slip++}`,
            accept: 'any',
            bets: [{ selections: chosen.map(({ id, odds }) => ({ id, odds })), stake: 1 }],
          }),
        });
        const reply = (await response.json()) as PlaceSportBetsReply;
        if (reply.bets?.[0]?.status !== 1) throw new Error(`placement refused: ${JSON.stringify(reply)}`);
      };

      // Interleaved in rounds, so that a machine whose speed changes during the run (it is
      // shared) weighs on every figure alike.
      const kinds = { wallet: walletBet, singles: placement(1), accumulators: placement(3) };
      const rounds: Record<keyof typeof kinds, { perSecond: number; p99ms: number }[]> = { wallet: [], singles: [], accumulators: [] };
      for (let round = 0; round < ROUNDS; round++)
        for (const [kind, once] of Object.entries(kinds)) rounds[kind as keyof typeof kinds].push(await measure(SECONDS / ROUNDS, once));
      const overall = (list: { perSecond: number; p99ms: number }[]) => ({
        perSecond: list.reduce((a, r) => a + r.perSecond, 0) / list.length,
        p99ms: Math.max(...list.map((r) => r.p99ms)),
      });
      const [bare, singles, accumulators] = [overall(rounds.wallet), overall(rounds.singles), overall(rounds.accumulators)];
      const ratio = singles.perSecond / bare.perSecond;
      console.log(
        table([
          ['measure', 'per second', 'p99 ms', 'target'],
          ['sports singles, front/place_sport_bets, 8 clients', singles.perSecond.toFixed(0), singles.p99ms.toFixed(2), ''],
          ['sports accumulators of 3 legs', accumulators.perSecond.toFixed(0), accumulators.p99ms.toFixed(2), ''],
          ['bare wallet bets, interleaved with them', bare.perSecond.toFixed(0), bare.p99ms.toFixed(2), ''],
          ['ratio sports singles / wallet bets', ratio.toFixed(2), '', '≥ 0.50'],
        ]),
      );
      return {
        seconds: SECONDS,
        singlesPerSecond: Math.round(singles.perSecond),
        singleP99ms: Number(singles.p99ms.toFixed(2)),
        accumulatorsPerSecond: Math.round(accumulators.perSecond),
        walletBetsPerSecond: Math.round(bare.perSecond),
        ratio: Number(ratio.toFixed(2)),
      };
    }
  });
}
