// What the sports pages' sockets receive: decimal odds, as every call answers them.
import { describe, expect, it } from 'vitest';
import { oddsPush } from '../../src/server/sports/ingest.ts';

describe('the sports push', () => {
  it('sends odds as decimals (2.15), not the hundredths the database keeps', () => {
    const push = oddsPush({
      odds: [
        [7, 215, false],
        [8, 101, true],
      ],
      events: [{ id: 3, status: 'live', home: 1, away: 0, elapsed: 12 }],
    });
    expect(push).toEqual({
      odds: [
        [7, 2.15, false],
        [8, 1.01, true],
      ],
      events: [{ id: 3, status: 'live', home: 1, away: 0, elapsed: 12 }],
    });
  });
});
