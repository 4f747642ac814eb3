// Rounds an outside provider plays through the seamless-wallet API per second: a signed
// bet and its signed win posted to /api/providers/v1 through the app (the key looked up and
// its secret unsealed, the MAC checked, the launch token's session and game read, the
// wallet's bet or win under the provider's key, the reply), 8 clients on a scratch
// PostgreSQL database, beside the least a round costs anyway — a bare wallet bet and its
// win — the two taking turns in the same run.
import { games, gameProviders, gameSessions } from '../src/server/db/schema/index.ts';
import { hashToken } from '../src/server/games/studio.ts';
import { signPayload } from '../src/server/payments/signature.ts';
import { createProvider } from '../src/server/seamless/providers.ts';
import { withBenchApp } from './app.ts';
import { measure } from './games.ts';
import { table } from './lib.ts';

const PLAYERS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const GAME = 'bench-games:rocket';

export async function benchSeamless(): Promise<Record<string, number>> {
  return withBenchApp('casino_bench_seamless', PLAYERS, async ({ database, ctx, app, wallet, players }) => {
    const db = database.db;
    const [label] = await db.insert(gameProviders).values({ slug: 'bench-games', providerName: 'Bench Games' }).returning();
    const [game] = await db
      .insert(games)
      .values({
        externalGameId: GAME,
        slug: 'bench-rocket',
        name: 'Rocket',
        providerId: label!.id,
        groupId: 7,
        type: 'online',
        engine: 'provider',
        thumbnail: '/x.svg',
      })
      .returning();
    const created = await createProvider(ctx, { code: 'bench', name: 'Bench', gameProvider: 'bench-games', currencies: ['EUR'], launchUrl: '/bench' }, 'bench');
    if (!created.ok) throw new Error(created.code);
    const { keyId, secret } = created.issued;
    // Each player's launch, as get_game_url stores it.
    const sessions = players.map((id) => `bench-session-${id}`);
    await db.insert(gameSessions).values(
      players.map((id, i) => ({
        tokenHash: hashToken(sessions[i] as string),
        playerId: id,
        gameId: game!.id,
        mode: 'real' as const,
        currency: 'EUR',
        expiresAt: new Date(Date.now() + 3_600_000),
      })),
    );
    for (const id of players) await wallet.deposit({ key: `bench-dep-${id}`, playerId: id, amount: 1_000_000_000, provider: 'bench' });

    let pairs = 0;
    const barePair = async (client: number, i: number) => {
      const p = client * 8 + (i % 8);
      const playerId = players[p] as number;
      const key = `bare-${client}-${i}-${pairs++}`;
      const bet = await wallet.bet({ key: `${key}:bet`, playerId, amount: 100, gameId: GAME, gameName: 'Rocket', roundId: key, provider: 'Bench Games' });
      if (!bet.ok) throw new Error(`bet refused: ${bet.code}`);
      const win = await wallet.win({ key: `${key}:win`, playerId, betKey: `${key}:bet`, amount: 50 });
      if (!win.ok) throw new Error(`win refused: ${win.code}`);
    };
    const post = async (call: string, body: Record<string, unknown>) => {
      const raw = JSON.stringify(body);
      const response = await app.request(`/api/providers/v1/${call}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-provider-key': keyId,
          'x-provider-signature': signPayload(secret, `${call}.${raw}`, Math.floor(Date.now() / 1000)),
        },
        body: raw,
      });
      const reply = (await response.json()) as { status: number; message?: string };
      if (reply.status !== 1) throw new Error(`${call} answered ${response.status} ${reply.message}`);
    };
    let rounds = 0;
    const apiRound = async (client: number, i: number) => {
      const session = sessions[client * 8 + (i % 8)] as string;
      const round = `r-${client}-${i}-${rounds++}`;
      await post('bet', { session, transaction_id: `${round}-b`, round_id: round, game_id: GAME, amount: 100, currency: 'EUR' });
      await post('win', {
        session,
        transaction_id: `${round}-w`,
        round_id: round,
        game_id: GAME,
        amount: 50,
        currency: 'EUR',
        bet_transaction_id: `${round}-b`,
      });
    };

    // Taking turns, five times, so that a shared machine's changing speed weighs on both alike.
    const bare: { perSecond: number; p99ms: number }[] = [];
    const calls: { perSecond: number; p99ms: number }[] = [];
    for (let turn = 0; turn < 5; turn++) {
      bare.push(await measure(SECONDS / 5, barePair));
      calls.push(await measure(SECONDS / 5, apiRound));
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const api = { perSecond: mean(calls.map((m) => m.perSecond)), p99ms: Math.max(...calls.map((m) => m.p99ms)) };
    const baseline = mean(bare.map((m) => m.perSecond));
    const bareP99 = Math.max(...bare.map((m) => m.p99ms));
    const ratio = api.perSecond / baseline;
    console.log(
      table([
        ['measure', 'per second', 'p99 ms', 'target'],
        ['signed API rounds (bet + win), 8 clients', api.perSecond.toFixed(0), api.p99ms.toFixed(2), ''],
        ['wallet bet + win pairs, interleaved', baseline.toFixed(0), bareP99.toFixed(2), ''],
        ['ratio API rounds / wallet pairs', ratio.toFixed(2), '', '≥ 0.50'],
      ]),
    );
    return {
      seconds: SECONDS,
      apiRoundsPerSecond: Math.round(api.perSecond),
      apiRoundP99ms: Number(api.p99ms.toFixed(2)),
      walletPairsPerSecond: Math.round(baseline),
      ratio: Number(ratio.toFixed(2)),
    };
  });
}
