// Query budgets of the sportsbook's busiest calls, counted on the driver: a budget does
// not depend on how fast the machine is, and it catches a query per event, market or
// leg (an N+1) the day one creeps in. The events list costs the same whatever the
// number of events; a slip costs a fixed part plus a fixed part per bet, whatever the
// number of legs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/clock.ts';
import type { FeedFixture } from '../../src/server/sports/feed/types.ts';
import { ingest } from '../../src/server/sports/ingest.ts';
import { walletOf } from '../../src/server/wallet/index.ts';
import type { PlaceSportBetsReply, SportBetsReply, SportEventsReply } from '../../src/shared/sports.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { countQueries } from '../helpers/queries.ts';
import { createPlayers, newKey, tokenFor } from '../helpers/wallet.ts';

const clock = manualClock(Date.UTC(2031, 0, 6, 9, 0));
let api: TestApi;

beforeAll(async () => {
  api = await testApi({}, { clock });
  // A settings row read once, as a running server holds it.
  await api.ctx.settings.get();
});
afterAll(() => api.close());

let seq = 0;
const fixture = (competition: string): FeedFixture => {
  seq++;
  return {
    id: `budget:${seq}`,
    sport: 'football',
    competition: { id: competition, name: `League ${competition}`, region: 'GB', top: true },
    kind: 'match',
    home: `Home ${seq}`,
    away: `Away ${seq}`,
    startsAt: clock.now() + 3_600_000,
    markets: [
      {
        type: 'match_result',
        line: 0,
        selections: [
          { code: '1', odds: 200 },
          { code: 'X', odds: 340 },
          { code: '2', odds: 380 },
        ],
      },
      {
        type: 'total',
        line: 250,
        selections: [
          { code: 'over', odds: 190 },
          { code: 'under', odds: 190 },
        ],
      },
    ],
  };
};

const events = (body: object) => countQueries(api.ctx.database, () => api.json<SportEventsReply>('front/get_sport_events', body));

describe('query budgets', () => {
  it('front/get_sport_events: at most 4 queries, the same for 2 events as for 40', async () => {
    await ingest(
      api.ctx,
      Array.from({ length: 2 }, () => ({ type: 'fixture', fixture: fixture('small') }) as const),
    );
    const few = await events({ tab: 'all' });
    expect(few.result.body.events).toHaveLength(2);
    await ingest(
      api.ctx,
      Array.from({ length: 38 }, () => ({ type: 'fixture', fixture: fixture('big') }) as const),
    );
    const many = await events({ tab: 'all' });
    expect(many.result.body.events).toHaveLength(40);
    expect(few.queries).toBeLessThanOrEqual(4);
    expect(many.queries).toBe(few.queries);
    const filtered = await events({ tab: 'prematch', sport: 'football' });
    expect(filtered.queries).toBe(few.queries);
  });

  it('front/get_sport_events pages: limit and offset, and whether more follow', async () => {
    const all = (await api.json<SportEventsReply>('front/get_sport_events', { tab: 'all' })).body;
    expect(all.more).toBe(false);
    const pages: SportEventsReply[] = [];
    for (let offset = 0; offset < all.events.length; offset += 15) {
      const page = await events({ tab: 'all', offset, limit: 15 });
      expect(page.queries).toBeLessThanOrEqual(4);
      pages.push(page.result.body);
    }
    expect(pages.map((p) => p.more)).toEqual(pages.map((_, i) => i < pages.length - 1));
    expect(pages.flatMap((p) => p.events)).toEqual(all.events);
    for (const limit of [0, 61, 'x'])
      expect((await api.json<{ status: number }>('front/get_sport_events', { tab: 'all', limit })).body).toMatchObject({ status: 0 });
  });

  it('front/place_sport_bets: a fixed number of queries per bet, whatever its number of legs', async () => {
    const [playerId] = (await createPlayers(api.ctx.database.db, 1)) as [number];
    await walletOf(api.ctx).deposit({ key: newKey('dep'), playerId, amount: 100_000, provider: 'card' });
    const token = await tokenFor(api.ctx, playerId);
    const { body } = await api.json<SportEventsReply>('front/get_sport_events', { tab: 'all' });
    const home = body.events.map((e) => e.markets[0]?.selections[0] as { id: number; odds: number });
    const place = (bets: { selections: { id: number; odds: number }[]; stake: number }[]) =>
      countQueries(api.ctx.database, () =>
        api.json<PlaceSportBetsReply>('front/place_sport_bets', { slip_id: newKey('slip').replace('-', '_'), bets }, { token }),
      );
    const single = await place([{ selections: home.slice(0, 1), stake: 1 }]);
    const accumulator = await place([{ selections: home.slice(1, 11), stake: 1 }]);
    const three = await place([
      { selections: home.slice(11, 12), stake: 1 },
      { selections: home.slice(12, 13), stake: 1 },
      { selections: home.slice(13, 16), stake: 1 },
    ]);
    for (const r of [single, accumulator, three]) expect(r.result.body.bets.every((b) => b.status === 1)).toBe(true);
    // The reply of a placement is made without reading the bet back: it is what the bet list shows.
    const listed = await api.json<SportBetsReply>('front/get_sport_bets', { state: 'open' }, { token });
    for (const r of [single, accumulator, three])
      for (const placed of r.result.body.bets) if (placed.status === 1) expect(listed.body.bets.find((b) => b.id === placed.bet.id)).toEqual(placed.bet);
    expect(three.result.body.player.real_balance).toBe(1000 - 5);
    // The login (whose read also tells the player's market, for its identity rule), the
    // selections, and the stake: the wallet's lock, player protection's read of the
    // player's limits and breaks, and one statement writing the stake, the bet and its legs
    // together. The reply is made from what was just checked and written, with the
    // balance the stake left.
    expect(single.queries).toBeLessThanOrEqual(5);
    expect(accumulator.queries).toBe(single.queries);
    // Each further bet of a slip: its stake's three statements.
    expect(three.queries - single.queries).toBeLessThanOrEqual(2 * 3);
  });
});
