// The live tables: shared rounds on a timer (betting, no more bets, result, payouts) for
// live roulette and live baccarat, bets through the wallet under the round's keys, the
// outcome drawn from a server seed committed when the round opens and revealed with the
// result (every past round checked by the /fairness page's code), and one runner per table
// elected by a lease that another process takes over.
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/clock.ts';
import { liveBets, liveRounds } from '../../src/server/db/schema/index.ts';
import { checkLiveChoice, liveOf, liveOutcomeOf, liveWin } from '../../src/server/games/live.ts';
import { auditLedger, readBalance, walletOf } from '../../src/server/wallet/index.ts';
import { liveVerifyLink, readFragment, verifyRound } from '../../src/shared/fairness-verify.ts';
import { LIVE_FAIR_GAME, type LiveHistoryEntry, type LiveTableId } from '../../src/shared/live.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { createPlayers, newKey, tokenFor } from '../helpers/wallet.ts';
import { leaseRunsOut } from '../helpers/studio.ts';

const clock = manualClock(Date.parse('2026-03-01T12:00:00Z'));
const TIMING = { bettingMs: 10_000, closedMs: 3_000, resultMs: 4_000, tickMs: 100, leaseMs: 1_000 };
let api: TestApi;

beforeAll(async () => {
  api = await testApi({}, { clock });
  liveOf(api.ctx, TIMING);
});
afterAll(() => api.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const live = () => liveOf(api.ctx);
type BetReply = { status: number; message?: string; balance?: number; limit?: { kind: string }; bet: { amount: number; status: string; win: number } };
type StateReply = {
  status: number;
  mode: string;
  rtp: number;
  round: { round: number; phase: string; seed: string | null; seedHash: string; outcome: unknown } | null;
  bet: { status: string; win: number } | null;
  history: { round: number; seed: string }[];
};

async function player(table: LiveTableId, cents: number): Promise<{ id: number; session: string; token: string }> {
  const [id] = (await createPlayers(api.ctx.database.db, 1)) as [number];
  if (cents > 0) await walletOf(api.ctx).deposit({ key: newKey('dep'), playerId: id, amount: cents, provider: 'card' });
  const token = await tokenFor(api.ctx, id);
  const { body } = await api.json<{ gameURL: string }>('front/get_game_url', { game_code: table, is_real: true, lang: 'en' }, { token });
  expect(body.gameURL).toMatch(new RegExp(`^/play/${table}#s=`));
  return { id, token, session: new URLSearchParams(body.gameURL.split('#')[1]).get('s') as string };
}

async function latest(table: LiveTableId) {
  const all = await api.ctx.database.db.select().from(liveRounds).where(eq(liveRounds.tableId, table)).orderBy(asc(liveRounds.number));
  return all[all.length - 1]!;
}
const cents = async (id: number) => {
  const b = await readBalance(api.ctx.database.db, id);
  return b.real + b.bonus;
};

/** Moves a table's schedule on until a round is taking bets. */
async function openRound(table: LiveTableId) {
  for (let i = 0; i < 10; i++) {
    await live().advance(table);
    const round = await latest(table);
    if (round.phase === 'betting' && clock.now() < round.bettingEndsAt.getTime()) return round;
    clock.advance(round.phase === 'betting' ? TIMING.bettingMs : round.phase === 'closed' ? TIMING.closedMs : TIMING.resultMs);
  }
  throw new Error('no round opened');
}

/** Closes betting, shows the result and pays it. */
async function playOut(table: LiveTableId) {
  clock.advance(TIMING.bettingMs);
  await live().advance(table);
  clock.advance(TIMING.closedMs);
  await live().advance(table);
  return latest(table);
}

const bet = (session: string, choice: unknown) => api.json<BetReply>('studio/live/bet', { session, choice });

describe('live roulette', () => {
  it('takes every player’s chips while betting is open, shows the result with its seed, and pays each layout', async () => {
    const [a, b] = await Promise.all([player('live-roulette', 10_000), player('live-roulette', 10_000)]);
    const round = await openRound('live-roulette');
    const state = await api.json<StateReply>('studio/live/state', { session: a.session });
    expect(state.body).toMatchObject({ status: 1, mode: 'real', rtp: 36 / 37, round: { round: round.id, phase: 'betting', seed: null, outcome: null } });
    expect(state.body.round?.seedHash).toBe(sha256(round.seed));

    // A covers red and 17 straight; B covers black and the first dozen.
    const aBets = {
      bets: [
        { kind: 'red', amount: 100 },
        { kind: 'straight', value: 17, amount: 50 },
      ],
    };
    const bBets = {
      bets: [
        { kind: 'black', amount: 200 },
        { kind: 'dozen', value: 1, amount: 100 },
      ],
    };
    expect((await bet(a.session, aBets)).body).toMatchObject({ status: 1, bet: { amount: 1.5, status: 'placed' }, balance: 98.5 });
    expect((await bet(b.session, bBets)).body.status).toBe(1);
    const twice = await bet(a.session, aBets);
    expect([twice.status, twice.body.message]).toEqual([409, 'live_already_bet']);
    expect(await cents(a.id)).toBe(9_850);

    // No more bets: a late bet is refused and changes nothing.
    clock.advance(TIMING.bettingMs);
    await live().advance('live-roulette');
    expect((await latest('live-roulette')).phase).toBe('closed');
    const late = await player('live-roulette', 1_000);
    const refused = await bet(late.session, { bets: [{ kind: 'red', amount: 100 }] });
    expect([refused.status, refused.body.message]).toEqual([409, 'live_betting_closed']);
    expect(await cents(late.id)).toBe(1_000);
    const closed = await api.json<StateReply>('studio/live/state', { session: a.session });
    expect(closed.body.round).toMatchObject({ phase: 'closed', seed: null, outcome: null });

    // The result: the number the committed seed draws, every layout paid what it won.
    clock.advance(TIMING.closedMs);
    await live().advance('live-roulette');
    const shown = await latest('live-roulette');
    const outcome = liveOutcomeOf('live-roulette', round.seed, round.number) as { number: number };
    expect(shown).toMatchObject({ phase: 'settled', paid: true, outcome });
    const aWin = liveWin(aBets as never, outcome);
    const bWin = liveWin(bBets as never, outcome);
    expect(await cents(a.id)).toBe(10_000 - 150 + aWin);
    expect(await cents(b.id)).toBe(10_000 - 300 + bWin);
    const after = await api.json<StateReply>('studio/live/state', { session: b.session });
    expect(after.body.round).toMatchObject({ phase: 'result', seed: round.seed, outcome });
    expect(after.body.bet).toMatchObject({ status: 'settled', win: bWin / 100 });
    expect(after.body.history[0]).toMatchObject({ round: round.id, seed: round.seed });

    // Each player's bets are one round on the bet list; the ledger sums to zero.
    const list = await api.json<{ transactions: { rows: { name: string; bet: number; win: number; roundId: string }[] } }>(
      'front/get_bet_list',
      { filterPeriod: 0 },
      { token: b.token },
    );
    expect(list.body.transactions.rows[0]).toMatchObject({ name: 'Live Roulette', bet: 3, win: bWin / 100, roundId: `live-${round.id}` });
    // Paying the round again (a second runner, a restart) pays nothing more.
    await live().pay(shown);
    expect(await cents(a.id)).toBe(10_000 - 150 + aWin);
    const audit = await auditLedger(api.ctx.database.db);
    expect([audit.total, audit.negativeAccounts, audit.unbalancedOperations]).toEqual([0, [], []]);
  });

  it('refuses what it must with a message, and moves nothing', async () => {
    const poor = await player('live-roulette', 50);
    await openRound('live-roulette');
    const broke = await bet(poor.session, { bets: [{ kind: 'red', amount: 100 }] });
    expect([broke.status, broke.body.message, broke.body.balance]).toEqual([200, 'insufficient_funds', 0.5]);
    for (const [choice, message] of [
      [{ bets: [] }, 'roulette_no_bets'],
      [{ bets: [{ kind: 'straight', value: 37, amount: 100 }] }, 'invalid_choice'],
      [{ bets: [{ kind: 'red', amount: 5 }] }, 'spot_below_min'],
      [{ bet: 'player', amount: 100 }, 'invalid_choice'],
    ] as const) {
      const { status, body } = await bet(poor.session, choice);
      expect([status, body.message]).toEqual([400, message]);
    }
    const bad = await api.json<BetReply>('studio/live/bet', { session: poor.session, choice: 'red' });
    expect(bad.status).toBe(400);
    expect(await cents(poor.id)).toBe(50);
    // The refused bets left no row: once the player can pay, they bet in this round after all.
    expect(await api.ctx.database.db.select().from(liveBets).where(eq(liveBets.playerId, poor.id))).toHaveLength(0);
    await walletOf(api.ctx).deposit({ key: newKey('dep'), playerId: poor.id, amount: 50, provider: 'card' });
    expect((await bet(poor.session, { bets: [{ kind: 'red', amount: 100 }] })).body).toMatchObject({ status: 1, balance: 0 });
    // Free play watches the table but cannot bet.
    const demo = await api.json<{ status: number; session: string }>('studio/session', { demo: 'live-roulette', lang: 'en' });
    expect(demo.body.status).toBe(1);
    expect((await api.json<StateReply>('studio/live/state', { session: demo.body.session })).body.mode).toBe('fun');
    const fun = await bet(demo.body.session, { bets: [{ kind: 'red', amount: 100 }] });
    expect([fun.status, fun.body.message]).toEqual([400, 'live_real_only']);
    // A crash session is not a table's.
    const crash = await api.json<{ status: number; session: string }>('studio/session', { demo: 'eagle-crash', lang: 'en' });
    expect((await api.json('studio/live/state', { session: crash.body.session })).status).toBe(404);
  });

  it('takes one bet when the same player races to bet twice, and charges it once', async () => {
    const p = await player('live-roulette', 10_000);
    await openRound('live-roulette');
    const replies = await Promise.all(Array.from({ length: 6 }, () => bet(p.session, { bets: [{ kind: 'odd', amount: 100 }] })));
    expect(replies.filter((r) => r.body.status === 1)).toHaveLength(1);
    expect(replies.filter((r) => r.body.status !== 1).every((r) => r.body.message === 'live_already_bet')).toBe(true);
    expect(await cents(p.id)).toBe(9_900);
    await playOut('live-roulette');
    const audit = await auditLedger(api.ctx.database.db);
    expect([audit.total, audit.unbalancedOperations]).toEqual([0, []]);
  });
});

describe('live baccarat', () => {
  it('pays player, banker and tie bets by the tableau of the revealed seed', async () => {
    const [p, k, t] = await Promise.all([player('live-baccarat', 10_000), player('live-baccarat', 10_000), player('live-baccarat', 10_000)]);
    const round = await openRound('live-baccarat');
    expect((await bet(p.session, { bet: 'player', amount: 1_000 })).body.status).toBe(1);
    expect((await bet(k.session, { bet: 'banker', amount: 1_000 })).body.status).toBe(1);
    expect((await bet(t.session, { bet: 'tie', amount: 100 })).body.status).toBe(1);
    const wrong = await bet(p.session, { bets: [{ kind: 'red', amount: 100 }] });
    expect(wrong.status).toBe(400);
    const shown = await playOut('live-baccarat');
    const outcome = liveOutcomeOf('live-baccarat', round.seed, round.number) as { winner: string; playerTotal: number; bankerTotal: number };
    expect(shown.outcome).toEqual(outcome);
    const expected = {
      player: outcome.winner === 'player' ? 2_000 : outcome.winner === 'tie' ? 1_000 : 0,
      banker: outcome.winner === 'banker' ? 1_950 : outcome.winner === 'tie' ? 1_000 : 0,
      tie: outcome.winner === 'tie' ? 900 : 0,
    };
    expect(await cents(p.id)).toBe(9_000 + expected.player);
    expect(await cents(k.id)).toBe(9_000 + expected.banker);
    expect(await cents(t.id)).toBe(9_900 + expected.tie);
    const audit = await auditLedger(api.ctx.database.db);
    expect([audit.total, audit.unbalancedOperations]).toEqual([0, []]);
  });

  it('settles every deal of the fair mapping by the baccarat rules: a banker win pays 0.95 to 1', () => {
    for (let n = 1; n <= 200; n++) {
      const seed = sha256(`seed-${n}`);
      const outcome = liveOutcomeOf('live-baccarat', seed, n);
      if (!('cards' in outcome)) throw new Error('no cards');
      expect(outcome.winner).toBe(outcome.playerTotal > outcome.bankerTotal ? 'player' : outcome.bankerTotal > outcome.playerTotal ? 'banker' : 'tie');
      const { choice } = checkLiveChoice('live-baccarat', { bet: 'banker', amount: 1_000 });
      expect(liveWin(choice, outcome)).toBe(outcome.winner === 'banker' ? 1_950 : outcome.winner === 'tie' ? 1_000 : 0);
    }
  });
});

describe('live schedule', () => {
  it('commits each round’s seed when it opens and reveals it with the result; the numbers follow one another', async () => {
    for (let i = 0; i < 3; i++) {
      await openRound('live-roulette');
      await playOut('live-roulette');
    }
    const rounds = await api.ctx.database.db.select().from(liveRounds).where(eq(liveRounds.tableId, 'live-roulette')).orderBy(asc(liveRounds.number));
    rounds.forEach((r, i) => {
      expect(r.number).toBe(i + 1);
      expect(sha256(r.seed)).toBe(r.seedHash);
      if (r.phase === 'settled') expect(r.outcome).toEqual(liveOutcomeOf('live-roulette', r.seed, r.number));
    });
    expect(new Set(rounds.map((r) => r.seed)).size).toBe(rounds.length);
  });

  it('links every past round of both tables to /fairness, where the page’s own code recomputes it from its revealed seed', async () => {
    for (const table of ['live-roulette', 'live-baccarat'] as const) {
      for (let i = 0; i < 3; i++) {
        await openRound(table);
        await playOut(table);
      }
      const watcher = await player(table, 0);
      const { body } = await api.json<StateReply & { history: LiveHistoryEntry[] }>('studio/live/state', { session: watcher.session });
      expect(body.history.length).toBeGreaterThanOrEqual(3);
      for (const entry of body.history) {
        const link = readFragment(liveVerifyLink('fr', table, entry).split('#')[1] as string);
        if (link?.kind !== 'seeds') throw new Error(`${table}: no seeded round`);
        expect(link.round).toMatchObject({ engine: LIVE_FAIR_GAME[table], clientSeed: table, nonce: entry.number });
        expect(await verifyRound(link.round), `${table} round ${entry.number}`).toMatchObject({ verified: true });
      }
    }
  });

  it('runs each table in one process at a time; another takes over when the lease runs out and finishes the round', async () => {
    expect(await live().lease('live-roulette', 'process-a')).toBe(true);
    expect(await live().lease('live-roulette', 'process-b')).toBe(false);
    // Each table has a lease of its own.
    expect(await live().lease('live-baccarat', 'process-b')).toBe(true);
    await leaseRunsOut(TIMING.leaseMs / 2);
    expect(await live().lease('live-roulette', 'process-b')).toBe(false);
    expect(await live().lease('live-roulette', 'process-a')).toBe(true);

    // A takes a bet, closes betting and dies before the result; B takes over and pays it.
    const p = await player('live-roulette', 10_000);
    const round = await openRound('live-roulette');
    expect(
      (
        await bet(p.session, {
          bets: [
            { kind: 'low', amount: 100 },
            { kind: 'high', amount: 100 },
          ],
        })
      ).body.status,
    ).toBe(1);
    clock.advance(TIMING.bettingMs);
    await live().advance('live-roulette');
    await leaseRunsOut(TIMING.leaseMs + 100);
    expect(await live().lease('live-roulette', 'process-b')).toBe(true);
    expect(await live().lease('live-roulette', 'process-a')).toBe(false);
    clock.advance(TIMING.closedMs);
    // Two runners stepping at once (B, and A not yet aware it lost the lease) show one result and pay once.
    await Promise.all([live().advance('live-roulette'), live().advance('live-roulette'), live().advance('live-roulette')]);
    const outcome = liveOutcomeOf('live-roulette', round.seed, round.number) as { number: number };
    const won = outcome.number === 0 ? 0 : 200;
    expect(await cents(p.id)).toBe(10_000 - 200 + won);
    clock.advance(TIMING.resultMs);
    const before = (await latest('live-roulette')).number;
    await Promise.all([live().advance('live-roulette'), live().advance('live-roulette'), live().advance('live-roulette')]);
    const rounds = await api.ctx.database.db.select().from(liveRounds).where(eq(liveRounds.tableId, 'live-roulette'));
    expect(rounds.filter((r) => r.number > before)).toHaveLength(1);
  });
});
