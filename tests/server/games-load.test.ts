// The load run: twenty players play real-money dice at once through the studio's calls,
// and one request in ten repeats a round id already sent (a retry after a timeout, half
// of them while the first request is still running). Every repeat is answered with its
// round; at the end the ledger sums to zero, every round is settled, and each player's
// balance is the deposit minus the stakes plus the wins.
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameRounds } from '../../src/server/db/schema/index.ts';
import { auditLedger, readBalance, walletOf } from '../../src/server/wallet/index.ts';
import type { StudioRound } from '../../src/shared/schemas/games.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { createPlayers, newKey, tokenFor } from '../helpers/wallet.ts';

const PLAYERS = 20;
const REQUESTS_EACH = 20;
const DEPOSIT = 5_000;
const SEED = 20_261_125;

let api: TestApi;
beforeAll(async () => {
  api = await testApi();
});
afterAll(() => api.close());

// mulberry32: the same run every time.
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Reply = { status: number; body: { status: number; round?: StudioRound; message?: string } };
interface Start {
  session: string;
  roundId: string;
  stake: number;
  choice: { target: number; direction: 'under' | 'over' };
}

describe('studio under load', () => {
  // Minutes, not seconds, when the cores are shared with the other suites.
  it('keeps the ledger at zero and settles every round while twenty players play dice and one request in ten is a repeat', { timeout: 600_000 }, async () => {
    const db = api.ctx.database.db;
    const random = seeded(SEED);
    // Every other player keeps their wallet in rupees: real play is in the player's currency.
    const ids = await createPlayers(db, PLAYERS, ['EUR', 'INR']);
    const players = await Promise.all(
      ids.map(async (id) => {
        await walletOf(api.ctx).deposit({ key: newKey('dep'), playerId: id, amount: DEPOSIT, provider: 'card' });
        const token = await tokenFor(api.ctx, id);
        const { body } = await api.json<{ gameURL: string }>('front/get_game_url', { game_code: 'lucky-dice', is_real: true, lang: 'en' }, { token });
        return { id, session: new URLSearchParams(body.gameURL.split('#')[1]).get('s') as string };
      }),
    );
    // Each player's plan is drawn before anything runs, so the run is the same whatever the timing.
    const plans = players.map((p) =>
      Array.from({ length: REQUESTS_EACH }, (_, i) => ({
        repeat: i > 0 && random() < 0.1 ? (random() < 0.5 ? 'alongside' : 'later') : null,
        pick: random(),
        start: {
          session: p.session,
          roundId: newKey('load').replace('-', '_'),
          stake: [0.1, 0.5, 1, 2, 5][Math.floor(random() * 5)] as number,
          choice: { target: 5 + Math.floor(random() * 90), direction: random() < 0.5 ? 'under' : 'over' },
        } satisfies Start,
      })),
    );

    const pairs: [Reply, Reply][] = [];
    const replies: Reply[] = [];
    await Promise.all(
      plans.map(async (plan) => {
        const sent: { start: Start; reply: Reply }[] = [];
        for (const step of plan) {
          const send = (start: Start) => api.json('studio/start', start) as Promise<Reply>;
          if (step.repeat === 'later') {
            const earlier = sent[Math.floor(step.pick * sent.length)] as { start: Start; reply: Reply };
            pairs.push([earlier.reply, await send(earlier.start)]);
            continue;
          }
          if (step.repeat === 'alongside') {
            // A retry while the first request is still on its way: both answer the same round.
            const [first, again] = await Promise.all([send(step.start), send(step.start)]);
            pairs.push([first, again]);
            sent.push({ start: step.start, reply: first });
            replies.push(first);
            continue;
          }
          const reply = await send(step.start);
          sent.push({ start: step.start, reply });
          replies.push(reply);
        }
      }),
    );

    expect(pairs.length).toBeGreaterThan((PLAYERS * REQUESTS_EACH) / 20);
    for (const r of [...replies, ...pairs.flat()]) {
      expect(r.status).toBe(200);
      if (r.body.status === 0) expect(r.body.message).toBe('insufficient_funds');
    }
    for (const [first, again] of pairs)
      expect(again.body).toMatchObject({ status: first.body.status, ...(first.body.round ? { round: first.body.round } : {}) });

    const audit = await auditLedger(db);
    expect(audit).toMatchObject({ total: 0, negativeAccounts: [], driftedAccounts: [], unbalancedOperations: [], mixedOperations: [] });
    expect(Object.values(audit.currencies).map((c) => c.total)).toEqual([0, 0]);
    const rounds = await db.select().from(gameRounds).where(inArray(gameRounds.playerId, ids));
    expect(rounds.filter((r) => ['new', 'open', 'done'].includes(r.status))).toEqual([]);
    expect(rounds.filter((r) => r.status === 'settled')).toHaveLength(replies.filter((r) => r.body.status === 1).length);
    for (const id of ids) {
      const mine = rounds.filter((r) => r.playerId === id && r.status === 'settled');
      const expected = mine.reduce((sum, r) => sum - r.stake + r.win, DEPOSIT);
      expect((await readBalance(db, id)).real, `player ${id}`).toBe(expected);
    }
  });
});
