// What the sportsbook's calls answer (amounts with two decimals, odds as decimals).
import type { BalanceInfo } from './api.ts';
import type { LimitRefusalInfo } from './protection.ts';
import type { Sport } from './schemas/sports.ts';

/** The least combined odds a free bet (SPORTS20) may be placed at. */
export const FREE_BET_MIN_ODDS = 1.5;

export type SportEventStatus = 'scheduled' | 'live' | 'suspended' | 'finished' | 'cancelled';
export type MarketType = 'match_result' | 'double_chance' | 'total' | 'handicap' | 'btts' | 'outright';

export interface SportSelection {
  id: number;
  code: string;
  odds: number;
  suspended: boolean;
}

export interface SportMarket {
  id: number;
  type: MarketType;
  /** Line of totals and handicaps (2.5, −0.75); 0 otherwise. */
  line: number;
  suspended: boolean;
  selections: SportSelection[];
}

export interface SportEvent {
  id: number;
  /** The feed's id of the event: its prerendered page is named by it. */
  external: string;
  sport: Sport;
  competition_id: number;
  kind: 'match' | 'outright';
  home: string;
  away: string;
  starts_at: string;
  status: SportEventStatus;
  score: [number, number];
  elapsed: number;
  markets: SportMarket[];
}

export interface SportCompetition {
  id: number;
  sport: Sport;
  region: string;
  name: string;
  top: boolean;
}

export interface SportEventsReply {
  status: 1;
  competitions: SportCompetition[];
  events: SportEvent[];
  /** More events follow this page (ask again with `offset` moved on by the page's length). */
  more?: boolean;
  /** Stake limits and the most a bet may pay, in the player's (or the page's) currency. */
  limits: { min_stake: number; max_stake: number; max_payout: number };
}

export interface SportBetLeg {
  selection_id: number;
  event_id: number;
  event: string;
  market: MarketType;
  line: number;
  code: string;
  odds: number;
  result: string | null;
}

export interface SportBet {
  id: number;
  kind: 'single' | 'accumulator';
  stake: number;
  odds: number;
  potential_return: number;
  state: 'pending' | 'open' | 'won' | 'lost' | 'void' | 'cashed_out' | 'refused';
  paid: number;
  currency: string;
  created_at: string;
  /** What cashing out would pay now; null when the bet cannot be cashed out. */
  cash_out: number | null;
  /** A free bet staked it: the stake was the house's, and a win pays the return less it. */
  free_bet: boolean;
  legs: SportBetLeg[];
}

/** A bet of the slip refused: why (a catalogue key), the prices now when they moved, the player's limit or break that refused its stake. */
export interface PlacedRefusal {
  status: 0;
  message: string;
  prices?: Record<string, number>;
  /** With `limit_reached`: the limit, its amount and when it resets. */
  limit?: LimitRefusalInfo;
  /** With `player_on_break`: when the break ends (ISO). */
  until?: string;
}

export type PlacedBet = { status: 1; bet: SportBet } | PlacedRefusal;

export interface PlaceSportBetsReply {
  status: 1;
  bets: PlacedBet[];
  player: BalanceInfo;
}

/** A free bet the player may stake a bet with (SPORTS20). */
export interface FreeBet {
  id: number;
  amount: number;
  currency: string;
  /** The least combined odds of a bet it stakes. */
  min_odds: number;
  /** ISO time after which it stakes nothing; null for never. */
  expires_at: string | null;
}

export interface FreeBetsReply {
  status: 1;
  free_bets: FreeBet[];
}

export interface SportBetsReply {
  status: 1;
  bets: SportBet[];
}

/** A price change pushed to the sports pages: [selection id, odds, suspended]. */
export interface SportsOddsPush {
  odds: [number, number, boolean][];
  events: { id: number; status: SportEventStatus; home: number; away: number; elapsed: number }[];
}
