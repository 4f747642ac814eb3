// The progressive jackpot through the studio and the wallet: every real stake of a
// jackpot game grows its pool by exactly its share (floored to the cent), free play adds
// nothing, and when several players' rounds win the pool at once one of them takes it and
// it reseeds; the others are paid what it grew back to. Each round's draw is made to win by
// giving the player a seed pair whose next nonce draws below the stake.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fairSeeds, jackpotPools, jackpotWins } from '../../src/server/db/schema/index.ts';
import { slotRtp, SLOT_VARIANTS } from '../../src/server/games/engines/slot.ts';
import { roundRng } from '../../src/server/games/fairness.ts';
import { JACKPOT_POOLS, jackpotRtp } from '../../src/server/games/jackpot.ts';
import { auditLedger, readBalance } from '../../src/server/wallet/index.ts';
import type { StudioRound, StudioSessionReply } from '../../src/shared/schemas/games.ts';
import { featureDraws, jackpotHit } from '../../src/shared/slot-models.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { launchGame, newRoundId } from '../helpers/studio.ts';
import { fundedPlayer } from '../helpers/wallet.ts';

let api: TestApi;
const db = () => api.ctx.database.db;

beforeAll(async () => {
  api = await testApi();
});
afterAll(() => api.close());

type RoundBody = { status: number; round: StudioRound; balance: number; message?: string };
const GAME = 'mega-eagle-millions';
const POOL = 'eagle-mega';

async function pool() {
  const [row] = await db()
    .select()
    .from(jackpotPools)
    .where(and(eq(jackpotPools.slug, POOL), eq(jackpotPools.currency, 'EUR')));
  return row!;
}

/** Gives a player a seed pair whose next round's jackpot draw wins at `stake` cents. */
async function winningSeeds(playerId: number, stake: number): Promise<number> {
  const serverSeed = createHash('sha256').update(`jackpot-${playerId}`).digest('hex');
  const clientSeed = `winner${playerId}`;
  let nonce = 0;
  while (!jackpotHit(featureDraws(roundRng({ serverSeed, clientSeed, nonce }), 'classic-jackpot').jackpot as number, stake)) nonce++;
  await db()
    .insert(fairSeeds)
    .values({ playerId, serverSeed, serverSeedHash: createHash('sha256').update(serverSeed).digest('hex'), clientSeed, nextNonce: nonce });
  return nonce;
}

describe('progressive jackpot', () => {
  it("states the reels' RTP plus the pool's long-run share before play", async () => {
    const session = await launchGame(api, GAME);
    const { body } = await api.json<StudioSessionReply>('studio/session', { session });
    const def = JACKPOT_POOLS.find((p) => p.slug === POOL)!;
    expect(jackpotRtp(def)).toBeCloseTo(0.01 + 100_000 / 50_000_000, 12);
    expect(body.game.rtp).toBeCloseTo(slotRtp(SLOT_VARIANTS.classic) + jackpotRtp(def), 12);
    expect(body.game.rtp.toFixed(4)).toBe('0.9715');
  });

  it('grows the pool by exactly the floored share of every real stake, and not by free play', async () => {
    const before = await pool();
    const p = await fundedPlayer(api, 100_000);
    const session = await launchGame(api, GAME, p.token);
    const stakes = [12.34, 0.99, 5, 100];
    for (const stake of stakes) {
      const { body } = await api.json<RoundBody>('studio/start', { session, roundId: newRoundId(), stake, choice: {} });
      expect(body.status).toBe(1);
    }
    const share = stakes.reduce((sum, stake) => sum + Math.floor((Math.round(stake * 100) * 100) / 10_000), 0);
    expect(share).toBe(12 + 0 + 5 + 100);
    const after = await pool();
    expect(after.amount - before.amount).toBe(share);
    expect(after.contributed - before.contributed).toBe(share);

    const fun = await launchGame(api, GAME);
    for (let i = 0; i < 3; i++) await api.json<RoundBody>('studio/start', { session: fun, roundId: newRoundId(), stake: 10, choice: {} });
    expect((await pool()).amount).toBe(after.amount);
  });

  it('pays the pool to one of several winners at once, reseeds it, and pays the others what it grew back to', async () => {
    // A pool grown large, so who took it is plain.
    await db()
      .update(jackpotPools)
      .set({ amount: 500_000 })
      .where(eq(jackpotPools.id, (await pool()).id));
    const start = await pool();
    const stake = 10_000;
    const share = 100;
    const winners = 5;
    const players = await Promise.all(Array.from({ length: winners }, () => fundedPlayer(api, 1_000_000)));
    for (const p of players) await winningSeeds(p.id, stake);
    const sessions = await Promise.all(players.map((p) => launchGame(api, GAME, p.token)));
    const ids = players.map(() => newRoundId());
    const replies = await Promise.all(
      sessions.map((session, i) => api.json<RoundBody>('studio/start', { session, roundId: ids[i], stake: stake / 100, choice: {} })),
    );
    for (const r of replies) expect(r.body.status).toBe(1);

    const won = await db().select().from(jackpotWins).where(eq(jackpotWins.poolId, start.id));
    expect(won).toHaveLength(winners);
    const amounts = won.map((w) => w.amount).sort((x, y) => y - x);
    // One took the grown pool (with at least its own contribution); every other one a reseeded pool: the seed and at most every contribution.
    expect(amounts[0]).toBeGreaterThanOrEqual(500_000 + share);
    for (const amount of amounts.slice(1)) {
      expect(amount).toBeGreaterThanOrEqual(100_000);
      expect(amount).toBeLessThanOrEqual(100_000 + winners * share);
    }
    const after = await pool();
    // The pool's account: what it held, plus contributions, minus wins, plus a seed per restart.
    const paid = amounts.reduce((sum, amount) => sum + amount, 0);
    expect(after.amount).toBe(start.amount + winners * share - paid + winners * 100_000);
    expect(after.wins).toBe(start.wins + winners);

    // Each player sees the jackpot in the round and in the balance: deposit − stake + line win + jackpot.
    for (const [i, p] of players.entries()) {
      const view = replies[i]!.body.round.view as { jackpotWon?: number };
      const mine = won.find((w) => w.playerId === p.id)!;
      expect(view.jackpotWon).toBe(mine.amount / 100);
      const balance = await readBalance(db(), p.id);
      expect(balance.real + balance.bonus).toBe(1_000_000 - stake + Math.round(replies[i]!.body.round.win * 100) + mine.amount);
      expect(replies[i]!.body.balance).toBe((balance.real + balance.bonus) / 100);
    }

    // A repeat of a round pays nothing more.
    const again = await api.json<RoundBody>('studio/start', { session: sessions[0], roundId: ids[0], stake: stake / 100, choice: {} });
    expect(again.body.round).toEqual(replies[0]!.body.round);
    expect(await db().select().from(jackpotWins).where(eq(jackpotWins.poolId, start.id))).toHaveLength(winners);
    expect(await auditLedger(db())).toMatchObject({ total: 0, negativeAccounts: [], driftedAccounts: [], unbalancedOperations: [] });
  });

  it('keeps the pool when the wallet refuses the stake', async () => {
    const before = await pool();
    const p = await fundedPlayer(api, 50);
    const session = await launchGame(api, GAME, p.token);
    const { body } = await api.json<RoundBody>('studio/start', { session, roundId: newRoundId(), stake: 10, choice: {} });
    expect(body.status).toBe(0);
    expect(body.message).toBe('insufficient_funds');
    expect((await pool()).amount).toBe(before.amount);
  });
});
