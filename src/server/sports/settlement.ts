// How each market settles, and what a bet returns from its legs' results. Pure
// functions: the table tests run them over every market type and outcome.
//
// Lines are hundredths (2.5 goals = 250). A quarter line (2.25, −0.75) is two half bets
// on its neighbours (2.0 and 2.5): one may win or lose while the other pushes, which is
// a half win or half loss. Odds are hundredths too (2.15 = 215).
import type { MarketType, SelectionResult } from '../db/schema/sports.ts';

/** The final state of an event as the feed reports it. */
export interface EventOutcome {
  /** The event was cancelled or abandoned: every selection is void. */
  cancelled?: boolean;
  home: number;
  away: number;
  /** Outrights: the participants that share first place (more than one is a dead heat). */
  winners?: readonly string[];
}

export interface LegResult {
  result: SelectionResult;
  /** With a dead heat, how many shared the place. */
  deadHeat: number;
}

type Half = 'win' | 'lose' | 'push';

const compare = (diff: number): Half => (diff > 0 ? 'win' : diff < 0 ? 'lose' : 'push');

/** A line bet: `margin` hundredths above the line wins (over, or the handicapped side ahead). */
function lineResult(score: number, line: number, sign: 1 | -1): SelectionResult {
  // Quarter lines split into the two neighbouring half-lines.
  const parts = Math.abs(line % 50) === 25 ? [line - 25, line + 25] : [line];
  const halves = parts.map((l) => compare(sign * (score - l)));
  if (halves.length === 1) return halves[0] as Half;
  const [a, b] = halves as [Half, Half];
  if (a === b) return a;
  if (a === 'win' || b === 'win') return 'half_win';
  return 'half_lose';
}

/** The result of one selection of a market with `line`, given the event's outcome. */
export function selectionResult(type: MarketType, line: number, code: string, outcome: EventOutcome): LegResult {
  const plain = (result: SelectionResult): LegResult => ({ result, deadHeat: 1 });
  if (outcome.cancelled) return plain('void');
  const { home, away } = outcome;
  const winner = home > away ? '1' : home < away ? '2' : 'X';
  switch (type) {
    case 'match_result':
      return plain(code === winner ? 'win' : 'lose');
    case 'double_chance':
      return plain(code.includes(winner) ? 'win' : 'lose');
    case 'btts': {
      const both = home > 0 && away > 0;
      return plain((code === 'yes') === both ? 'win' : 'lose');
    }
    case 'total':
      // Total goals/points against the line, in hundredths.
      return plain(lineResult((home + away) * 100, line, code === 'over' ? 1 : -1));
    case 'handicap':
      // The line is the home side's handicap; the away side has it the other way round.
      return plain(code === 'home' ? lineResult((home - away) * 100, -line, 1) : lineResult((away - home) * 100, line, 1));
    case 'outright': {
      const winners = outcome.winners ?? [];
      if (winners.length === 0) return plain('void');
      if (!winners.includes(code)) return plain('lose');
      return winners.length === 1 ? plain('win') : { result: 'dead_heat', deadHeat: winners.length };
    }
  }
}

/** What a leg multiplies its stake by, as a fraction: num / den. */
export function legFactor(odds: number, leg: LegResult): [bigint, bigint] {
  const o = BigInt(odds);
  switch (leg.result) {
    case 'win':
      return [o, 100n];
    case 'lose':
      return [0n, 1n];
    case 'void':
    case 'push':
      return [1n, 1n];
    case 'half_win':
      return [o + 100n, 200n];
    case 'half_lose':
      return [1n, 2n];
    case 'dead_heat':
      // The stake is divided among those who shared the place, each part paid at full odds.
      return [o, 100n * BigInt(Math.max(1, leg.deadHeat))];
  }
}

export interface SettledBet {
  /** What the bet returns in all, in cents (0 for a loss, the stake for a void). */
  due: number;
  state: 'won' | 'lost' | 'void';
}

/**
 * What a bet returns once its legs are known: the stake times every leg's factor, rounded
 * down to the cent. An accumulator with a void leg settles on the others; one losing leg
 * loses it at once. Undefined while a leg that could still decide it is open.
 */
export function settleBet(stake: number, legs: readonly { odds: number; result: LegResult | null }[]): SettledBet | undefined {
  if (legs.some((l) => l.result?.result === 'lose')) return { due: 0, state: 'lost' };
  if (legs.some((l) => l.result === null)) return undefined;
  let num = BigInt(stake);
  let den = 1n;
  for (const leg of legs) {
    const [n, d] = legFactor(leg.odds, leg.result as LegResult);
    num *= n;
    den *= d;
  }
  const due = Number(num / den);
  const allVoid = legs.every((l) => l.result?.result === 'void' || l.result?.result === 'push');
  return { due, state: due === 0 ? 'lost' : allVoid ? 'void' : 'won' };
}

/** A stake times the product of odds (hundredths), rounded down: the potential return. */
export function potentialReturn(stake: number, odds: readonly number[]): number {
  let num = BigInt(stake);
  let den = 1n;
  for (const o of odds) {
    num *= BigInt(o);
    den *= 100n;
  }
  return Number(num / den);
}

/** The product of odds in hundredths, rounded to the hundredth (what the slip shows as total odds). */
export function combinedOdds(odds: readonly number[]): number {
  let num = 1n;
  let den = 1n;
  for (const o of odds) {
    num *= BigInt(o);
    den *= 100n;
  }
  return Number((num * 100n + den / 2n) / den);
}
