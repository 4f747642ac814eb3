// Player limits on sportsbook stakes (PGlite and PostgreSQL): a stake exactly at a wager
// or loss limit is placed, one cent over is refused with the limit, its amount and its
// reset, and nothing is taken; a free bet stakes none of the player's money, so a limit
// already reached does not stop it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ManualClock, manualClock } from '../../../src/server/clock.ts';
import { ingest } from '../../../src/server/sports/ingest.ts';
import { readBalance, walletOf } from '../../../src/server/wallet/index.ts';
import type { FreeBetsReply, PlaceSportBetsReply } from '../../../src/shared/sports.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { matchResult, selectionOf } from '../../helpers/sports.ts';
import { createPlayers, fundedPlayer, newKey, tokenFor } from '../../helpers/wallet.ts';

let api: TestApi;
let clock: ManualClock;
// The wallet stamps bets with the database's time, so the clock is today's.
const NOW = Date.now();

beforeAll(async () => {
  clock = manualClock(NOW);
  api = await testApi({}, { clock });
});
afterAll(() => api.close());

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);

const setLimit = (token: string, kind: string, amount: number) => api.json<{ status: number }>('front/set_player_limit', { kind, amount }, { token });

let seq = 0;
/** The home win (at 2.00) of a new match in two hours. */
async function pick(): Promise<{ id: number; odds: number }> {
  const external = `limits:${++seq}:${newKey('ev')}`;
  await ingest(api.ctx, [
    {
      type: 'fixture',
      fixture: {
        id: external,
        sport: 'football',
        competition: { id: 'limits-league', name: 'Limits League', region: 'GB', top: false },
        kind: 'match',
        home: `Home ${seq}`,
        away: `Away ${seq}`,
        startsAt: clock.now() + 2 * 3_600_000,
        markets: [matchResult(200)],
      },
    },
  ]);
  const { id } = await selectionOf(api.ctx.database.db, external, '1');
  return { id, odds: 2 };
}

const place = async (token: string, stake: number, extra: object = {}) =>
  (
    await api.json<PlaceSportBetsReply>(
      'front/place_sport_bets',
      { slip_id: newKey('slip').replace('-', '_'), bets: [{ selections: [await pick()], stake, ...extra }] },
      { token },
    )
  ).body;
const today = new Date(NOW);
const midnight = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1)).toISOString();
// The calendar week ends at the next Monday's midnight (UTC).
const nextMonday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + ((8 - today.getUTCDay()) % 7 || 7))).toISOString();

describe('sportsbook stakes and the player’s limits', () => {
  it('refuses a stake one cent over the daily wager limit, naming it, and places one exactly at it', async () => {
    const p = await fundedPlayer(api, 10_000);
    expect((await setLimit(p.token, 'wager_day', 10)).body.status).toBe(1);
    const over = await place(p.token, 10.01);
    expect(over.bets[0]).toEqual({ status: 0, message: 'limit_reached', limit: { kind: 'wager_day', amount: 10, currency: 'EUR', resets_at: midnight } });
    expect(over.player.real_balance).toBe(100);
    const at = await place(p.token, 10);
    expect(at.bets[0]).toMatchObject({ status: 1, bet: { stake: 10, state: 'open' } });
    expect(at.player.real_balance).toBe(90);
    // The day's wagers are now at the limit: the next cent is refused.
    expect((await place(p.token, 0.1)).bets[0]).toMatchObject({ status: 0, message: 'limit_reached', limit: { kind: 'wager_day' } });
  });

  it('refuses a stake one cent over the weekly loss limit (an open stake counts as lost), and places one exactly at it', async () => {
    const p = await fundedPlayer(api, 10_000);
    expect((await setLimit(p.token, 'loss_week', 10)).body.status).toBe(1);
    expect((await place(p.token, 6)).bets[0]?.status).toBe(1);
    const over = await place(p.token, 4.01);
    expect(over.bets[0]).toEqual({
      status: 0,
      message: 'limit_reached',
      limit: { kind: 'loss_week', amount: 10, currency: 'EUR', resets_at: nextMonday },
    });
    expect((await place(p.token, 4)).bets[0]).toMatchObject({ status: 1, bet: { stake: 4 } });
    expect((await readBalance(api.ctx.database.db, p.id)).real).toBe(9_000);
  });

  it('still places a free bet when the wager limit is reached: it stakes none of the player’s money', async () => {
    const [promo] = rowsOf<{ id: number }>(await api.ctx.database.db.execute(sql`select id from promotions where promo_code = 'SPORTS20'`));
    const [id] = (await createPlayers(api.ctx.database.db, 1)) as [number];
    await walletOf(api.ctx).deposit({ key: newKey('dep'), playerId: id, amount: 5_000, provider: 'card', bonus: { promotionId: Number(promo?.id) } });
    const token = await tokenFor(api.ctx, id);
    await setLimit(token, 'wager_day', 1);
    expect((await place(token, 1)).bets[0]?.status).toBe(1);
    expect((await place(token, 0.1)).bets[0]).toMatchObject({ status: 0, message: 'limit_reached' });
    const [free] = (await api.json<FreeBetsReply>('front/get_free_bets', {}, { token })).body.free_bets;
    expect((await place(token, 20, { free_bet: free?.id })).bets[0]).toMatchObject({ status: 1, bet: { stake: 20, free_bet: true } });
    expect((await readBalance(api.ctx.database.db, id)).real).toBe(4_900);
  });
});
