// Sportsbook events as the API tests make them: fed through the feed seam, as the live
// feed would, and their selections read back by the event's external id.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../src/server/db/client.ts';
import type { FeedMarket } from '../../src/server/sports/feed/types.ts';

/** A match result with the home win at `home` hundredths, the draw at 3.40 and the away win at 3.80. */
export function matchResult(home: number): FeedMarket {
  return {
    type: 'match_result',
    line: 0,
    selections: [
      { code: '1', odds: home },
      { code: 'X', odds: 340 },
      { code: '2', odds: 380 },
    ],
  };
}

/** The id and decimal odds of an event's selection by its code, in the market of `type` when given. */
export async function selectionOf(db: Executor, externalId: string, code: string, type?: string): Promise<{ id: number; odds: number }> {
  const ofType: SQL = type === undefined ? sql`` : sql` and m.type = ${type}`;
  const [row] = await rows<{ id: number; odds: number }>(
    db,
    sql`select s.id, s.odds from sport_selections s join sport_markets m on m.id = s.market_id join sport_events e on e.id = m.event_id
        where e.external_id = ${externalId} and s.code = ${code}${ofType}`,
  );
  return { id: Number(row?.id), odds: Number(row?.odds) / 100 };
}
