// Every market type against every outcome it can have, and what bets return from them.
import { describe, expect, it } from 'vitest';
import { finalDistribution, offeredOdds, priceMarkets } from '../../src/server/sports/model.ts';
import { type EventOutcome, potentialReturn, selectionResult, settleBet } from '../../src/server/sports/settlement.ts';

const score = (home: number, away: number): EventOutcome => ({ home, away });
const r = (...args: Parameters<typeof selectionResult>) => selectionResult(...args).result;

describe('selection results by market', () => {
  it.each([
    ['1', score(2, 1), 'win'],
    ['X', score(2, 1), 'lose'],
    ['2', score(2, 1), 'lose'],
    ['X', score(1, 1), 'win'],
    ['2', score(0, 3), 'win'],
  ] as const)('match result %s at %o is %s', (code, outcome, expected) => {
    expect(r('match_result', 0, code, outcome)).toBe(expected);
  });

  it.each([
    ['1X', score(1, 1), 'win'],
    ['1X', score(0, 1), 'lose'],
    ['12', score(1, 1), 'lose'],
    ['12', score(0, 1), 'win'],
    ['X2', score(2, 0), 'lose'],
    ['X2', score(2, 2), 'win'],
  ] as const)('double chance %s at %o is %s', (code, outcome, expected) => {
    expect(r('double_chance', 0, code, outcome)).toBe(expected);
  });

  it.each([
    // half line: no push
    [250, 'over', score(2, 1), 'win'],
    [250, 'under', score(2, 1), 'lose'],
    [250, 'under', score(1, 1), 'win'],
    // whole line: push on the line
    [200, 'over', score(1, 1), 'push'],
    [200, 'under', score(1, 1), 'push'],
    [200, 'over', score(2, 1), 'win'],
    // quarter lines: half win / half lose
    [225, 'over', score(1, 1), 'half_lose'],
    [225, 'under', score(1, 1), 'half_win'],
    [225, 'over', score(2, 1), 'win'],
    [275, 'over', score(2, 1), 'half_win'],
    [275, 'under', score(2, 1), 'half_lose'],
  ] as const)('total %d %s at %o is %s', (line, code, outcome, expected) => {
    expect(r('total', line, code, outcome)).toBe(expected);
  });

  it.each([
    [-50, 'home', score(1, 0), 'win'],
    [-50, 'away', score(1, 0), 'lose'],
    [-100, 'home', score(1, 0), 'push'],
    [-100, 'away', score(1, 0), 'push'],
    [-100, 'home', score(2, 0), 'win'],
    [-75, 'home', score(1, 0), 'half_win'],
    [-75, 'away', score(1, 0), 'half_lose'],
    [-75, 'home', score(2, 0), 'win'],
    [-25, 'home', score(0, 0), 'half_lose'],
    [-25, 'away', score(0, 0), 'half_win'],
    [150, 'home', score(0, 1), 'win'],
    [150, 'away', score(0, 2), 'win'],
  ] as const)('handicap %d %s at %o is %s', (line, code, outcome, expected) => {
    expect(r('handicap', line, code, outcome)).toBe(expected);
  });

  it.each([
    ['yes', score(1, 1), 'win'],
    ['yes', score(1, 0), 'lose'],
    ['no', score(0, 0), 'win'],
    ['no', score(2, 3), 'lose'],
  ] as const)('both teams to score %s at %o is %s', (code, outcome, expected) => {
    expect(r('btts', 0, code, outcome)).toBe(expected);
  });

  it('outright: a winner, a loser, a dead heat, no result', () => {
    expect(selectionResult('outright', 0, 'A', { home: 0, away: 0, winners: ['A'] })).toEqual({ result: 'win', deadHeat: 1 });
    expect(selectionResult('outright', 0, 'B', { home: 0, away: 0, winners: ['A'] })).toEqual({ result: 'lose', deadHeat: 1 });
    expect(selectionResult('outright', 0, 'B', { home: 0, away: 0, winners: ['A', 'B'] })).toEqual({ result: 'dead_heat', deadHeat: 2 });
    expect(selectionResult('outright', 0, 'B', { home: 0, away: 0, winners: [] })).toEqual({ result: 'void', deadHeat: 1 });
  });

  it('every market of a cancelled event is void', () => {
    for (const type of ['match_result', 'double_chance', 'total', 'handicap', 'btts', 'outright'] as const)
      expect(r(type, 250, 'over', { cancelled: true, home: 0, away: 0 })).toBe('void');
  });
});

describe('what a bet returns', () => {
  const leg = (odds: number, result: string | null, deadHeat = 1) => ({ odds, result: result ? { result: result as never, deadHeat } : null });

  it.each([
    ['win', 1000, 250, 2500, 'won'],
    ['lose', 1000, 250, 0, 'lost'],
    ['void', 1000, 250, 1000, 'void'],
    ['push', 1000, 250, 1000, 'void'],
    ['half_win', 1000, 250, 1750, 'won'],
    ['half_lose', 1000, 250, 500, 'won'],
  ] as const)('a single that is %s: stake %d at %d returns %d', (result, stake, odds, due, state) => {
    expect(settleBet(stake, [leg(odds, result)])).toEqual({ due, state });
  });

  it('a dead heat pays the stake divided among those who shared, at full odds', () => {
    expect(settleBet(1000, [leg(600, 'dead_heat', 2)])).toEqual({ due: 3000, state: 'won' });
    expect(settleBet(1000, [leg(700, 'dead_heat', 3)])).toEqual({ due: 2333, state: 'won' });
  });

  it('an accumulator settles on its other legs when one is void, loses on one loss, waits for open legs', () => {
    expect(settleBet(1000, [leg(200, 'win'), leg(300, 'void'), leg(150, 'win')])).toEqual({ due: 3000, state: 'won' });
    expect(settleBet(1000, [leg(200, 'win'), leg(300, 'lose'), leg(150, null)])).toEqual({ due: 0, state: 'lost' });
    expect(settleBet(1000, [leg(200, 'win'), leg(300, null)])).toBeUndefined();
    expect(settleBet(1000, [leg(200, 'void'), leg(300, 'push')])).toEqual({ due: 1000, state: 'void' });
    expect(settleBet(1000, [leg(200, 'half_win'), leg(300, 'win')])).toEqual({ due: 4500, state: 'won' });
    expect(potentialReturn(1000, [200, 300, 150])).toBe(9000);
  });
});

describe('the pricing model', () => {
  it('prices every selection with the margin: implied chances add up to a little over one', () => {
    for (const sport of ['football', 'ice_hockey', 'basketball', 'tennis'] as const) {
      const strength: [number, number] = sport === 'tennis' ? [0.6, 0.4] : sport === 'basketball' ? [112, 108] : sport === 'football' ? [1.5, 1.1] : [3, 2.7];
      const markets = priceMarkets({ sport, strength, home: 0, away: 0, elapsed: 0 });
      const result = markets.find((m) => m.type === 'match_result');
      const book = (result?.selections ?? []).reduce((sum, s) => sum + 100 / s.odds, 0);
      expect(book, sport).toBeGreaterThan(1.02);
      expect(book, sport).toBeLessThan(1.12);
      const total = finalDistribution({ sport, strength, home: 0, away: 0, elapsed: 0 }).reduce((s, c) => s + c.p, 0);
      expect(total).toBeCloseTo(1, 6);
    }
  });

  it('moves prices with the score: a home goal shortens the home win', () => {
    const before = priceMarkets({ sport: 'football', strength: [1.4, 1.2], home: 0, away: 0, elapsed: 30 });
    const after = priceMarkets({ sport: 'football', strength: [1.4, 1.2], home: 1, away: 0, elapsed: 30 });
    const home = (m: typeof before) => m[0]?.selections[0]?.odds as number;
    expect(home(after)).toBeLessThan(home(before));
    expect(offeredOdds(1.0001)).toBe(101);
  });
});
