import { Hono } from 'hono';
import { toAmount } from '../../../shared/money.ts';
import { cashOutParams, freeBetsParams, placeSportBetsParams, sportBetsParams, sportEventsParams } from '../../../shared/schemas/sports.ts';
import type { FreeBetsReply, PlaceSportBetsReply, SportBetsReply, SportEventsReply } from '../../../shared/sports.ts';
import { type AuthEnv, requireLivePlayer, requirePlayer } from '../../http-auth.ts';
import type { ServerContext } from '../../context.ts';
import { parseBody } from '../../http.ts';
import { cashOut, listEvents, listFreeBets, listSportBets, placeSlip, sportsLimits } from '../../sports/bets.ts';
import { realPlayRefusal } from '../../jurisdiction/play.ts';
import { readBalance, toBalanceInfo } from '../../wallet/index.ts';

/** The sportsbook: events and prices for everyone; placing, listing and cashing out bets, and free bets, for the token's player. */
export function sportsRoutes(ctx: ServerContext) {
  const { db } = ctx.database;
  const player = requirePlayer(ctx);
  const livePlayer = requireLivePlayer(ctx);
  return new Hono<AuthEnv>()
    .post('/get_sport_events', async (c) => {
      const q = await parseBody(c, sportEventsParams);
      const [found, limits] = await Promise.all([listEvents(ctx, q), sportsLimits(ctx)]);
      return c.json({
        status: 1,
        ...found,
        limits: { min_stake: toAmount(limits.minStake), max_stake: toAmount(limits.maxStake), max_payout: toAmount(limits.maxPayout) },
      } satisfies SportEventsReply);
    })
    .post('/place_sport_bets', livePlayer, async (c) => {
      const q = await parseBody(c, placeSportBetsParams);
      const playerId = c.get('player').playerId;
      const barred = await realPlayRefusal(ctx, playerId, c.get('login'));
      if (barred) return c.json({ status: 0, message: barred });
      const bets = q.bets.map((b) => ({ selections: b.selections, stake: b.stake, freeBet: b.free_bet }));
      const placed = await placeSlip(ctx, playerId, { slipId: q.slip_id, accept: q.accept, bets });
      const balance = placed.balance ?? (await readBalance(db, playerId));
      return c.json({ status: 1, bets: placed.bets, player: toBalanceInfo(balance) } satisfies PlaceSportBetsReply);
    })
    .post('/get_sport_bets', player, async (c) => {
      const q = await parseBody(c, sportBetsParams);
      return c.json({ status: 1, bets: await listSportBets(ctx, c.get('player').playerId, { state: q.state }) } satisfies SportBetsReply);
    })
    .post('/get_free_bets', player, async (c) => {
      await parseBody(c, freeBetsParams);
      return c.json({ status: 1, free_bets: await listFreeBets(ctx, c.get('player').playerId) } satisfies FreeBetsReply);
    })
    .post('/cash_out_sport_bet', livePlayer, async (c) => {
      const q = await parseBody(c, cashOutParams);
      const playerId = c.get('player').playerId;
      const done = await cashOut(ctx, playerId, q.bet_id, q.amount);
      if (!done.ok) return c.json({ status: 0, message: done.message, ...(done.value !== undefined ? { cash_out: done.value } : {}) });
      return c.json({ status: 1, amount: done.value, player: toBalanceInfo(await readBalance(db, playerId)) });
    });
}
