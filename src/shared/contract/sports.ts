// The sportsbook: events with their markets and prices, placing a slip, the player's
// bets, cashing one out, and the player's free bets.
import type { BalanceInfo, Ok } from '../api.ts';
import { cashOutParams, freeBetsParams, placeSportBetsParams, sportBetsParams, sportEventsParams } from '../schemas/sports.ts';
import type { FreeBetsReply, PlaceSportBetsReply, SportBetsReply, SportEventsReply } from '../sports.ts';
import { post, reply } from './define.ts';

/** A cash-out done answers the amount paid (the one confirmed) and the balance after it. */
export type CashOutReply = (Ok & { amount: number; player: BalanceInfo }) | { status: 0; message: string; cash_out?: number };

export const sports = {
  'front/get_sport_events': post(sportEventsParams, reply<SportEventsReply>()),
  'front/place_sport_bets': post(placeSportBetsParams, reply<PlaceSportBetsReply>()),
  'front/get_sport_bets': post(sportBetsParams, reply<SportBetsReply>()),
  'front/cash_out_sport_bet': post(cashOutParams, reply<CashOutReply>()),
  'front/get_free_bets': post(freeBetsParams, reply<FreeBetsReply>()),
};
