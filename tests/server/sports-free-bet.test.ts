// The SPORTS20 free bet: granted by the wallet with a first deposit of €50 or more under
// the promotion's terms, spent on one single or accumulator at odds of 1.50 or more. A
// win pays the return less the stake, a loss takes nothing of the player's, a void gives
// the free bet back; two slips spending it at once get it once; the ledger balances.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/clock.ts';
import type { FeedMessage } from '../../src/server/sports/feed/types.ts';
import { ingest } from '../../src/server/sports/ingest.ts';
import { auditLedger, balancedPerCurrency, readBalance, walletOf } from '../../src/server/wallet/index.ts';
import type { FreeBetsReply, PlaceSportBetsReply, SportBetsReply } from '../../src/shared/sports.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { matchResult, selectionOf } from '../helpers/sports.ts';
import { createPlayers, newKey, tokenFor } from '../helpers/wallet.ts';

const clock = manualClock(Date.UTC(2031, 2, 3, 9, 0));
let api: TestApi;
let sports20: number;

beforeAll(async () => {
  api = await testApi({}, { clock });
  const rows = await api.ctx.database.db.execute<{ id: number }>(sql`select id from promotions where promo_code = 'SPORTS20'`);
  const list = Array.isArray(rows) ? rows : (rows as unknown as { rows: { id: number }[] }).rows;
  sports20 = Number(list[0]?.id);
});
afterAll(() => api.close());

/** A player who deposited `cents` with the code SPORTS20. */
async function depositor(cents: number, withCode = true): Promise<{ id: number; token: string; bonus: unknown }> {
  const [id] = (await createPlayers(api.ctx.database.db, 1)) as [number];
  let bonus: unknown;
  await walletOf(api.ctx).deposit({
    key: newKey('dep'),
    playerId: id,
    amount: cents,
    provider: 'card',
    ...(withCode ? { bonus: { promotionId: sports20, onBonus: (o) => (bonus = o) } } : {}),
  });
  return { id, token: await tokenFor(api.ctx, id), bonus };
}

let eventSeq = 0;
async function fixture(home = 200): Promise<string> {
  const id = `free:${++eventSeq}:${newKey('ev')}`;
  await ingest(api.ctx, [
    {
      type: 'fixture',
      fixture: {
        id,
        sport: 'football',
        competition: { id: 'free-league', name: 'Free League', region: 'GB', top: false },
        kind: 'match',
        home: `Home ${eventSeq}`,
        away: `Away ${eventSeq}`,
        startsAt: clock.now() + 3_600_000,
        markets: [matchResult(home)],
      },
    },
  ]);
  return id;
}

const selection = (externalId: string, code: string) => selectionOf(api.ctx.database.db, externalId, code);

const place = (token: string, body: object) => api.json<PlaceSportBetsReply>('front/place_sport_bets', body, { token });
const freeBets = async (token: string) => (await api.json<FreeBetsReply>('front/get_free_bets', {}, { token })).body.free_bets;
const slip = () => newKey('slip').replace('-', '_');
const result = (eventId: string, home: number, away: number, version = 1): FeedMessage => ({ type: 'result', eventId, outcome: { home, away }, version });
const balance = (id: number) => readBalance(api.ctx.database.db, id);

describe('granting the free bet', () => {
  it('a first deposit of €50 with SPORTS20 grants a €20 free bet and no bonus money', async () => {
    const p = await depositor(5_000);
    expect(p.bonus).toMatchObject({ granted: expect.any(Number) });
    expect(await freeBets(p.token)).toEqual([{ id: expect.any(Number), amount: 20, currency: 'EUR', min_odds: 1.5, expires_at: '2031-04-02T09:00:00Z' }]);
    expect(await balance(p.id)).toMatchObject({ real: 5_000, bonus: 0 });
  });

  it('a smaller deposit, a second deposit and another currency follow the promotion’s terms', async () => {
    const small = await depositor(4_999);
    expect(small.bonus).toEqual({ refused: 'deposit_too_small' });
    expect(await freeBets(small.token)).toEqual([]);
    const p = await depositor(5_000, false);
    let second: unknown;
    await walletOf(api.ctx).deposit({
      key: newKey('dep'),
      playerId: p.id,
      amount: 5_000,
      provider: 'card',
      bonus: { promotionId: sports20, onBonus: (o) => (second = o) },
    });
    expect(second).toEqual({ refused: 'bonus_first_deposit_only' });
    expect(await freeBets(p.token)).toEqual([]);
  });

  it('is no longer offered once its 30 days have passed', async () => {
    const p = await depositor(5_000);
    const [free] = await freeBets(p.token);
    clock.advance(30 * 86_400_000 + 1);
    try {
      const ev = await fixture();
      expect(await freeBets(p.token)).toEqual([]);
      const { body } = await place(p.token, { slip_id: slip(), bets: [{ selections: [await selection(ev, '1')], stake: 20, free_bet: free?.id }] });
      expect(body.bets[0]).toEqual({ status: 0, message: 'sports_free_bet_unavailable' });
    } finally {
      clock.advance(-(30 * 86_400_000 + 1));
    }
  });
});

describe('betting with it', () => {
  it('a winning single pays its return less the stake, and takes nothing of the player’s money', async () => {
    const p = await depositor(5_000);
    const [free] = await freeBets(p.token);
    const ev = await fixture();
    const { body } = await place(p.token, { slip_id: slip(), bets: [{ selections: [await selection(ev, '1')], stake: 1, free_bet: free?.id }] });
    expect(body.bets[0]).toMatchObject({ status: 1, bet: { stake: 20, odds: 2, potential_return: 20, free_bet: true, cash_out: null } });
    expect(body.player.real_balance).toBe(50);
    expect(await freeBets(p.token)).toEqual([]);
    await ingest(api.ctx, [result(ev, 1, 0)]);
    await ingest(api.ctx, [result(ev, 1, 0)]);
    expect(await balance(p.id)).toMatchObject({ real: 5_000 + 2_000, bonus: 0 });
    const bets = await api.json<SportBetsReply>('front/get_sport_bets', { state: 'settled' }, { token: p.token });
    expect(bets.body.bets[0]).toMatchObject({ state: 'won', paid: 20, free_bet: true });
  });

  it('a losing accumulator takes nothing, and the free bet cannot be spent twice', async () => {
    const p = await depositor(5_000);
    const [free] = await freeBets(p.token);
    const a = await fixture();
    const b = await fixture();
    const legs = [await selection(a, '1'), await selection(b, '2')];
    const { body } = await place(p.token, { slip_id: slip(), bets: [{ selections: legs, stake: 20, free_bet: free?.id }] });
    expect(body.bets[0]).toMatchObject({ status: 1, bet: { kind: 'accumulator', stake: 20, odds: 7.6, potential_return: 132, free_bet: true } });
    const again = await place(p.token, { slip_id: slip(), bets: [{ selections: [legs[0]], stake: 20, free_bet: free?.id }] });
    expect(again.body.bets[0]).toEqual({ status: 0, message: 'sports_free_bet_unavailable' });
    await ingest(api.ctx, [result(a, 0, 1), result(b, 0, 1)]);
    expect(await balance(p.id)).toMatchObject({ real: 5_000, bonus: 0 });
  });

  it('a void bet gives the free bet back, once, and it can be spent again', async () => {
    const p = await depositor(5_000);
    const [free] = await freeBets(p.token);
    const ev = await fixture();
    await place(p.token, { slip_id: slip(), bets: [{ selections: [await selection(ev, '1')], stake: 20, free_bet: free?.id }] });
    const cancelled: FeedMessage = { type: 'result', eventId: ev, outcome: { cancelled: true, home: 0, away: 0 }, version: 1 };
    await ingest(api.ctx, [cancelled]);
    await ingest(api.ctx, [cancelled]);
    expect(await balance(p.id)).toMatchObject({ real: 5_000, bonus: 0 });
    expect((await freeBets(p.token)).map((f) => f.id)).toEqual([free?.id]);
    const next = await fixture(300);
    const { body } = await place(p.token, { slip_id: slip(), bets: [{ selections: [await selection(next, '1')], stake: 20, free_bet: free?.id }] });
    expect(body.bets[0]).toMatchObject({ status: 1, bet: { potential_return: 40 } });
    await ingest(api.ctx, [result(next, 2, 0)]);
    expect(await balance(p.id)).toMatchObject({ real: 5_000 + 4_000 });
  });

  it('refuses odds under 1.50, and two slips spending it at once get it once', async () => {
    const p = await depositor(5_000);
    const [free] = await freeBets(p.token);
    const low = await fixture(140);
    const refused = await place(p.token, { slip_id: slip(), bets: [{ selections: [await selection(low, '1')], stake: 20, free_bet: free?.id }] });
    expect(refused.body.bets[0]).toEqual({ status: 0, message: 'sports_free_bet_min_odds' });
    const ev = await fixture();
    const s = await selection(ev, '2');
    const [x, y] = await Promise.all([
      place(p.token, { slip_id: slip(), bets: [{ selections: [s], stake: 20, free_bet: free?.id }] }),
      place(p.token, { slip_id: slip(), bets: [{ selections: [s], stake: 20, free_bet: free?.id }] }),
    ]);
    expect([x.body.bets[0]?.status, y.body.bets[0]?.status].sort()).toEqual([0, 1]);
    const open = await api.json<SportBetsReply>('front/get_sport_bets', { state: 'open' }, { token: p.token });
    expect(open.body.bets.filter((b) => b.free_bet)).toHaveLength(1);
  });

  it('someone else’s free bet is not found, and the ledger balances after all of it', async () => {
    const owner = await depositor(5_000);
    const other = await depositor(5_000, false);
    const [free] = await freeBets(owner.token);
    const ev = await fixture();
    const { body } = await place(other.token, { slip_id: slip(), bets: [{ selections: [await selection(ev, '1')], stake: 20, free_bet: free?.id }] });
    expect(body.bets[0]).toEqual({ status: 0, message: 'sports_free_bet_unavailable' });
    expect(await balance(other.id)).toMatchObject({ real: 5_000 });
    const audit = await auditLedger(api.ctx.database.db);
    expect(balancedPerCurrency(audit)).toBe(true);
  });
});
