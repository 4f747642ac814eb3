// The sportsbook through its calls and its feed seam: placing singles and accumulators
// with every refusal, races (two tabs placing one slip, a price moving against a
// placement), settlement of every outcome paid once however often the feed repeats it,
// corrections moving only the difference, cash-out, and a simulated season whose ledger
// balances.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/clock.ts';
import { createSimulatedFeed } from '../../src/server/sports/feed/simulated.ts';
import type { FeedMessage } from '../../src/server/sports/feed/types.ts';
import { ingest } from '../../src/server/sports/ingest.ts';
import { auditLedger, balancedPerCurrency, readBalance } from '../../src/server/wallet/index.ts';
import type { PlaceSportBetsReply, SportBetsReply, SportEventsReply } from '../../src/shared/sports.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { matchResult, selectionOf } from '../helpers/sports.ts';
import { fundedPlayer, newKey } from '../helpers/wallet.ts';

const clock = manualClock(Date.UTC(2031, 0, 6, 9, 0));
let api: TestApi;

beforeAll(async () => {
  api = await testApi({}, { clock });
});
afterAll(() => api.close());

let eventSeq = 0;
/** A football match of our own through the feed seam, starting in an hour; returns its external id. */
async function fixture(options: { startsIn?: number; odds?: number } = {}): Promise<string> {
  const id = `test:${++eventSeq}:${newKey('ev')}`;
  const o = options.odds ?? 200;
  await ingest(api.ctx, [
    {
      type: 'fixture',
      fixture: {
        id,
        sport: 'football',
        competition: { id: 'test-league', name: 'Test League', region: 'GB', top: true },
        kind: 'match',
        home: `Home ${eventSeq}`,
        away: `Away ${eventSeq}`,
        startsAt: clock.now() + (options.startsIn ?? 3_600_000),
        markets: [
          matchResult(o),
          {
            type: 'total',
            line: 225,
            selections: [
              { code: 'over', odds: 190 },
              { code: 'under', odds: 190 },
            ],
          },
          {
            type: 'handicap',
            line: -100,
            selections: [
              { code: 'home', odds: 210 },
              { code: 'away', odds: 170 },
            ],
          },
        ],
      },
    },
  ]);
  return id;
}

/** Selection ids of an event by market type and code. */
const selection = (externalId: string, type: string, code: string) => selectionOf(api.ctx.database.db, externalId, code, type);

const place = (token: string, body: object) => api.json<PlaceSportBetsReply>('front/place_sport_bets', body, { token });
const slip = () => newKey('slip').replace('-', '_');
const result = (eventId: string, home: number, away: number, version = 1): FeedMessage => ({ type: 'result', eventId, outcome: { home, away }, version });
const real = async (id: number) => (await readBalance(api.ctx.database.db, id)).real;

describe('events and prices', () => {
  it('lists events with markets and the stake limits; suspended selections are marked', async () => {
    const ev = await fixture();
    await ingest(api.ctx, [
      { type: 'status', eventId: ev, status: 'live', home: 0, away: 0, elapsed: 1 },
      { type: 'suspension', eventId: ev, suspended: true },
    ]);
    const { body } = await api.json<SportEventsReply>('front/get_sport_events', { tab: 'live' });
    const event = body.events.find((e) => e.home === `Home ${eventSeq}`);
    expect(event?.status).toBe('suspended');
    expect(event?.markets.every((m) => m.suspended && m.selections.every((s) => s.suspended))).toBe(true);
    expect(body.limits).toEqual({ min_stake: 0.1, max_stake: 1000, max_payout: 50000 });
  });

  it('refuses bad input with a message and no 500', async () => {
    const { token } = await fundedPlayer(api, 1000);
    const { status, body } = await api.json<{ status: number; message: string }>('front/place_sport_bets', { slip_id: 'x', bets: [] }, { token });
    expect(status).toBe(400);
    expect(body.status).toBe(0);
  });
});

describe('placing bets', () => {
  it('places a single through the wallet: the stake once, the bet in the bet list under Sports', async () => {
    const ev = await fixture();
    const s = await selection(ev, 'match_result', '1');
    const p = await fundedPlayer(api, 10_000);
    const { body } = await place(p.token, { slip_id: slip(), bets: [{ selections: [s], stake: 10 }] });
    expect(body.bets[0]).toMatchObject({ status: 1, bet: { kind: 'single', stake: 10, odds: 2, potential_return: 20, state: 'open' } });
    expect(body.player.real_balance).toBe(90);
    const list = await api.json<{ transactions: { rows: { provider: string; bet: number }[] } }>(
      'front/get_bet_list',
      { filterPeriod: 0, filterProvider: 'Sports' },
      { token: p.token },
    );
    expect(list.body.transactions.rows).toMatchObject([{ provider: 'Sports', bet: 10 }]);
  });

  it('two tabs placing the same slip at once take one stake', async () => {
    const ev = await fixture();
    const s = await selection(ev, 'match_result', '2');
    const p = await fundedPlayer(api, 10_000);
    const body = { slip_id: slip(), bets: [{ selections: [s], stake: 25 }] };
    const [a, b] = await Promise.all([place(p.token, body), place(p.token, body)]);
    expect(a.body.bets[0]?.status).toBe(1);
    expect(b.body.bets[0]?.status).toBe(1);
    expect(await real(p.id)).toBe(7_500);
    const again = await place(p.token, body);
    expect(again.body.bets[0]?.status).toBe(1);
    expect(await real(p.id)).toBe(7_500);
  });

  it('a price that moved is refused with the new price unless the slip accepts it', async () => {
    const ev = await fixture();
    const s = await selection(ev, 'match_result', '1');
    const p = await fundedPlayer(api, 10_000);
    await ingest(api.ctx, [{ type: 'odds', eventId: ev, markets: [{ type: 'match_result', line: 0, selections: [{ code: '1', odds: 230 }] }] }]);
    const refused = await place(p.token, { slip_id: slip(), bets: [{ selections: [s], stake: 10 }] });
    expect(refused.body.bets[0]).toEqual({ status: 0, message: 'sports_odds_changed', prices: { [String(s.id)]: 2.3 } });
    const higher = await place(p.token, { slip_id: slip(), accept: 'higher', bets: [{ selections: [s], stake: 10 }] });
    expect(higher.body.bets[0]).toMatchObject({ status: 1, bet: { odds: 2.3 } });
    await ingest(api.ctx, [{ type: 'odds', eventId: ev, markets: [{ type: 'match_result', line: 0, selections: [{ code: '1', odds: 150 }] }] }]);
    const lower = await place(p.token, { slip_id: slip(), accept: 'higher', bets: [{ selections: [{ id: s.id, odds: 2.3 }], stake: 10 }] });
    expect(lower.body.bets[0]).toMatchObject({ status: 0, message: 'sports_odds_changed' });
    const any = await place(p.token, { slip_id: slip(), accept: 'any', bets: [{ selections: [{ id: s.id, odds: 2.3 }], stake: 10 }] });
    expect(any.body.bets[0]).toMatchObject({ status: 1, bet: { odds: 1.5 } });
    expect(await real(p.id)).toBe(8_000);
  });

  it('a price change racing placements: every bet is at a price that was offered, none lost', async () => {
    const ev = await fixture();
    const s = await selection(ev, 'match_result', '1');
    const p = await fundedPlayer(api, 100_000);
    const placing = Array.from({ length: 6 }, () => place(p.token, { slip_id: slip(), bets: [{ selections: [s], stake: 5 }] }));
    const moving = ingest(api.ctx, [{ type: 'odds', eventId: ev, markets: [{ type: 'match_result', line: 0, selections: [{ code: '1', odds: 180 }] }] }]);
    const [replies] = await Promise.all([Promise.all(placing), moving]);
    const placed = replies.map((r) => r.body.bets[0]).filter((b) => b?.status === 1);
    for (const b of placed) expect(b && 'bet' in b ? b.bet.odds : 0).toBe(2);
    for (const r of replies) if (r.body.bets[0]?.status === 0) expect(r.body.bets[0]).toMatchObject({ message: 'sports_odds_changed' });
    expect(await real(p.id)).toBe(100_000 - placed.length * 500);
  });

  it('refuses suspended markets, started events, same-event accumulators, limits and an empty balance, each with its message', async () => {
    const p = await fundedPlayer(api, 2_000);
    const ev = await fixture();
    const s = await selection(ev, 'match_result', '1');
    const t = await selection(ev, 'total', 'over');
    const message = async (bets: object[], token = p.token) => (await place(token, { slip_id: slip(), bets })).body.bets[0];
    expect(await message([{ selections: [s, t], stake: 1 }])).toEqual({ status: 0, message: 'sports_same_event' });
    expect(await message([{ selections: [s], stake: 0.05 }])).toEqual({ status: 0, message: 'sports_stake_too_small' });
    expect(await message([{ selections: [s], stake: 1000.01 }])).toEqual({ status: 0, message: 'sports_stake_too_large' });
    await api.ctx.database.db.execute(sql`update settings set sports_max_payout = 1500`);
    api.ctx.settings.invalidate();
    expect(await message([{ selections: [s], stake: 10 }])).toEqual({ status: 0, message: 'sports_payout_too_large' });
    await api.ctx.database.db.execute(sql`update settings set sports_max_payout = 5000000`);
    api.ctx.settings.invalidate();
    expect(await message([{ selections: [s], stake: 30 }])).toEqual({ status: 0, message: 'insufficient_funds' });
    const soon = await fixture({ startsIn: 1000 });
    const u = await selection(soon, 'match_result', '1');
    clock.advance(2000);
    expect(await message([{ selections: [u], stake: 1 }])).toEqual({ status: 0, message: 'sports_event_started' });
    await ingest(api.ctx, [
      { type: 'status', eventId: ev, status: 'live', home: 0, away: 0, elapsed: 0 },
      { type: 'suspension', eventId: ev, suspended: true },
    ]);
    expect(await message([{ selections: [s], stake: 1 }])).toEqual({ status: 0, message: 'sports_market_suspended' });
    expect(await real(p.id)).toBe(2_000);
  });
});

describe('settlement', () => {
  it('pays a win once however often the result comes, and a correction moves only the difference', async () => {
    const ev = await fixture();
    const home = await selection(ev, 'match_result', '1');
    const p = await fundedPlayer(api, 10_000);
    await place(p.token, { slip_id: slip(), bets: [{ selections: [home], stake: 10 }] });
    await ingest(api.ctx, [result(ev, 2, 1)]);
    await ingest(api.ctx, [result(ev, 2, 1), result(ev, 2, 1)]);
    await Promise.all([ingest(api.ctx, [result(ev, 2, 1)]), ingest(api.ctx, [result(ev, 2, 1)])]);
    expect(await real(p.id)).toBe(9_000 + 2_000);
    // Corrected to a draw: the win is taken back; corrected again to a home win: paid again.
    await ingest(api.ctx, [result(ev, 1, 1, 2)]);
    expect(await real(p.id)).toBe(9_000);
    await ingest(api.ctx, [result(ev, 3, 1, 3), result(ev, 3, 1, 3)]);
    expect(await real(p.id)).toBe(11_000);
    const bets = await api.json<SportBetsReply>('front/get_sport_bets', { state: 'settled' }, { token: p.token });
    expect(bets.body.bets[0]).toMatchObject({ state: 'won', paid: 20 });
  });

  it('half wins, pushes and a cancelled event in an accumulator', async () => {
    const a = await fixture();
    const b = await fixture();
    const c = await fixture();
    const p = await fundedPlayer(api, 10_000);
    const total = await selection(a, 'total', 'under'); // 2.25 under at 1.90, 1–1: half win
    const handicap = await selection(b, 'handicap', 'home'); // −1 at 2.10, 1–0: push
    const cancelled = await selection(c, 'match_result', '1');
    const singles = await place(p.token, {
      slip_id: slip(),
      bets: [
        { selections: [total], stake: 10 },
        { selections: [handicap], stake: 10 },
        { selections: [total, handicap, cancelled], stake: 10 },
      ],
    });
    expect(singles.body.bets.map((x) => x.status)).toEqual([1, 1, 1]);
    await ingest(api.ctx, [result(a, 1, 1), result(b, 1, 0), { type: 'result', eventId: c, outcome: { cancelled: true, home: 0, away: 0 }, version: 1 }]);
    // half win: 10 × (1.90 + 1) / 2 = 14.50; push: 10; accumulator: 10 × 1.45 × 1 × 1 = 14.50.
    expect(await real(p.id)).toBe(7_000 + 1_450 + 1_000 + 1_450);
  });

  it('cash-out of an open single pays its value once, and its result then changes nothing', async () => {
    const ev = await fixture();
    const s = await selection(ev, 'match_result', '1');
    const p = await fundedPlayer(api, 10_000);
    const placed = await place(p.token, { slip_id: slip(), bets: [{ selections: [s], stake: 10 }] });
    const bet = placed.body.bets[0];
    if (!bet || bet.status !== 1) throw new Error('not placed');
    await ingest(api.ctx, [{ type: 'odds', eventId: ev, markets: [{ type: 'match_result', line: 0, selections: [{ code: '1', odds: 150 }] }] }]);
    const open = await api.json<SportBetsReply>('front/get_sport_bets', { state: 'open' }, { token: p.token });
    // 10 × 2.00 / 1.50 × 0.95 = 12.66
    expect(open.body.bets[0]?.cash_out).toBe(12.66);
    const tooHigh = await api.json<{ status: number; message: string }>('front/cash_out_sport_bet', { bet_id: bet.bet.id, amount: 13 }, { token: p.token });
    expect(tooHigh.body).toMatchObject({ status: 0, message: 'sports_cash_out_changed', cash_out: 12.66 });
    // A value that rose since the player confirmed a lower one is refused too: they are asked again, never paid what they did not see.
    const tooLow = await api.json<{ status: number; message: string }>('front/cash_out_sport_bet', { bet_id: bet.bet.id, amount: 12 }, { token: p.token });
    expect(tooLow.body).toMatchObject({ status: 0, message: 'sports_cash_out_changed', cash_out: 12.66 });
    const [x, y] = await Promise.all([
      api.json<{ status: number }>('front/cash_out_sport_bet', { bet_id: bet.bet.id, amount: 12.66 }, { token: p.token }),
      api.json<{ status: number }>('front/cash_out_sport_bet', { bet_id: bet.bet.id, amount: 12.66 }, { token: p.token }),
    ]);
    expect([x.body.status, y.body.status].sort()).toEqual([0, 1]);
    expect([x.body, y.body].find((b) => b.status === 1)).toMatchObject({ amount: 12.66 });
    await ingest(api.ctx, [result(ev, 1, 0)]);
    expect(await real(p.id)).toBe(9_000 + 1_266);
  });
});

describe('a simulated season', () => {
  it(
    'plays fixtures, live odds, suspensions and results from a seed; every bet settles and the ledger balances',
    async () => {
      const feed = createSimulatedFeed({ seed: 7, clock, speed: 30, spacingMinutes: 4, horizonHours: 1 });
      const players = await Promise.all(Array.from({ length: 5 }, () => fundedPlayer(api, 100_000)));
      const messages: FeedMessage['type'][] = [];
      const bets = Number(process.env.SPORTS_SEASON_BETS ?? 200);
      // Ten placements a minute of the season, more for a larger run (10,000 bets: a hundred).
      const perStep = Math.max(10, Math.ceil(bets / 100));
      let placed = 0;
      let random = 12345;
      const next = () => {
        random = (random * 1103515245 + 12345) % 2147483648;
        return random / 2147483648;
      };
      for (let step = 0; step < 400 && placed < bets; step++) {
        const batch = await feed.poll();
        messages.push(...batch.map((m) => m.type));
        await ingest(api.ctx, batch);
        const { body } = await api.json<SportEventsReply>('front/get_sport_events', { tab: 'all' });
        // Only the feed's own events: those the tests above made up never get a result.
        const own = new Set(body.competitions.filter((c) => c.name !== 'Test League').map((c) => c.id));
        const open = body.events
          .filter((e) => own.has(e.competition_id))
          .flatMap((e) => e.markets.flatMap((m) => m.selections.filter((s) => !s.suspended).map((s) => ({ ...s, event: e.id }))));
        for (let i = 0; i < perStep && open.length > 1; i++) {
          const p = players[Math.floor(next() * players.length)] as { token: string };
          const first = open[Math.floor(next() * open.length)] as (typeof open)[number];
          const second = open.find((s) => s.event !== first.event && next() < 0.2);
          const selections = second && next() < 0.5 ? [first, second] : [first];
          const reply = await place(p.token, {
            slip_id: slip(),
            accept: 'any',
            bets: [{ selections: selections.map(({ id, odds }) => ({ id, odds })), stake: 1 + Math.floor(next() * 20) }],
          });
          if (reply.body.bets[0]?.status === 1) placed++;
        }
        clock.advance(60_000);
      }
      // Let every match end and be settled: two hours (past the horizon of published
      // fixtures and every correction) in quarters, each poll telling a quarter at once.
      for (let i = 0; i < 8; i++) {
        clock.advance(15 * 60_000);
        await ingest(api.ctx, await feed.poll());
      }
      expect(placed).toBeGreaterThan(Math.min(bets, 50));
      for (const kind of ['fixture', 'odds', 'status', 'suspension', 'result'] as const) expect(messages).toContain(kind);
      const { db } = api.ctx.database;
      const [unsettled] = await db
        .execute<{ n: number }>(sql`select count(*)::int as n from sport_bets b where b.state = 'open' and b.player_id in (${sql.join(
          players.map((p) => sql`${p.id}`),
          sql`, `,
        )}) and not exists (
            select 1 from sport_bet_legs l join sport_events e on e.id = l.event_id where l.bet_id = b.id and e.kind = 'outright')`)
        .then((r) => (Array.isArray(r) ? r : (r as unknown as { rows: { n: number }[] }).rows));
      expect(Number(unsettled?.n)).toBe(0);
      const [owed] = await db
        .execute<{ n: number }>(sql`select count(*)::int as n from sport_bets where due <> paid`)
        .then((r) => (Array.isArray(r) ? r : (r as unknown as { rows: { n: number }[] }).rows));
      expect(Number(owed?.n)).toBe(0);
      expect(balancedPerCurrency(await auditLedger(db))).toBe(true);
    },
    // Minutes when the cores are shared with the other suites.
    Math.max(600_000, Number(process.env.SPORTS_SEASON_BETS ?? 200) * 200),
  );
});
