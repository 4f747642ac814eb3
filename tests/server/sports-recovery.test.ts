// A sports bet and its stake are one transaction: a failure anywhere in the placement
// (here, the legs' insert refused by the database, as a crash or a lost connection would
// end it) leaves neither the stake nor the bet, and the same slip placed again places the
// bet once. A free bet is spent in that transaction too: one that failed is still the
// player's.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/clock.ts';
import { ingest } from '../../src/server/sports/ingest.ts';
import { auditLedger, balancedPerCurrency, readBalance, walletOf } from '../../src/server/wallet/index.ts';
import type { FreeBetsReply, PlaceSportBetsReply } from '../../src/shared/sports.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { matchResult, selectionOf } from '../helpers/sports.ts';
import { fundedPlayer, newKey } from '../helpers/wallet.ts';

const clock = manualClock(Date.UTC(2031, 4, 5, 12, 0));
let api: TestApi;

beforeAll(async () => {
  api = await testApi({}, { clock });
  // Stands for a placement cut off after its stake: the legs' insert fails for odds of 7.77.
  await query(sql`create or replace function fail_leg() returns trigger language plpgsql as $$
    begin if new.odds = 777 then raise exception 'leg refused for the test'; end if; return new; end $$`);
  await query(sql`create trigger fail_leg before insert on sport_bet_legs for each row execute function fail_leg()`);
});
afterAll(async () => {
  await query(sql`drop trigger if exists fail_leg on sport_bet_legs`);
  await api.close();
});

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);
const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await api.ctx.database.db.execute(q));

let seq = 0;
/** A match in three hours, and its home win at `odds` hundredths. */
async function homeWin(odds: number): Promise<{ id: number; odds: number }> {
  const external = `atomic:${++seq}:${newKey('ev')}`;
  await ingest(api.ctx, [
    {
      type: 'fixture',
      fixture: {
        id: external,
        sport: 'football',
        competition: { id: 'atomic-league', name: 'Atomic League', region: 'GB', top: false },
        kind: 'match',
        home: `Home ${seq}`,
        away: `Away ${seq}`,
        startsAt: clock.now() + 3 * 3_600_000,
        markets: [matchResult(odds)],
      },
    },
  ]);
  const { id } = await selectionOf(api.ctx.database.db, external, '1');
  return { id, odds: odds / 100 };
}

const real = async (id: number) => (await readBalance(api.ctx.database.db, id)).real;
const betsOf = async (playerId: number) => (await query<{ n: number | string }>(sql`select count(*) as n from sport_bets where player_id = ${playerId}`))[0]?.n;
const stakesOf = async (playerId: number) =>
  (await query<{ n: number | string }>(sql`select count(*) as n from player_bets where player_id = ${playerId}`))[0]?.n;
const slipId = () => newKey('slip').replace('-', '_');

describe('a bet and its stake in one transaction', () => {
  it('a placement that fails after its stake leaves nothing, and the slip placed again places once', async () => {
    const p = await fundedPlayer(api, 10_000);
    const s = await homeWin(777);
    const slip = slipId();
    const place = () => api.json<PlaceSportBetsReply>('front/place_sport_bets', { slip_id: slip, bets: [{ selections: [s], stake: 10 }] }, { token: p.token });
    const failed = await place();
    expect(failed.status).toBe(500);
    expect(await real(p.id)).toBe(10_000);
    expect(Number(await betsOf(p.id))).toBe(0);
    expect(Number(await stakesOf(p.id))).toBe(0);
    // The database takes the leg again: the same slip places the bet, once.
    await query(sql`alter table sport_bet_legs disable trigger fail_leg`);
    try {
      const [first, second] = await Promise.all([place(), place()]);
      expect(first.body.bets[0]).toMatchObject({ status: 1 });
      expect(second.body.bets[0]).toEqual(first.body.bets[0]);
    } finally {
      await query(sql`alter table sport_bet_legs enable trigger fail_leg`);
    }
    expect(await real(p.id)).toBe(9_000);
    expect(Number(await betsOf(p.id))).toBe(1);
    expect(balancedPerCurrency(await auditLedger(api.ctx.database.db))).toBe(true);
  });

  it('a free bet whose placement failed is still the player’s', async () => {
    const p = await fundedPlayer(api, 10_000);
    const [promo] = await query<{ id: number }>(sql`select id from promotions where promo_code = 'SPORTS20'`);
    const granted = await walletOf(api.ctx).bonusGrant({ key: newKey('grant'), playerId: p.id, promotionId: Number(promo?.id), depositAmount: 5_000 });
    if (!granted.ok) throw new Error(granted.code);
    const s = await homeWin(777);
    const failed = await api.json<PlaceSportBetsReply>(
      'front/place_sport_bets',
      { slip_id: slipId(), bets: [{ selections: [s], stake: 20, free_bet: granted.operationId }] },
      { token: p.token },
    );
    expect(failed.status).toBe(500);
    const list = await api.json<FreeBetsReply>('front/get_free_bets', {}, { token: p.token });
    expect(list.body.free_bets.map((f) => f.id)).toEqual([granted.operationId]);
    expect(Number(await betsOf(p.id))).toBe(0);
    expect(await real(p.id)).toBe(10_000);
  });
});
