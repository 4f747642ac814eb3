// The statistical model behind the simulated feed: final-score distributions from where
// a match stands, and prices from them. Football, ice hockey and basketball score as
// Poisson processes (goals or points at a steady rate, each side its own); a tennis
// match is best of three sets, each won by the stronger player with a fixed chance.
// Prices come from the distribution through the markets' own settlement rules, so a
// quarter line or a push is priced the way it will be settled.
import type { MarketType, SelectionResult } from '../db/schema/sports.ts';
import type { FeedMarket } from './feed/types.ts';
import { selectionResult } from './settlement.ts';

export type SportId = 'football' | 'tennis' | 'basketball' | 'ice_hockey';
export const SPORT_IDS: readonly SportId[] = ['football', 'tennis', 'basketball', 'ice_hockey'];

interface MarketShape {
  type: MarketType;
  line: number;
  codes: readonly string[];
}

export interface SportModel {
  /** Minutes a match lasts (tennis: 40 minutes a set, three at most). */
  duration: number;
  /** Goals/points per match of an average home and away side (tennis: unused). */
  means: readonly [number, number];
  /** No draw: a tie at the end goes to overtime (one more point to either side). */
  twoWay: boolean;
  markets: readonly MarketShape[];
}

export const MODELS: Record<SportId, SportModel> = {
  football: {
    duration: 90,
    means: [1.55, 1.15],
    twoWay: false,
    markets: [
      { type: 'match_result', line: 0, codes: ['1', 'X', '2'] },
      { type: 'double_chance', line: 0, codes: ['1X', '12', 'X2'] },
      { type: 'total', line: 250, codes: ['over', 'under'] },
      { type: 'total', line: 225, codes: ['over', 'under'] },
      { type: 'handicap', line: -75, codes: ['home', 'away'] },
      { type: 'btts', line: 0, codes: ['yes', 'no'] },
    ],
  },
  ice_hockey: {
    duration: 60,
    means: [3.1, 2.7],
    twoWay: false,
    markets: [
      { type: 'match_result', line: 0, codes: ['1', 'X', '2'] },
      { type: 'double_chance', line: 0, codes: ['1X', '12', 'X2'] },
      { type: 'total', line: 550, codes: ['over', 'under'] },
      { type: 'handicap', line: -150, codes: ['home', 'away'] },
      { type: 'btts', line: 0, codes: ['yes', 'no'] },
    ],
  },
  basketball: {
    duration: 48,
    means: [112, 108],
    twoWay: true,
    markets: [
      { type: 'match_result', line: 0, codes: ['1', '2'] },
      { type: 'total', line: 2205, codes: ['over', 'under'] },
      { type: 'handicap', line: -450, codes: ['home', 'away'] },
    ],
  },
  tennis: {
    duration: 120,
    means: [0, 0],
    twoWay: true,
    markets: [
      { type: 'match_result', line: 0, codes: ['1', '2'] },
      { type: 'total', line: 250, codes: ['over', 'under'] },
      { type: 'handicap', line: -150, codes: ['home', 'away'] },
    ],
  },
};

/** The bookmaker's margin on every market (5 %). */
export const MARGIN = 0.05;

/** Where a match stands, and how strong each side is. */
export interface MatchState {
  sport: SportId;
  /** Expected goals/points of each side over a whole match (tennis: [p, 1 − p], the chance of each to win a set). */
  strength: readonly [number, number];
  home: number;
  away: number;
  /** Minutes played. */
  elapsed: number;
}

type Cell = { home: number; away: number; p: number };
type Distribution = Cell[];

function poisson(mean: number, lo: number, hi: number): number[] {
  const out: number[] = [];
  // log-space so that means of a hundred points stay exact enough.
  for (let k = lo; k <= hi; k++) {
    let logp = -mean + k * Math.log(Math.max(mean, 1e-12));
    for (let i = 2; i <= k; i++) logp -= Math.log(i);
    out.push(mean === 0 ? (k === 0 ? 1 : 0) : Math.exp(logp));
  }
  return out;
}

function range(mean: number): [number, number] {
  const sd = Math.sqrt(mean);
  return [Math.max(0, Math.floor(mean - 6 * sd - 2)), Math.ceil(mean + 6 * sd + 4)];
}

/** The final score's distribution from the state (ties resolved for two-way sports). */
export function finalDistribution(s: MatchState): Distribution {
  const model = MODELS[s.sport];
  if (s.sport === 'tennis') {
    const p = s.strength[0];
    const out: Distribution = [];
    const walk = (h: number, a: number, prob: number) => {
      if (h === 2 || a === 2) {
        out.push({ home: h, away: a, p: prob });
        return;
      }
      walk(h + 1, a, prob * p);
      walk(h, a + 1, prob * (1 - p));
    };
    walk(s.home, s.away, 1);
    return out;
  }
  const left = Math.max(0, (model.duration - s.elapsed) / model.duration);
  const [mh, ma] = [s.strength[0] * left, s.strength[1] * left];
  const [hlo, hhi] = range(mh);
  const [alo, ahi] = range(ma);
  const ph = poisson(mh, hlo, hhi);
  const pa = poisson(ma, alo, ahi);
  // Cells in the order they are first reached (the sums below depend on it), found by their
  // place in a grid one wider each way than the scores (a tie moves one point to either side).
  const cells: Distribution = [];
  const width = pa.length + 1;
  const at = new Int32Array((ph.length + 1) * width).fill(-1);
  const add = (i: number, j: number, p: number) => {
    const k = i * width + j;
    const c = at[k] as number;
    if (c >= 0) (cells[c] as Distribution[number]).p += p;
    else {
      at[k] = cells.length;
      cells.push({ home: s.home + hlo + i, away: s.away + alo + j, p });
    }
  };
  for (let i = 0; i < ph.length; i++) {
    for (let j = 0; j < pa.length; j++) {
      const p = (ph[i] as number) * (pa[j] as number);
      if (p < 1e-12) continue;
      if (model.twoWay && s.home + hlo + i === s.away + alo + j) {
        add(i + 1, j, p / 2);
        add(i, j + 1, p / 2);
      } else add(i, j, p);
    }
  }
  return cells;
}

/** Fair decimal odds of a selection: the price at which its expected return is the stake. */
function fairOdds(type: MarketType, line: number, code: string, dist: Distribution): number {
  let win = 0;
  let push = 0;
  let halfWin = 0;
  let halfLose = 0;
  // A market's result depends on one figure of the score (its total, its difference, or
  // whether both sides scored): worked out once per figure, not once per cell.
  const figure =
    type === 'total' ? (c: Cell) => c.home + c.away : type === 'btts' ? (c: Cell) => (c.home > 0 ? 2 : 0) + (c.away > 0 ? 1 : 0) : (c: Cell) => c.home - c.away;
  const known = new Map<number, SelectionResult>();
  for (const cell of dist) {
    const f = figure(cell);
    let r = known.get(f);
    if (r === undefined) {
      r = selectionResult(type, line, code, cell).result;
      known.set(f, r);
    }
    if (r === 'win') win += cell.p;
    else if (r === 'push' || r === 'void') push += cell.p;
    else if (r === 'half_win') halfWin += cell.p;
    else if (r === 'half_lose') halfLose += cell.p;
  }
  const paying = win + halfWin / 2;
  if (paying <= 1e-9) return Number.POSITIVE_INFINITY;
  return (1 - push - halfWin / 2 - halfLose / 2) / paying;
}

/** Offered odds in hundredths: fair odds less the margin, between 1.01 and 100. */
export function offeredOdds(fair: number): number {
  if (!Number.isFinite(fair)) return 10_000;
  const price = 1 + (fair - 1) / (1 + MARGIN * fair);
  return Math.min(10_000, Math.max(101, Math.floor(price * 100)));
}

/** Every market of the sport priced from where the match stands. */
export function priceMarkets(s: MatchState): FeedMarket[] {
  const dist = finalDistribution(s);
  return MODELS[s.sport].markets.map((m) => ({
    type: m.type,
    line: m.line,
    selections: m.codes.map((code) => ({ code, odds: offeredOdds(fairOdds(m.type, m.line, code, dist)) })),
  }));
}

/** Outright prices from each participant's chance of winning the competition. */
export function priceOutright(chances: readonly { code: string; chance: number }[]): FeedMarket {
  return { type: 'outright', line: 0, selections: chances.map(({ code, chance }) => ({ code, odds: offeredOdds(1 / chance) })) };
}
