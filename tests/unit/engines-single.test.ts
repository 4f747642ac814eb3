import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/server/demo/games.ts';
import { dice, dicePayout } from '../../src/server/games/engines/dice.ts';
import { KENO_PAYTABLE, keno, kenoRtp } from '../../src/server/games/engines/keno.ts';
import { type RouletteBet, type RouletteConfig, roulette } from '../../src/server/games/engines/roulette.ts';
import { SCRATCH_LOSE_WEIGHT, SCRATCH_PRIZES, SCRATCH_TOTAL_WEIGHT, scratch } from '../../src/server/games/engines/scratch.ts';
import { SLOT_LINES, SLOT_SYMBOLS, SLOT_VARIANTS, type SlotSymbol, slot, slotLineWin } from '../../src/server/games/engines/slot.ts';
import { EngineError, ONE_X, type RoundStep, type Rng } from '../../src/server/games/engines/types.ts';
import {
  ROULETTE_LIMITS,
  ROULETTE_SPOT_BY_KEY,
  ROULETTE_SPOTS,
  type RouletteSpot,
  rouletteChips,
  rouletteSpotKey,
  STAKE_LIMITS,
} from '../../src/shared/game-tables.ts';

/** mulberry32: small, fast and good enough to make simulations repeatable. */
function seeded(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (maxExclusive) => Math.floor(next() * maxExclusive) };
}

/** Answers the given values first (checking each is in range), then hands over to `then`. */
function scripted(values: number[], then: Rng = seeded(1)): Rng {
  const queue = [...values];
  return {
    int(maxExclusive) {
      const value = queue.shift();
      if (value === undefined) return then.int(maxExclusive);
      if (!Number.isInteger(value) || value < 0 || value >= maxExclusive) throw new Error(`scripted ${value} outside [0, ${maxExclusive})`);
      return value;
    },
  };
}

/** Every engine here decides the round in one step. */
function expectFinished<S, V>(step: RoundStep<S, V>) {
  expect(step.done).toBe(true);
  expect(step.actions).toEqual([]);
  expect(Number.isInteger(step.payout)).toBe(true);
  expect(step.payout).toBeGreaterThanOrEqual(0);
}

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

describe('dice', () => {
  it('refuses targets outside 2..98, fractional targets and unknown directions', () => {
    for (const bad of [
      { target: 1, direction: 'under' },
      { target: 99, direction: 'over' },
      { target: 50.5, direction: 'over' },
      { target: 50, direction: 'sideways' },
      { target: 50 },
      {},
    ]) {
      expect(dice.choice.safeParse(bad).success).toBe(false);
    }
    expect(dice.choice.safeParse({ target: 2, direction: 'under' }).success).toBe(true);
    expect(dice.choice.safeParse({ target: 98, direction: 'over' }).success).toBe(true);
  });

  it('accepts an empty config or a theme', () => {
    expect(dice.config.safeParse({}).success).toBe(true);
    expect(dice.config.safeParse({ theme: 'neon' }).success).toBe(true);
    expect(dice.config.safeParse({ theme: 3 }).success).toBe(false);
  });

  it('shows the roll with two decimals and wins under only below the target', () => {
    const low = dice.start(scripted([4999]), { target: 50, direction: 'under' }, {});
    expectFinished(low);
    expect(low.view).toEqual({ roll: 49.99, target: 50, direction: 'under', won: true });
    expect(low.payout).toBe(19_800);
    const equal = dice.start(scripted([5000]), { target: 50, direction: 'under' }, {});
    expect(equal.view.won).toBe(false);
    expect(equal.payout).toBe(0);
  });

  it('wins over only above the target, so a roll equal to it loses both ways', () => {
    expect(dice.start(scripted([5000]), { target: 50, direction: 'over' }, {}).view.won).toBe(false);
    const high = dice.start(scripted([5001]), { target: 50, direction: 'over' }, {});
    expect(high.view).toEqual({ roll: 50.01, target: 50, direction: 'over', won: true });
    expect(high.payout).toBe(dicePayout(50, 'over'));
    expect(dice.start(scripted([9999]), { target: 98, direction: 'over' }, {}).view.roll).toBe(99.99);
  });

  it('returns between 98.5 % and 99 % exactly for every target and direction', () => {
    for (let target = 2; target <= 98; target++) {
      for (const direction of ['over', 'under'] as const) {
        // Counted here, independently of the engine, from the rule "over > target, under < target".
        let winning = 0;
        for (let hundredths = 0; hundredths < 10_000; hundredths++) {
          if (direction === 'under' ? hundredths < target * 100 : hundredths > target * 100) winning++;
        }
        const winningRoll = direction === 'under' ? 0 : 9999;
        const losingRoll = target * 100;
        const payout = dice.start(scripted([winningRoll]), { target, direction }, {}).payout;
        expect(dice.start(scripted([losingRoll]), { target, direction }, {}).payout).toBe(0);
        const rtp = (winning * payout) / 10_000 / ONE_X;
        expect(rtp).toBeLessThanOrEqual(0.99);
        expect(rtp).toBeGreaterThanOrEqual(0.985);
      }
    }
    expect(dice.rtp({})).toBe(0.99);
  });

  it('gives the same RTP when every roll is played through the engine', () => {
    for (const [target, direction] of [
      [2, 'under'],
      [37, 'over'],
      [98, 'over'],
    ] as const) {
      let total = 0;
      for (let hundredths = 0; hundredths < 10_000; hundredths++) total += dice.start(scripted([hundredths]), { target, direction }, {}).payout;
      const rtp = total / 10_000 / ONE_X;
      expect(rtp).toBeLessThanOrEqual(0.99);
      expect(rtp).toBeGreaterThan(0.9899);
    }
  });

  it('pays exactly when the view says won, over many seeded rounds', () => {
    const rng = seeded(7);
    for (let round = 0; round < 2000; round++) {
      const target = 2 + rng.int(97);
      const direction = rng.int(2) === 0 ? 'over' : 'under';
      const step = dice.start(rng, { target, direction }, {});
      expectFinished(step);
      const { roll, won } = step.view;
      expect(Math.round(roll * 100)).toBeCloseTo(roll * 100, 9);
      expect(won).toBe(direction === 'under' ? roll < target : roll > target);
      expect(step.payout).toBe(won ? dicePayout(target, direction) : 0);
    }
  });
});

describe('roulette', () => {
  const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
  const table = roulette.config.parse({});
  const spin = (pocket: number, bets: RouletteBet[]) => roulette.start(scripted([pocket]), { bets }, table);
  const parse = (bets: unknown) => roulette.choice.safeParse({ bets });
  /** A bet of `amount` cents on a spot of the table. */
  const on = (spot: RouletteSpot, amount: number) => ({ ...spot.bet, amount }) as RouletteBet;
  const spotAt = (key: string) => ROULETTE_SPOTS.find((s) => s.key === key) as RouletteSpot;

  it('lays out the 157 spots of the European table, each inside bet on numbers that touch', () => {
    const count = (kind: string) => ROULETTE_SPOTS.filter((s) => s.bet.kind === kind).length;
    expect(ROULETTE_SPOTS).toHaveLength(157);
    expect(new Set(ROULETTE_SPOTS.map((s) => s.key)).size).toBe(157);
    expect([count('straight'), count('split'), count('street'), count('corner'), count('line')]).toEqual([37, 60, 14, 23, 11]);
    expect([count('dozen'), count('column'), count('red'), count('black'), count('even'), count('odd'), count('low'), count('high')]).toEqual([
      3, 3, 1, 1, 1, 1, 1, 1,
    ]);
    // On the table, n sits in column ceil(n/3) and row (n-1) mod 3: an inside bet covers a whole
    // block of touching numbers, a split 1×2, a street one column, a corner 2×2, a six line two columns.
    const shapes: Record<string, string[]> = { split: ['1×2', '2×1'], street: ['1×3'], corner: ['2×2'], line: ['2×3'] };
    for (const spot of ROULETTE_SPOTS.filter((s) => 'numbers' in s.bet && !s.numbers.includes(0))) {
      const columns = [...new Set(spot.numbers.map((n) => Math.ceil(n / 3)))].sort((a, b) => a - b);
      const rows = [...new Set(spot.numbers.map((n) => (n - 1) % 3))].sort((a, b) => a - b);
      expect(columns.length * rows.length, spot.key).toBe(spot.numbers.length);
      expect(columns.at(-1)! - columns[0]! + 1, spot.key).toBe(columns.length);
      expect(rows.at(-1)! - rows[0]! + 1, spot.key).toBe(rows.length);
      expect(shapes[spot.bet.kind], spot.key).toContain(`${columns.length}×${rows.length}`);
    }
    expect(spotAt('street-0-1-2').numbers).toEqual([0, 1, 2]);
    expect(spotAt('corner-0-1-2-3').numbers).toEqual([0, 1, 2, 3]);
    expect(spotAt('line-31-32-33-34-35-36').numbers).toEqual([31, 32, 33, 34, 35, 36]);
  });

  it('refuses bets off the table, values out of range, one spot twice and an empty layout', () => {
    for (const bad of [
      [{ kind: 'straight', amount: 10 }],
      [{ kind: 'straight', value: 38, amount: 10 }],
      [{ kind: 'straight', value: -1, amount: 10 }],
      [{ kind: 'dozen', value: 0, amount: 10 }],
      [{ kind: 'column', value: 4, amount: 10 }],
      [{ kind: 'red', value: 3, amount: 10 }],
      [{ kind: 'red', amount: 0 }],
      [{ kind: 'red', amount: 1.5 }],
      [{ kind: 'red', share: 1 }],
      [{ kind: 'split', numbers: [1, 5], amount: 10 }],
      [{ kind: 'split', numbers: [3, 4], amount: 10 }],
      [{ kind: 'split', numbers: [1, 2, 3], amount: 10 }],
      [{ kind: 'street', numbers: [2, 3, 4], amount: 10 }],
      [{ kind: 'corner', numbers: [3, 4, 6, 7], amount: 10 }],
      [{ kind: 'line', numbers: [2, 3, 4, 5, 6, 7], amount: 10 }],
      [{ kind: 'split', value: 1, amount: 10 }],
      [
        { kind: 'red', amount: 10 },
        { kind: 'red', amount: 10 },
      ],
      [
        { kind: 'split', numbers: [1, 2], amount: 10 },
        { kind: 'split', numbers: [2, 1], amount: 10 },
      ],
    ]) {
      const result = parse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).not.toBe('roulette_no_bets');
    }
    expect(parse([]).error?.issues[0]?.message).toBe('roulette_no_bets');
    expect(parse(ROULETTE_SPOTS.map((s) => on(s, 10))).success).toBe(true);
    expect(parse([{ kind: 'split', numbers: [2, 1], amount: 10 }]).success).toBe(true);
    expect(parse([{ kind: 'straight', value: 0, amount: 5 }]).success).toBe(true);
  });

  it('takes the sum of the amounts as the stake and refuses what breaks the table limits', () => {
    expect(table.limits).toEqual({ spotMin: STAKE_LIMITS.min, spotMax: STAKE_LIMITS.max / 4, tableMax: STAKE_LIMITS.max });
    const bets = (...amounts: number[]) => amounts.map((amount, i) => on(ROULETTE_SPOTS[i] as RouletteSpot, amount));
    expect(roulette.stakeOf?.({ bets: bets(10, 250, 2_500) }, table)).toBe(2_760);
    const refusal = (layout: RouletteBet[], config: RouletteConfig = table) => {
      try {
        roulette.stakeOf?.({ bets: layout }, config);
        return 'accepted';
      } catch (error) {
        return error instanceof EngineError ? error.code : 'thrown';
      }
    };
    expect(refusal(bets(9))).toBe('spot_below_min');
    // 00 is an American table's (the choice admits either wheel's spots; the table refuses another wheel's).
    expect(refusal([{ kind: 'straight', value: 37, amount: 10 }])).toBe('invalid_choice');
    expect(refusal(bets(10, 2_501))).toBe('spot_above_max');
    expect(refusal(bets(2_500, 2_500, 2_500, 2_500))).toBe('accepted');
    expect(refusal(bets(2_500, 2_500, 2_500, 2_500, 10))).toBe('table_above_max');
    const highLimit = roulette.config.parse({ limits: { spotMin: 100, spotMax: 5_000, tableMax: 8_000 } });
    expect(refusal(bets(50), highLimit)).toBe('spot_below_min');
    expect(refusal(bets(5_000, 3_000), highLimit)).toBe('accepted');
    expect(refusal(bets(5_000, 3_100), highLimit)).toBe('table_above_max');
    // A partial config keeps the other defaults; impossible limits do not load.
    expect(roulette.config.parse({ limits: { spotMax: 1_000 } }).limits).toEqual({ spotMin: 10, spotMax: 1_000, tableMax: 10_000 });
    for (const limits of [{ spotMin: 5 }, { tableMax: 20_000 }, { spotMin: 500, spotMax: 100 }, { spotMax: 9_000, tableMax: 5_000 }, { spotMin: 10.5 }]) {
      expect(roulette.config.safeParse({ limits }).success, JSON.stringify(limits)).toBe(false);
    }
  });

  it('gives every roulette table of the catalogue limits the engine accepts', () => {
    const tables = GAMES.filter((g) => g.engine === 'roulette');
    expect(tables.length).toBeGreaterThan(1);
    for (const g of tables) expect(roulette.config.safeParse({ theme: g.theme, ...g.config }).success, g.slug).toBe(true);
  });

  it('offers chips between the spot minimum and maximum, the minimum first', () => {
    expect(rouletteChips(ROULETTE_LIMITS)).toEqual([10, 50, 100, 500, 1_000, 2_500]);
    expect(rouletteChips({ spotMin: 100, spotMax: 5_000, tableMax: 10_000 })).toEqual([100, 500, 1_000, 2_500, 5_000]);
    expect(rouletteChips({ spotMin: 20, spotMax: 10_000, tableMax: 10_000 })).toEqual([20, 50, 100, 500, 1_000, 2_500]);
    expect(rouletteChips({ spotMin: 10, spotMax: 10, tableMax: 10 })).toEqual([10]);
  });

  it('pays each winning bet its own amount times 36 shared by the numbers it covers', () => {
    const step = spin(17, [
      { kind: 'straight', value: 17, amount: 10 },
      { kind: 'split', numbers: [17, 20], amount: 20 },
      { kind: 'street', numbers: [16, 17, 18], amount: 30 },
      { kind: 'corner', numbers: [13, 14, 16, 17], amount: 40 },
      { kind: 'line', numbers: [13, 14, 15, 16, 17, 18], amount: 50 },
      { kind: 'dozen', value: 2, amount: 60 },
      { kind: 'column', value: 2, amount: 70 },
      { kind: 'black', amount: 80 },
      { kind: 'odd', amount: 90 },
      { kind: 'low', amount: 100 },
      { kind: 'red', amount: 110 },
    ]);
    expectFinished(step);
    expect(step.view).toEqual({ number: 17, color: 'black', winningBets: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] });
    expect(step.win).toBe(10 * 36 + 20 * 18 + 30 * 12 + 40 * 9 + 50 * 6 + 60 * 3 + 70 * 3 + 80 * 2 + 90 * 2 + 100 * 2);
    expect(spin(18, [{ kind: 'straight', value: 17, amount: 10 }]).win).toBe(0);
  });

  it('colours the eighteen red pockets red, zero green and the rest black', () => {
    for (let pocket = 0; pocket <= 36; pocket++) {
      const color = spin(pocket, [{ kind: 'red', amount: 10 }]).view.color;
      expect(color).toBe(pocket === 0 ? 'green' : RED.includes(pocket) ? 'red' : 'black');
    }
  });

  it("loses every outside bet on zero and pays zero's straight, splits, trios and first four", () => {
    const outside = ROULETTE_SPOTS.filter((s) => !('numbers' in s.bet) && s.bet.kind !== 'straight');
    const zeros = ROULETTE_SPOTS.filter((s) => s.numbers.includes(0));
    expect(zeros.map((s) => s.key)).toEqual(['straight-0', 'split-0-1', 'split-0-2', 'split-0-3', 'street-0-1-2', 'street-0-2-3', 'corner-0-1-2-3']);
    const step = spin(
      0,
      [...outside, ...zeros].map((s) => on(s, 10)),
    );
    expect(step.view.winningBets).toEqual(zeros.map((_, i) => outside.length + i));
    expect(step.win).toBe(10 * (36 + 18 * 3 + 12 * 2 + 9));
  });

  it('returns exactly 36/37 on every spot of the table over the 37 pockets', () => {
    for (const spot of ROULETTE_SPOTS) {
      let won = 0;
      for (let pocket = 0; pocket <= 36; pocket++) {
        const step = spin(pocket, [on(spot, 100)]);
        expect(step.view.winningBets).toEqual(spot.numbers.includes(pocket) ? [0] : []);
        won += step.win ?? Number.NaN;
      }
      expect(won, spot.key).toBe(36 * 100);
    }
    expect(roulette.rtp(table)).toBe(36 / 37);
  });

  it('pays any layout exactly the sum of its bets’ wins, to the cent, for a return of exactly 36/37', () => {
    const layout = fc
      .uniqueArray(fc.record({ spot: fc.integer({ min: 0, max: ROULETTE_SPOTS.length - 1 }), amount: fc.integer({ min: 10, max: 2_500 }) }), {
        minLength: 1,
        maxLength: 40,
        selector: (b) => b.spot,
      })
      .map((picked) => picked.map((b) => on(ROULETTE_SPOTS[b.spot] as RouletteSpot, b.amount)));
    fc.assert(
      fc.property(layout, (bets) => {
        const stake = bets.reduce((sum, b) => sum + b.amount, 0);
        let returned = 0;
        for (let pocket = 0; pocket <= 36; pocket++) {
          const step = spin(pocket, bets);
          const exact = bets.reduce((sum, b) => {
            const spot = ROULETTE_SPOT_BY_KEY.get(rouletteSpotKey(b)) as RouletteSpot;
            return sum + (spot.numbers.includes(pocket) ? (b.amount * 36) / spot.numbers.length : 0);
          }, 0);
          expect(step.win).toBe(exact);
          expect(step.payout).toBe(Math.floor((exact * ONE_X) / stake));
          returned += exact;
        }
        expect(returned).toBe(36 * stake);
      }),
      { numRuns: 200 },
    );
  });

  it('lists as winning bets exactly those that make up the win', () => {
    const rng = seeded(5);
    for (let round = 0; round < 500; round++) {
      const bets: RouletteBet[] = [
        { kind: 'straight', value: rng.int(37), amount: 10 + rng.int(50) },
        { kind: 'dozen', value: 1 + rng.int(3), amount: 10 + rng.int(50) },
        { kind: 'odd', amount: 10 + rng.int(50) },
      ];
      const step = roulette.start(rng, { bets }, table);
      expectFinished(step);
      const multipliers = [36, 3, 2];
      expect(step.win).toBe(step.view.winningBets.reduce((sum, index) => sum + bets[index]!.amount * multipliers[index]!, 0));
      expect(step.view.number).toBeGreaterThanOrEqual(0);
      expect(step.view.number).toBeLessThanOrEqual(36);
    }
  });
});

describe('keno', () => {
  /** P(hits | picks) for 20 drawn of 80, exact up to the final division. */
  const hypergeometric = (picks: number, hits: number) => Number(binomial(picks, hits) * binomial(80 - picks, 20 - hits)) / Number(binomial(80, 20));

  it('refuses no picks, eleven picks, duplicate picks and numbers outside 1..80', () => {
    for (const bad of [[], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], [5, 5], [1, 2, 3, 2], [0], [81], [1.5], ['7']]) {
      expect(keno.choice.safeParse({ picks: bad }).success).toBe(false);
    }
    expect(keno.choice.safeParse({ picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }).success).toBe(true);
    expect(keno.choice.safeParse({ picks: [80] }).success).toBe(true);
  });

  it('has a paytable row for every pick count with one entry per possible hit count', () => {
    for (let picks = 1; picks <= 10; picks++) {
      expect(KENO_PAYTABLE[picks]).toHaveLength(picks + 1);
      for (const payout of KENO_PAYTABLE[picks]!) expect(Number.isInteger(payout)).toBe(true);
    }
  });

  it('returns between 94 % and 96 % for every pick count, by hypergeometric probabilities', () => {
    const rtps: number[] = [];
    for (let picks = 1; picks <= 10; picks++) {
      let rtp = 0;
      let probability = 0;
      for (let hits = 0; hits <= picks; hits++) {
        probability += hypergeometric(picks, hits);
        rtp += (hypergeometric(picks, hits) * KENO_PAYTABLE[picks]![hits]!) / ONE_X;
      }
      expect(probability).toBeCloseTo(1, 12);
      expect(rtp).toBeGreaterThanOrEqual(0.94);
      expect(rtp).toBeLessThanOrEqual(0.96);
      expect(kenoRtp(picks)).toBeCloseTo(rtp, 12);
      rtps.push(rtp);
    }
    expect(keno.rtp({})).toBeCloseTo(Math.min(...rtps), 12);
  });

  it('draws 20 distinct numbers and pays by how many picks were drawn', () => {
    const rng = seeded(3);
    for (let round = 0; round < 3000; round++) {
      const count = 1 + rng.int(10);
      const picks = [...new Set(Array.from({ length: 40 }, () => 1 + rng.int(80)))].slice(0, count);
      const step = keno.start(rng, { picks }, {});
      expectFinished(step);
      const { drawn, hits } = step.view;
      expect(drawn).toHaveLength(20);
      expect(new Set(drawn).size).toBe(20);
      for (const n of drawn) expect(n >= 1 && n <= 80 && Number.isInteger(n)).toBe(true);
      expect(hits).toEqual(picks.filter((n) => drawn.includes(n)).sort((a, b) => a - b));
      expect(step.view.picks).toEqual(picks);
      expect(step.payout).toBe(KENO_PAYTABLE[picks.length]![hits.length]);
    }
  });

  it('draws every number with the same chance', () => {
    const rng = seeded(9);
    const seen = new Array<number>(81).fill(0);
    const rounds = 20_000;
    for (let round = 0; round < rounds; round++) for (const n of keno.start(rng, { picks: [1] }, {}).view.drawn) seen[n]!++;
    // Each number is drawn with probability 1/4; ±6 % is more than 4 standard deviations.
    for (let n = 1; n <= 80; n++) expect(Math.abs(seen[n]! / (rounds / 4) - 1)).toBeLessThan(0.06);
  });
});

describe('scratch', () => {
  it('takes no input but an object, and a theme as config', () => {
    expect(scratch.choice.safeParse({}).success).toBe(true);
    expect(scratch.choice.safeParse(null).success).toBe(false);
    expect(scratch.choice.safeParse('card').success).toBe(false);
    expect(scratch.config.safeParse({ theme: 'gold' }).success).toBe(true);
    expect(scratch.config.safeParse({ theme: 7 }).success).toBe(false);
  });

  it('returns exactly 95 % by its prize table, with integer weights', () => {
    let weighted = 0;
    let total = SCRATCH_LOSE_WEIGHT;
    for (const tier of SCRATCH_PRIZES) {
      expect(Number.isInteger(tier.weight) && tier.weight > 0).toBe(true);
      weighted += tier.prize * tier.weight;
      total += tier.weight;
    }
    expect(total).toBe(SCRATCH_TOTAL_WEIGHT);
    const rtp = weighted / total / ONE_X;
    expect(rtp).toBe(0.95);
    expect(scratch.rtp({})).toBeCloseTo(rtp, 12);
    expect(rtp).toBeGreaterThanOrEqual(0.94);
    expect(rtp).toBeLessThanOrEqual(0.96);
  });

  it('picks the tier by its weight: the first ticket wins the first prize and the last one loses', () => {
    const first = scratch.start(scripted([0]), {}, {});
    expect(first.view.symbol).toBe('cherry');
    expect(first.payout).toBe(SCRATCH_PRIZES[0].prize);
    expect(scratch.start(scripted([SCRATCH_PRIZES[0].weight]), {}, {}).view.symbol).toBe('lemon');
    const last = scratch.start(scripted([SCRATCH_TOTAL_WEIGHT - 1]), {}, {});
    expect(last.view.symbol).toBeNull();
    expect(last.payout).toBe(0);
  });

  it('shows three of a kind exactly when the card pays, and of the paid symbol', () => {
    const rng = seeded(21);
    const prizeOf = new Map<string, number>(SCRATCH_PRIZES.map((tier) => [tier.symbol, tier.prize]));
    const mismatches: unknown[] = [];
    let winners = 0;
    const rounds = 50_000;
    // Plain checks in the loop and one assertion at the end: expect() per card is too slow here.
    for (let round = 0; round < rounds; round++) {
      const step = scratch.start(rng, {}, {});
      const { cells, prize, symbol } = step.view;
      const counts = new Map<string, number>();
      for (const cell of cells) counts.set(cell, (counts.get(cell) ?? 0) + 1);
      const triples = [...counts].filter(([, count]) => count >= 3);
      const wins = step.payout > 0;
      if (wins) winners++;
      const consistent =
        step.done &&
        step.actions.length === 0 &&
        cells.length === 9 &&
        cells.every((cell) => prizeOf.has(cell)) &&
        prize === step.payout &&
        (wins
          ? triples.length === 1 && triples[0]![0] === symbol && triples[0]![1] === 3 && prizeOf.get(symbol) === prize
          : triples.length === 0 && symbol === null);
      if (!consistent) mismatches.push(step.view);
    }
    expect(mismatches).toEqual([]);
    // 28.42 % of cards win; ±1 point is five standard deviations over 50 000 cards.
    expect(Math.abs(winners / rounds - 0.2842)).toBeLessThan(0.01);
  });
});

describe('slot', () => {
  const classic = SLOT_VARIANTS.classic.paytable;

  it('refuses an unknown or missing variant', () => {
    expect(slot.config.safeParse({ variant: 'classic' }).success).toBe(true);
    expect(slot.config.safeParse({ variant: 'volatile', theme: 'egypt' }).success).toBe(true);
    expect(slot.config.safeParse({ variant: 'mega' }).success).toBe(false);
    expect(slot.config.safeParse({}).success).toBe(false);
    expect(slot.choice.safeParse({}).success).toBe(true);
    expect(slot.choice.safeParse(null).success).toBe(false);
  });

  it('has reel strips of 20 to 32 known symbols and ten lines of five rows', () => {
    for (const { strips, paytable } of Object.values(SLOT_VARIANTS)) {
      expect(strips).toHaveLength(5);
      for (const strip of strips) {
        expect(strip.length).toBeGreaterThanOrEqual(20);
        expect(strip.length).toBeLessThanOrEqual(32);
        for (const symbol of strip) expect(SLOT_SYMBOLS).toContain(symbol);
      }
      for (const symbol of SLOT_SYMBOLS) if (symbol !== 'scatter') for (const pay of paytable[symbol]) expect(Number.isInteger(pay)).toBe(true);
    }
    expect(SLOT_LINES).toHaveLength(10);
    for (const line of SLOT_LINES) {
      expect(line).toHaveLength(5);
      for (const row of line) expect([0, 1, 2]).toContain(row);
    }
    expect(new Set(SLOT_LINES.map((line) => line.join())).size).toBe(10);
  });

  it('lets wilds stand in for the symbol they sit next to', () => {
    expect(slotLineWin(['wild', 'king', 'king', 'nine', 'ten'], classic)).toEqual({ symbol: 'king', count: 3, multiple: classic.king[0] });
    expect(slotLineWin(['king', 'wild', 'king', 'wild', 'king'], classic)).toEqual({ symbol: 'king', count: 5, multiple: classic.king[2] });
    expect(slotLineWin(['wild', 'wild', 'nine', 'ten', 'ten'], classic)).toEqual({ symbol: 'nine', count: 3, multiple: classic.nine[0] });
    expect(slotLineWin(['nine', 'nine', 'ten', 'nine', 'nine'], classic).multiple).toBe(0);
    expect(slotLineWin(['ten', 'nine', 'nine', 'nine', 'nine'], classic).multiple).toBe(0);
  });

  it('pays a line with wilds as the best of the wilds alone and the symbol they complete', () => {
    // Three wilds (100) beat five nines (60)…
    expect(slotLineWin(['wild', 'wild', 'wild', 'nine', 'nine'], classic)).toEqual({ symbol: 'wild', count: 3, multiple: classic.wild[0] });
    // …but five sevens (1000) beat three wilds.
    expect(slotLineWin(['wild', 'wild', 'wild', 'seven', 'seven'], classic)).toEqual({ symbol: 'seven', count: 5, multiple: classic.seven[2] });
    expect(slotLineWin(['wild', 'wild', 'wild', 'wild', 'wild'], classic)).toEqual({ symbol: 'wild', count: 5, multiple: classic.wild[2] });
  });

  it('shows three consecutive stops per reel and pays the middle line of five sevens with a wild', () => {
    const { strips } = SLOT_VARIANTS.classic;
    // Stops whose middle row holds the wanted symbol: seven, wild, seven, seven, seven.
    const wanted: SlotSymbol[] = ['seven', 'wild', 'seven', 'seven', 'seven'];
    const stops = strips.map((strip, reel) => {
      const at = strip.findIndex((_, stop) => strip[(stop + 1) % strip.length] === wanted[reel]);
      expect(at).toBeGreaterThanOrEqual(0);
      return at;
    });
    const step = slot.start(scripted(stops), {}, { variant: 'classic' });
    expectFinished(step);
    step.view.reels.forEach((visible, reel) => {
      const strip = strips[reel]!;
      expect(visible).toEqual([0, 1, 2].map((row) => strip[(stops[reel]! + row) % strip.length]));
    });
    expect(step.view.lines[0]).toEqual({ line: 0, symbol: 'seven', count: 5, pays: (classic.seven[2] * ONE_X) / 10 });
    expect(step.payout).toBe(step.view.lines.reduce((sum, win) => sum + win.pays, 0));
  });

  it('reports every winning line and pays their sum, over many seeded spins', () => {
    const rng = seeded(13);
    for (const variant of ['classic', 'volatile'] as const) {
      const { paytable } = SLOT_VARIANTS[variant];
      for (let spin = 0; spin < 3000; spin++) {
        const step = slot.start(rng, {}, { variant });
        expectFinished(step);
        expect(step.view.reels).toHaveLength(5);
        const expected = SLOT_LINES.flatMap((rows, line) => {
          const win = slotLineWin(
            rows.map((row, reel) => step.view.reels[reel]![row]!),
            paytable,
          );
          return win.multiple > 0 ? [{ line, symbol: win.symbol, count: win.count, pays: (win.multiple * ONE_X) / 10 }] : [];
        });
        expect(step.view.lines).toEqual(expected);
        expect(step.payout).toBe(expected.reduce((sum, win) => sum + win.pays, 0));
      }
    }
  });

  it('computes an exact RTP of 95.5–96.5 % for classic and 95–97 % for volatile', () => {
    const classicRtp = slot.rtp({ variant: 'classic' });
    const volatileRtp = slot.rtp({ variant: 'volatile' });
    expect(classicRtp).toBeGreaterThanOrEqual(0.955);
    expect(classicRtp).toBeLessThanOrEqual(0.965);
    expect(volatileRtp).toBeGreaterThanOrEqual(0.95);
    expect(volatileRtp).toBeLessThanOrEqual(0.97);
    // The exact fractions: all winning-line weights over every symbol combination of one line.
    expect(classicRtp).toBeCloseTo(27_469_900 / 31 ** 5, 12);
    expect(volatileRtp).toBeCloseTo(32_202_360 / 32 ** 5, 12);
  });

  // Two seconds alone; seconds more when it shares the cores with the other suites.
  it('returns within 3 % of the exact RTP over 200 000 seeded spins', { timeout: 60_000 }, () => {
    for (const variant of ['classic', 'volatile'] as const) {
      const rng = seeded(2024);
      let total = 0;
      const spins = 200_000;
      for (let spin = 0; spin < spins; spin++) total += slot.start(rng, {}, { variant }).payout;
      const simulated = total / spins / ONE_X;
      // Standard error is 0.6 % (classic) and 1 % (volatile) of the stake over 200 000 spins.
      expect(Math.abs(simulated / slot.rtp({ variant }) - 1)).toBeLessThan(0.03);
    }
  });
});
