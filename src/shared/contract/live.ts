// The live tables' shared rounds (live roulette, live baccarat) and the bingo rooms' games, as their pages call them
// with the launch token of their URL fragment.
import type { Ok, Refusal } from '../api.ts';
import type { LiveBetView, LiveHistoryEntry, LiveRoundView } from '../live.ts';
import type { BingoPurchaseView, BingoRoundView } from '../bingo.ts';
import { bingoBuyParams, bingoStateParams, liveBetParams, liveStateParams } from '../schemas/games.ts';
import { post, reply } from './define.ts';

/** What a live table's page reads of its launch: the table, the round in play, the player's bet and the last results. */
export interface LiveStateReply extends Ok {
  mode: 'real' | 'fun';
  currency: string;
  balance: number;
  game: { name: string; slug: string; engine: string; provider: string };
  /** The table's return to player (roulette: every layout; baccarat: the banker bet, the best). */
  rtp: number;
  /** Per-spot and per-round limits in cents (roulette) or the stake's range (baccarat). */
  limits: { spotMin: number; spotMax: number; tableMax: number };
  round: LiveRoundView | null;
  bet: LiveBetView | null;
  history: LiveHistoryEntry[];
}

/** What a bingo room's page reads of its launch: the room, the game in play and the player's tickets. */
export interface BingoStateReply extends Ok {
  mode: 'real' | 'fun';
  currency: string;
  balance: number;
  game: { name: string; slug: string; engine: string; provider: string };
  /** The share of ticket sales paid back as prizes. */
  rtp: number;
  /** A ticket's price (two-decimal amount) and how many one player may buy in a game. */
  price: number;
  maxTickets: number;
  /** Each prize's share of the pool. */
  prizeShares: { prize: string; share: number }[];
  round: BingoRoundView | null;
  purchase: BingoPurchaseView | null;
}

export const live = {
  'studio/live/state': post(liveStateParams, reply<LiveStateReply | Refusal>()),
  'studio/live/bet': post(liveBetParams, reply<(Ok & { bet: LiveBetView; balance: number }) | Refusal>()),
  'studio/bingo/state': post(bingoStateParams, reply<BingoStateReply | Refusal>()),
  'studio/bingo/buy': post(bingoBuyParams, reply<(Ok & { purchase: BingoPurchaseView; balance: number }) | Refusal>()),
};
