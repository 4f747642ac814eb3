// Sports bets cut short by a crash between being written down and their stake: the
// sweep ends them after a minute. One whose stake the wallet took opens; any other is
// refused for good, takes nothing (not even from a placement still in flight), answers
// the same slip placed again with its refusal, and gives a free bet back.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/clock.ts';
import { PENDING_BET_STALE_MS, sweepPendingBets } from '../../src/server/sports/bets.ts';
import { ingest } from '../../src/server/sports/ingest.ts';
import { auditLedger, balancedPerCurrency, readBalance, walletOf } from '../../src/server/wallet/index.ts';
import type { FreeBetsReply, PlaceSportBetsReply } from '../../src/shared/sports.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { createPlayers, newKey, tokenFor } from '../helpers/wallet.ts';

const clock = manualClock(Date.UTC(2031, 4, 5, 12, 0));
let api: TestApi;

beforeAll(async () => {
  api = await testApi({}, { clock });
});
afterAll(() => api.close());

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);
const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await api.ctx.database.db.execute(q));

async function player(cents: number): Promise<{ id: number; token: string }> {
  const [id] = (await createPlayers(api.ctx.database.db, 1)) as [number];
  await walletOf(api.ctx).deposit({ key: newKey('dep'), playerId: id, amount: cents, provider: 'card' });
  return { id, token: await tokenFor(api.ctx, id) };
}

let seq = 0;
/** A match in three hours, and its home win at 2.00. */
async function homeWin(): Promise<{ id: number; odds: number }> {
  const external = `sweep:${++seq}:${newKey('ev')}`;
  await ingest(api.ctx, [
    {
      type: 'fixture',
      fixture: {
        id: external,
        sport: 'football',
        competition: { id: 'sweep-league', name: 'Sweep League', region: 'GB', top: false },
        kind: 'match',
        home: `Home ${seq}`,
        away: `Away ${seq}`,
        startsAt: clock.now() + 3 * 3_600_000,
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
        ],
      },
    },
  ]);
  const [row] = await query<{ id: number }>(
    sql`select s.id from sport_selections s join sport_markets m on m.id = s.market_id join sport_events e on e.id = m.event_id
        where e.external_id = ${external} and s.code = '1'`,
  );
  return { id: Number(row?.id), odds: 2 };
}

/** A bet written down as placement writes it, then the process "dies" before its stake: answers its id and key. */
async function pendingBet(playerId: number, slipId: string, selection: number, stake: number, freeBet?: number): Promise<{ id: number; key: string }> {
  const key = `sports:${playerId}:${slipId}:0`;
  const [bet] = await query<{ id: number }>(
    sql`insert into sport_bets (bet_key, player_id, kind, stake, odds, potential_return, created_at, free_bet_id)
        values (${key}, ${playerId}, 'single', ${stake}, 200, ${stake * 2}, ${new Date(clock.now()).toISOString()}::timestamptz, ${freeBet ?? null}::bigint)
        returning id`,
  );
  await query(
    sql`insert into sport_bet_legs (bet_id, selection_id, event_id, odds)
        select ${bet?.id}, s.id, m.event_id, 200 from sport_selections s join sport_markets m on m.id = s.market_id where s.id = ${selection}`,
  );
  if (freeBet !== undefined) await query(sql`update sport_free_bets set status = 'used', bet_id = ${bet?.id} where id = ${freeBet}`);
  return { id: Number(bet?.id), key };
}

const stateOf = async (id: number) => (await query<{ state: string; refusal: string | null }>(sql`select state, refusal from sport_bets where id = ${id}`))[0];
const real = async (id: number) => (await readBalance(api.ctx.database.db, id)).real;
const slipId = () => newKey('slip').replace('-', '_');

describe('the pending-bet sweep', () => {
  it('leaves a bet still being placed alone, and refuses one left for a minute: nothing taken, then or later', async () => {
    const p = await player(10_000);
    const s = await homeWin();
    const slip = slipId();
    const bet = await pendingBet(p.id, slip, s.id, 1_000);
    await sweepPendingBets(api.ctx);
    expect(await stateOf(bet.id)).toEqual({ state: 'pending', refusal: null });
    clock.advance(PENDING_BET_STALE_MS + 1_000);
    expect(await sweepPendingBets(api.ctx)).toBeGreaterThanOrEqual(1);
    expect(await stateOf(bet.id)).toEqual({ state: 'refused', refusal: 'sports_bet_refused' });
    // A placement of that slip still in flight reaches the wallet now: its stake is refused.
    const late = await walletOf(api.ctx).bet({
      key: bet.key,
      playerId: p.id,
      amount: 1_000,
      provider: 'Sports',
      gameId: 'sports',
      gameName: 'x',
      roundId: bet.key,
    });
    expect(late).toMatchObject({ ok: false, code: 'bet_rolled_back' });
    // The player placing the same slip again is told, and nothing is taken.
    const again = await api.json<PlaceSportBetsReply>('front/place_sport_bets', { slip_id: slip, bets: [{ selections: [s], stake: 10 }] }, { token: p.token });
    expect(again.body.bets[0]).toEqual({ status: 0, message: 'sports_bet_refused' });
    expect(await real(p.id)).toBe(10_000);
    await sweepPendingBets(api.ctx);
    expect(await real(p.id)).toBe(10_000);
  });

  it('opens a bet whose stake the wallet took before the crash', async () => {
    const p = await player(10_000);
    const s = await homeWin();
    const bet = await pendingBet(p.id, slipId(), s.id, 1_000);
    await walletOf(api.ctx).bet({ key: bet.key, playerId: p.id, amount: 1_000, provider: 'Sports', gameId: 'sports', gameName: 'x', roundId: bet.key });
    clock.advance(PENDING_BET_STALE_MS + 1_000);
    await sweepPendingBets(api.ctx);
    expect(await stateOf(bet.id)).toEqual({ state: 'open', refusal: null });
    expect(await real(p.id)).toBe(9_000);
  });

  it('gives back the free bet of a bet it refuses, and the ledger balances', async () => {
    const p = await player(10_000);
    const [promo] = await query<{ id: number }>(sql`select id from promotions where promo_code = 'SPORTS20'`);
    const granted = await walletOf(api.ctx).bonusGrant({ key: newKey('grant'), playerId: p.id, promotionId: Number(promo?.id), depositAmount: 5_000 });
    if (!granted.ok) throw new Error(granted.code);
    const s = await homeWin();
    const bet = await pendingBet(p.id, slipId(), s.id, 2_000, granted.operationId);
    const list = () => api.json<FreeBetsReply>('front/get_free_bets', {}, { token: p.token });
    expect((await list()).body.free_bets).toEqual([]);
    clock.advance(PENDING_BET_STALE_MS + 1_000);
    await sweepPendingBets(api.ctx);
    expect(await stateOf(bet.id)).toMatchObject({ state: 'refused' });
    expect((await list()).body.free_bets.map((f) => f.id)).toEqual([granted.operationId]);
    expect(await real(p.id)).toBe(10_000);
    expect(balancedPerCurrency(await auditLedger(api.ctx.database.db))).toBe(true);
  });
});
