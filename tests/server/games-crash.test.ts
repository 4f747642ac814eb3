// The multiplayer crash game: shared rounds on one schedule, bets while betting is open,
// cash-outs by the player or at their auto value (paid by the server, connected or not),
// crash points from a published hash chain (each crashed round checked by the /fairness
// page's code), money through the wallet under the round's keys, and one runner at a time
// elected by a lease that another process takes over.
import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/clock.ts';
import { rows } from '../../src/server/db/client.ts';
import { crashBets, crashChains, crashRounds } from '../../src/server/db/schema/index.ts';
import { CRASH_GAME, crashOf } from '../../src/server/games/crash.ts';
import { auditLedger, readBalance, walletOf } from '../../src/server/wallet/index.ts';
import { type CrashHistoryEntry, crashPointOf, multiplierAt, timeToReach } from '../../src/shared/crash.ts';
import { crashVerifyLink, readFragment, verifyCrashRound } from '../../src/shared/fairness-verify.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { createPlayers, newKey, tokenFor } from '../helpers/wallet.ts';
import { leaseRunsOut } from '../helpers/studio.ts';

const clock = manualClock(Date.parse('2026-03-01T12:00:00Z'));
const TIMING = { bettingMs: 5_000, pauseMs: 2_000, tickMs: 100, leaseMs: 1_000, chainLength: 3_000 };
let api: TestApi;

beforeAll(async () => {
  api = await testApi({}, { clock });
  crashOf(api.ctx, TIMING);
});
afterAll(() => api.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
type BetReply = { status: number; message?: string; balance?: number; bet: { amount: number; status: string; cashedAt: number | null; win: number } };

async function player(cents: number): Promise<{ id: number; session: string }> {
  const [id] = (await createPlayers(api.ctx.database.db, 1)) as [number];
  if (cents > 0) await walletOf(api.ctx).deposit({ key: newKey('dep'), playerId: id, amount: cents, provider: 'card' });
  const token = await tokenFor(api.ctx, id);
  const { body } = await api.json<{ gameURL: string }>('front/get_game_url', { game_code: 'eagle-crash', is_real: true, lang: 'en' }, { token });
  expect(body.gameURL).toMatch(/^\/play\/crash#s=/);
  return { id, session: new URLSearchParams(body.gameURL.split('#')[1]).get('s') as string };
}

const crash = () => crashOf(api.ctx);
async function latest() {
  const all = await api.ctx.database.db.select().from(crashRounds).orderBy(asc(crashRounds.id));
  return all[all.length - 1]!;
}
const cents = async (id: number) => {
  const b = await readBalance(api.ctx.database.db, id);
  return b.real + b.bonus;
};

/** Moves the schedule on until a round opens whose crash point is at least `min`. */
async function roundReaching(min: number) {
  for (let i = 0; i < 200; i++) {
    await crash().advance();
    const round = await latest();
    if (round.phase === 'betting' && round.crashPoint >= min) return round;
    clock.advance(round.phase === 'betting' ? TIMING.bettingMs : round.phase === 'running' ? 60_000 : TIMING.pauseMs);
  }
  throw new Error(`no round reached ${min}`);
}

describe('crash rounds', () => {
  it('pays a manual cash-out, an auto cash-out of a player who left, and settles the rider at the crash', async () => {
    const [a, b, c] = await Promise.all([player(10_000), player(10_000), player(10_000)]);
    const round = await roundReaching(150);
    const state = await api.json<{ round: { phase: string; seed: string | null; crashPoint: number | null }; houseEdge: number }>('studio/crash/state', {
      session: a.session,
    });
    expect(state.body.round).toMatchObject({ phase: 'betting', seed: null, crashPoint: null });
    expect(state.body.houseEdge).toBe(0.01);

    expect((await api.json<BetReply>('studio/crash/bet', { session: a.session, amount: 1 })).body.bet).toMatchObject({ status: 'placed', amount: 1 });
    // B sets 1.20 to cash out by itself, and is never heard from again.
    expect((await api.json<BetReply>('studio/crash/bet', { session: b.session, amount: 2, autoCashout: 1.2 })).body.status).toBe(1);
    expect((await api.json<BetReply>('studio/crash/bet', { session: c.session, amount: 1 })).body.status).toBe(1);
    const twice = await api.json<BetReply>('studio/crash/bet', { session: a.session, amount: 1 });
    expect([twice.status, twice.body.message]).toEqual([409, 'crash_already_bet']);
    expect(await cents(a.id)).toBe(9_900);

    // Betting closes and the flight starts; bets are refused from now on.
    clock.advance(TIMING.bettingMs);
    await crash().advance();
    const late = await api.json<BetReply>('studio/crash/bet', { session: (await player(1_000)).session, amount: 1 });
    expect([late.status, late.body.message]).toEqual([409, 'crash_betting_closed']);

    // At 1.30× the runner has paid B's auto cash-out at 1.20; A cashes out by hand at 1.30.
    clock.advance(timeToReach(130));
    await crash().advance();
    expect(await cents(b.id)).toBe(10_000 - 200 + 240);
    const out = await api.json<BetReply>('studio/crash/cashout', { session: a.session });
    expect(out.body.bet).toMatchObject({ status: 'cashed', cashedAt: 130, win: 1.3 });
    expect(await cents(a.id)).toBe(10_000 - 100 + 130);
    // A second cash-out changes nothing.
    expect((await api.json<BetReply>('studio/crash/cashout', { session: a.session })).body.bet).toMatchObject({ status: 'cashed', win: 1.3 });

    // The crash: C rode it and lost; the seed is shown and the next round follows the pause.
    clock.advance(timeToReach(round.crashPoint) - timeToReach(130));
    await crash().advance();
    const crashed = await latest();
    expect(crashed).toMatchObject({ id: round.id, phase: 'crashed', settled: true });
    const tooLate = await api.json<BetReply>('studio/crash/cashout', { session: c.session });
    expect(tooLate.body).toMatchObject({ bet: { status: 'lost', win: 0 } });
    expect(await cents(c.id)).toBe(9_900);
    const after = await api.json<{ round: { phase: string; seed: string; crashPoint: number } }>('studio/crash/state', { session: c.session });
    expect(after.body.round).toMatchObject({ phase: 'crashed', seed: round.seed, crashPoint: round.crashPoint });

    // After the pause the next round takes bets: the state's bet is on it (none yet), and a page
    // that bet on the round before asks for that one by its number and learns how it ended.
    clock.advance(TIMING.pauseMs);
    await crash().advance();
    type StateReply = { round: { round: number; phase: string }; bet: { round: number; status: string; win: number; cashedAt: number | null } | null };
    const next = await api.json<StateReply>('studio/crash/state', { session: b.session });
    expect(next.body.round).toMatchObject({ phase: 'betting' });
    expect(next.body.round.round).toBeGreaterThan(round.id);
    expect(next.body.bet).toBeNull();
    const ended = await api.json<StateReply>('studio/crash/state', { session: b.session, round: round.id });
    expect(ended.body.round.round).toBe(next.body.round.round);
    expect(ended.body.bet).toMatchObject({ round: round.id, status: 'cashed', cashedAt: 120, win: 2.4 });
    const none = await api.json<StateReply>('studio/crash/state', { session: (await player(1_000)).session, round: round.id });
    expect(none.body.bet).toBeNull();
    const bad = await api.json<{ status: number }>('studio/crash/state', { session: b.session, round: 'last' });
    expect(bad.status).toBe(400);

    // Every bet is one round on the bet list, and the ledger sums to zero.
    const token = await tokenFor(api.ctx, b.id);
    const list = await api.json<{ transactions: { rows: { name: string; bet: number; win: number; roundId: string }[] } }>(
      'front/get_bet_list',
      { filterPeriod: 0 },
      { token },
    );
    expect(list.body.transactions.rows[0]).toMatchObject({ name: 'Eagle Crash', bet: 2, win: 2.4, roundId: `crash-${round.id}` });
    const audit = await auditLedger(api.ctx.database.db);
    expect([audit.total, audit.negativeAccounts, audit.unbalancedOperations]).toEqual([0, [], []]);
  });

  it('moves money through the seamless module under the wallet keys crash always used, so a bet staked before the change settles after it', async () => {
    const [before, after] = await Promise.all([player(10_000), player(10_000)]);
    const round = await roundReaching(150);
    // A bet staked by the earlier code, straight to the wallet under crash:<round>:<player>:<bet>:bet.
    const [old] = await api.ctx.database.db
      .insert(crashBets)
      .values({ roundId: round.id, playerId: before.id, amount: 100, autoCashout: 120, status: 'placed' })
      .returning();
    const staked = await walletOf(api.ctx).bet({
      key: `crash:${round.id}:${before.id}:${old!.id}:bet`,
      playerId: before.id,
      amount: 100,
      gameId: CRASH_GAME.externalGameId,
      gameName: CRASH_GAME.name,
      roundId: `crash-${round.id}`,
      provider: CRASH_GAME.provider,
    });
    expect(staked.ok).toBe(true);
    // And one staked now, through CRASH_CALLER.
    expect((await api.json<BetReply>('studio/crash/bet', { session: after.session, amount: 1, autoCashout: 1.2 })).body.status).toBe(1);
    clock.advance(TIMING.bettingMs);
    await crash().advance();
    clock.advance(timeToReach(round.crashPoint));
    await crash().advance();
    await crash().advance();
    expect(await latest()).toMatchObject({ id: round.id, phase: 'crashed', settled: true });
    // Both won 1.20× once, each under its own round's keys.
    expect([await cents(before.id), await cents(after.id)]).toEqual([10_020, 10_020]);
    const bets = await api.ctx.database.db.select().from(crashBets).where(eq(crashBets.roundId, round.id));
    const keys = await rows<{ bet_key: string; round_id: string; win: string; state: string }>(
      api.ctx.database.db,
      sql`select bet_key, round_id, win, state from player_bets where round_id = ${`crash-${round.id}`} order by bet_key`,
    );
    expect(keys).toEqual(
      bets
        .map((b) => ({ bet_key: `crash:${round.id}:${b.playerId}:${b.id}:bet`, round_id: `crash-${round.id}`, win: expect.anything(), state: 'settled' }))
        .sort((x, y) => x.bet_key.localeCompare(y.bet_key)),
    );
    expect(keys.map((k) => Number(k.win))).toEqual([120, 120]);
    const audit = await auditLedger(api.ctx.database.db);
    expect([audit.total, audit.negativeAccounts, audit.unbalancedOperations]).toEqual([0, [], []]);
  });

  it('refuses what it must with a message, and moves nothing', async () => {
    const poor = await player(50);
    await roundReaching(100);
    const broke = await api.json<BetReply>('studio/crash/bet', { session: poor.session, amount: 1 });
    expect([broke.status, broke.body.message, broke.body.balance]).toEqual([200, 'insufficient_funds', 0.5]);
    for (const [body, message] of [
      [{ amount: 1, autoCashout: 1 }, 'crash_auto_out_of_range'],
      [{ amount: 1, autoCashout: 1.005 }, 'crash_auto_out_of_range'],
      [{ amount: 0.001 }, 'invalid_value'],
    ] as const) {
      const { status, body: reply } = await api.json<BetReply>('studio/crash/bet', { session: poor.session, ...body });
      expect(status).toBe(400);
      expect(JSON.stringify(reply)).toContain(message);
    }
    expect(await cents(poor.id)).toBe(50);
    // Free play watches the shared rounds but cannot bet in them.
    const { body } = await api.json<{ gameURL: string }>('front/get_game_url', { game_code: 'eagle-crash', is_real: false, lang: 'en' });
    const fun = new URLSearchParams(body.gameURL.split('#')[1]).get('s') as string;
    expect((await api.json('studio/crash/state', { session: fun })).status).toBe(200);
    const refused = await api.json<BetReply>('studio/crash/bet', { session: fun, amount: 1 });
    expect([refused.status, refused.body.message]).toEqual([400, 'crash_real_only']);
    // A demo link opens a watching session of its own.
    const demo = await api.json<{ status: number; session: string }>('studio/session', { demo: 'eagle-crash', lang: 'en' });
    expect(demo.body.status).toBe(1);
    expect((await api.json<{ mode: string }>('studio/crash/state', { session: demo.body.session })).body.mode).toBe('fun');
  });

  it('refuses a bet one cent over a wager or loss limit with the limit, and takes one exactly at it', async () => {
    type LimitReply = BetReply & { limit?: { kind: string; amount: number; currency: string; resets_at: string | null } };
    for (const [kind, limit] of [
      ['wager_day', '1.00'],
      ['loss_day', '2.00'],
    ] as const) {
      const p = await player(10_000);
      const token = await tokenFor(api.ctx, p.id);
      expect((await api.json<{ status: number }>('front/set_player_limit', { kind, amount: limit }, { token })).body.status).toBe(1);
      await roundReaching(100);
      const over = await api.json<LimitReply>('studio/crash/bet', { session: p.session, amount: Number(limit) + 0.01 });
      expect(over.status).toBe(200);
      expect(over.body).toMatchObject({ status: 0, message: 'limit_reached', balance: 100, limit: { kind, amount: Number(limit), currency: 'EUR' } });
      expect(await cents(p.id)).toBe(10_000);
      // The refused bet left no bet on the round: the same player bets exactly the limit.
      const at = await api.json<BetReply>('studio/crash/bet', { session: p.session, amount: Number(limit) });
      expect(at.body).toMatchObject({ status: 1, bet: { status: 'placed', amount: Number(limit) } });
      expect(await cents(p.id)).toBe(10_000 - Number(limit) * 100);
    }
  });

  it('draws crash points from a hash chain whose end was published first', async () => {
    // Each step moves one phase: betting, flying, crashed, the next round.
    for (let i = 0; i < 20; i++) {
      clock.advance(120_000);
      await crash().advance();
    }
    const { db } = api.ctx.database;
    const [chain] = await db.select().from(crashChains).orderBy(asc(crashChains.id));
    const rounds = await db.select().from(crashRounds).where(eq(crashRounds.chainId, chain!.id)).orderBy(asc(crashRounds.number));
    expect(rounds.length).toBeGreaterThan(5);
    expect(sha256(rounds[0]!.seed)).toBe(chain!.chainEnd);
    expect(rounds[0]!.number).toBe(1);
    for (let i = 1; i < rounds.length; i++) {
      expect(rounds[i]!.number).toBe(rounds[i - 1]!.number + 1);
      expect(sha256(rounds[i]!.seed)).toBe(rounds[i - 1]!.seed);
    }
    for (const r of rounds) expect(r.crashPoint).toBe(crashPointOf(r.seed));
  });

  it('links every crashed round of the game’s history to /fairness, where the page’s own code checks it against the published chain', async () => {
    const watcher = await player(0);
    const { body } = await api.json<{ round: { chainEnd: string }; history: CrashHistoryEntry[] }>('studio/crash/state', { session: watcher.session });
    expect(body.history.length).toBeGreaterThan(5);
    for (const entry of body.history) {
      const href = crashVerifyLink('de', entry);
      expect(href).toMatch(/^\/de\/fairness#engine=crash&/);
      const link = readFragment(href.split('#')[1] as string);
      if (link?.kind !== 'crash') throw new Error(`no crash round in ${href}`);
      expect(link.round).toEqual({ seed: entry.seed, number: entry.number, chainEnd: entry.chainEnd, crashPoint: entry.crashPoint });
      expect(await verifyCrashRound(link.round)).toMatchObject({ verified: true, crashPoint: entry.crashPoint, chainEnd: entry.chainEnd });
    }
    // Another round's seed does not lead to the end in this round's number of steps; a stated point the seed does not give is named.
    const [a, b] = body.history as [CrashHistoryEntry, CrashHistoryEntry];
    expect(await verifyCrashRound({ ...a, seed: b.seed })).toMatchObject({ verified: false, chainDiffers: true });
    expect(await verifyCrashRound({ ...a, crashPoint: a.crashPoint + 1 })).toMatchObject({ verified: false, chainDiffers: false, pointDiffers: true });
  });

  it('runs the schedule in one process at a time, and another takes over when its lease runs out', async () => {
    expect(await crash().lease('process-a')).toBe(true);
    expect(await crash().lease('process-b')).toBe(false);
    await leaseRunsOut(TIMING.leaseMs / 2);
    expect(await crash().lease('process-b')).toBe(false);
    expect(await crash().lease('process-a')).toBe(true);
    // A stops renewing: within the lease B takes the schedule.
    await leaseRunsOut(TIMING.leaseMs + 100);
    expect(await crash().lease('process-b')).toBe(true);
    expect(await crash().lease('process-a')).toBe(false);
    // Two runners stepping at once open one round, not two.
    for (let i = 0; i < 5 && (await latest()).phase !== 'crashed'; i++) {
      clock.advance(120_000);
      await crash().advance();
    }
    expect((await latest()).phase).toBe('crashed');
    clock.advance(TIMING.pauseMs);
    const before = (await latest()).id;
    await Promise.all([crash().advance(), crash().advance(), crash().advance()]);
    const rounds = await api.ctx.database.db.select().from(crashRounds).orderBy(asc(crashRounds.id));
    expect(rounds.filter((r) => r.id > before)).toHaveLength(1);
  });
});

describe('crash arithmetic', () => {
  it('gives every cash-out target a 99 % return: P(point ≥ m) = 0.99 / m, exactly at the boundaries', () => {
    const seedFor = (x: bigint) => x.toString(16).padStart(13, '0') + '0'.repeat(51);
    const two52 = 2n ** 52n;
    expect(crashPointOf(seedFor(0n))).toBe(100);
    // The least X reaching 2.00×: 2^52 − X ≤ 99 · 2^52 / 200.
    const x200 = two52 - (99n * two52) / 200n;
    expect(crashPointOf(seedFor(x200))).toBeGreaterThanOrEqual(200);
    expect(crashPointOf(seedFor(x200 - 1n))).toBeLessThan(200);
    expect(Number(two52 - x200) / Number(two52)).toBeCloseTo(0.495, 12);
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(timeToReach(200))).toBe(200);
    expect(multiplierAt(timeToReach(200) - 1)).toBe(199);
  });
});
