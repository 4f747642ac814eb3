// The feed seam: everything the sportsbook learns about events comes through these
// messages, whoever supplies them. A real odds provider is an adapter that turns its
// own protocol into them; the simulated feed (simulated.ts) makes them up here.
import type { MarketType } from '../../db/schema/sports.ts';
import type { EventOutcome } from '../settlement.ts';

export interface FeedSelection {
  code: string;
  /** Decimal odds in hundredths (2.15 = 215), above 100. */
  odds: number;
}

export interface FeedMarket {
  type: MarketType;
  /** Hundredths (2.5 = 250); 0 for markets without a line. */
  line: number;
  selections: FeedSelection[];
}

export interface FeedFixture {
  id: string;
  sport: string;
  competition: { id: string; name: string; region: string; top: boolean };
  kind: 'match' | 'outright';
  home: string;
  away: string;
  startsAt: number;
  markets: FeedMarket[];
}

export type FeedMessage =
  /** A new event with its markets, or the same again (ingesting it twice changes nothing). */
  | { type: 'fixture'; fixture: FeedFixture }
  /** New prices for some markets of an event. */
  | { type: 'odds'; eventId: string; markets: FeedMarket[] }
  /** Where a match stands. */
  | { type: 'status'; eventId: string; status: 'scheduled' | 'live'; home: number; away: number; elapsed: number }
  /** Every market of the event closed (a goal, a penalty, a break in play) or open again. */
  | { type: 'suspension'; eventId: string; suspended: boolean }
  /** The final result, or a cancellation; a later version corrects an earlier one. */
  | { type: 'result'; eventId: string; outcome: EventOutcome; version: number };

export interface FeedAdapter {
  readonly name: string;
  /** What happened since the last call, up to now. */
  poll(): Promise<FeedMessage[]>;
}
