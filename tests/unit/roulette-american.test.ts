// American roulette (the roulette engine with `wheel: 'american'`): the table with 0 and
// 00, the five-number bet, the exact returns by enumeration over the 38 pockets, and the
// fair mapping that draws a pocket in [0, 38) the same way on the server and in the browser.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/server/demo/games.ts';
import { type RouletteBet, type RouletteConfig, roulette } from '../../src/server/games/engines/roulette.ts';
import { EngineError, type Rng } from '../../src/server/games/engines/types.ts';
import { nodeHmac, outcomeOf, roundRng } from '../../src/server/games/fairness.ts';
import {
  AMERICAN_ROULETTE_RTP,
  AMERICAN_ROULETTE_SPOT_BY_KEY,
  AMERICAN_ROULETTE_SPOTS,
  DOUBLE_ZERO,
  ROULETTE_SPOTS,
  type RouletteSpot,
  rouletteColor,
  roulettePocketLabel,
  rouletteSpotKey,
} from '../../src/shared/game-tables.ts';
import { type FairSeeds, fairOutcome, fairRng } from '../../src/shared/fairness.ts';

/** Answers one pocket, checking the engine asked for a number in [0, 38). */
const pocketRng = (pocket: number): Rng & { asked: number[] } => {
  const asked: number[] = [];
  return {
    asked,
    int(maxExclusive) {
      asked.push(maxExclusive);
      if (pocket >= maxExclusive) throw new Error(`pocket ${pocket} outside [0, ${maxExclusive})`);
      return pocket;
    },
  };
};

const american = roulette.config.parse({ wheel: 'american' });
const european = roulette.config.parse({});
const spin = (pocket: number, bets: RouletteBet[], config: RouletteConfig = american) => roulette.start(pocketRng(pocket), { bets }, config);
const on = (spot: RouletteSpot, amount: number) => ({ ...spot.bet, amount }) as RouletteBet;
const refusal = (bets: RouletteBet[], config: RouletteConfig) => {
  try {
    roulette.stakeOf?.({ bets }, config);
    return 'accepted';
  } catch (error) {
    return error instanceof EngineError ? error.code : 'thrown';
  }
};
const POCKETS = Array.from({ length: 38 }, (_, i) => i);

describe('American roulette', () => {
  it('lays out the 161 spots of the American table: 00, its splits and streets, the five-number bet, no first four', () => {
    const count = (kind: string) => AMERICAN_ROULETTE_SPOTS.filter((s) => s.bet.kind === kind).length;
    expect(AMERICAN_ROULETTE_SPOTS).toHaveLength(161);
    expect(new Set(AMERICAN_ROULETTE_SPOTS.map((s) => s.key)).size).toBe(161);
    expect([count('straight'), count('split'), count('street'), count('five'), count('corner'), count('line')]).toEqual([38, 62, 15, 1, 22, 11]);
    const zeros = AMERICAN_ROULETTE_SPOTS.filter((s) => s.numbers.includes(0) || s.numbers.includes(DOUBLE_ZERO)).map((s) => s.key);
    expect(zeros).toEqual([
      'straight-0',
      'straight-37',
      'split-0-37',
      'split-0-1',
      'split-0-2',
      'split-2-37',
      'split-3-37',
      'street-0-1-2',
      'street-0-2-37',
      'street-2-3-37',
      'five-0-1-2-3-37',
    ]);
    // Away from the zeros the table is the European one.
    const away = (spots: readonly RouletteSpot[]) =>
      spots
        .filter((s) => !s.numbers.includes(0) && !s.numbers.includes(DOUBLE_ZERO))
        .map((s) => s.key)
        .sort();
    expect(away(AMERICAN_ROULETTE_SPOTS)).toEqual(away(ROULETTE_SPOTS));
    expect(AMERICAN_ROULETTE_SPOT_BY_KEY.has('corner-0-1-2-3')).toBe(false);
    expect([rouletteColor(DOUBLE_ZERO), roulettePocketLabel(DOUBLE_ZERO), roulettePocketLabel(0), roulettePocketLabel(36)]).toEqual(['green', '00', '0', '36']);
  });

  it('takes 00 and its bets only on an American table, and the first four only on a European one', () => {
    const doubleZero: RouletteBet[] = [{ kind: 'straight', value: DOUBLE_ZERO, amount: 100 }];
    const five: RouletteBet[] = [{ kind: 'five', numbers: [37, 3, 2, 1, 0], amount: 100 }];
    const firstFour: RouletteBet[] = [{ kind: 'corner', numbers: [0, 1, 2, 3], amount: 100 }];
    for (const bets of [doubleZero, five, firstFour]) expect(roulette.choice.safeParse({ bets }).success).toBe(true);
    expect([refusal(doubleZero, american), refusal(five, american), refusal(firstFour, american)]).toEqual(['accepted', 'accepted', 'invalid_choice']);
    expect([refusal(doubleZero, european), refusal(five, european), refusal(firstFour, european)]).toEqual(['invalid_choice', 'invalid_choice', 'accepted']);
    for (const bad of [
      { kind: 'straight', value: 38, amount: 100 },
      { kind: 'five', numbers: [0, 1, 2, 3], amount: 100 },
      { kind: 'five', numbers: [0, 1, 2, 3, 4], amount: 100 },
      { kind: 'split', numbers: [1, 37], amount: 100 },
    ]) {
      expect(roulette.choice.safeParse({ bets: [bad] }).success, JSON.stringify(bad)).toBe(false);
    }
    // La partage is a European wheel's rule.
    expect(roulette.config.safeParse({ wheel: 'american', rule: 'la_partage' }).success).toBe(false);
    expect(roulette.config.safeParse({ wheel: 'triple' }).success).toBe(false);
  });

  it('draws one pocket in [0, 38) and lands on 00 as pocket 37, which loses every outside bet', () => {
    const rng = pocketRng(DOUBLE_ZERO);
    const outside = AMERICAN_ROULETTE_SPOTS.filter((s) => !('numbers' in s.bet) && s.bet.kind !== 'straight');
    const step = roulette.start(rng, { bets: [...outside.map((s) => on(s, 100)), { kind: 'straight', value: DOUBLE_ZERO, amount: 100 }] }, american);
    expect(rng.asked).toEqual([38]);
    expect(step.view).toEqual({ number: DOUBLE_ZERO, color: 'green', winningBets: [outside.length] });
    expect(step.win).toBe(3_600);
    // The European wheel still draws from 37.
    const europeanRng = pocketRng(36);
    roulette.start(europeanRng, { bets: [{ kind: 'red', amount: 100 }] }, european);
    expect(europeanRng.asked).toEqual([37]);
  });

  it('returns exactly 36/38 (94.74 %) on every spot over the 38 pockets, and 35/38 (92.11 %) on the five-number bet, which pays 6 to 1', () => {
    for (const spot of AMERICAN_ROULETTE_SPOTS) {
      let won = 0;
      for (const pocket of POCKETS) {
        const step = spin(pocket, [on(spot, 100)]);
        expect(step.view.winningBets).toEqual(spot.numbers.includes(pocket) ? [0] : []);
        won += step.win ?? Number.NaN;
      }
      const rtp = won / (100 * 38);
      expect(won, spot.key).toBe(spot.bet.kind === 'five' ? 3_500 : 3_600);
      expect(rtp.toFixed(4), spot.key).toBe(spot.bet.kind === 'five' ? '0.9211' : '0.9474');
    }
    expect(spin(2, [{ kind: 'five', numbers: [0, 1, 2, 3, 37], amount: 100 }]).win).toBe(700);
    expect([AMERICAN_ROULETTE_RTP.standard.toFixed(4), AMERICAN_ROULETTE_RTP.fiveNumber.toFixed(4)]).toEqual(['0.9474', '0.9211']);
    // The page states the table's lowest return before play: the five-number bet's.
    expect(roulette.rtp(american)).toBe(35 / 38);
    expect(roulette.rtp(european)).toBe(36 / 37);
  });

  it('pays any layout the sum of its bets’ wins to the cent: 36 units per unit staked over the wheel, 35 on the five-number bet', () => {
    const layout = fc
      .uniqueArray(fc.record({ spot: fc.integer({ min: 0, max: AMERICAN_ROULETTE_SPOTS.length - 1 }), amount: fc.integer({ min: 10, max: 2_500 }) }), {
        minLength: 1,
        maxLength: 40,
        selector: (b) => b.spot,
      })
      .map((picked) => picked.map((b) => on(AMERICAN_ROULETTE_SPOTS[b.spot] as RouletteSpot, b.amount)));
    fc.assert(
      fc.property(layout, (bets) => {
        let returned = 0;
        for (const pocket of POCKETS) returned += spin(pocket, bets).win ?? Number.NaN;
        const expected = bets.reduce((sum, b) => sum + b.amount * (AMERICAN_ROULETTE_SPOT_BY_KEY.get(rouletteSpotKey(b))?.bet.kind === 'five' ? 35 : 36), 0);
        expect(returned).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('plays its catalogue tables on the American wheel', () => {
    const tables = GAMES.filter((g) => g.engine === 'roulette' && g.config?.wheel === 'american');
    expect(tables.map((g) => g.slug)).toEqual(['american-roulette', 'vegas-double-zero']);
    for (const g of tables) expect(roulette.config.parse(g.config).wheel).toBe('american');
  });
});

describe('American roulette, provably fair', () => {
  const seeds = (nonce: number): FairSeeds => ({
    serverSeed: '7c1e0f3a9b2d4c6e8f0a1b3c5d7e9f1a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e',
    clientSeed: 'wheel-00',
    nonce,
  });

  it('maps the first word of the stream to a pocket by rejection sampling over 38', () => {
    // 2^32 mod 38 = 4: the words 2^32 − 4 … 2^32 − 1 are thrown away.
    const limit = 2 ** 32 - (2 ** 32 % 38);
    for (let nonce = 0; nonce < 50; nonce++) {
      const block = createHmac('sha256', seeds(nonce).serverSeed).update(`wheel-00:${nonce}:0`).digest();
      const word = block.readUInt32BE(0);
      if (word >= limit) continue;
      expect(fairOutcome('roulette', fairRng(nodeHmac, seeds(nonce)), 'american')).toEqual({ number: word % 38 });
    }
    // A rejected word is skipped: a block of 0xFFFFFFFC words, then one of 37s.
    const blocks = [new Uint8Array(32).fill(0xff).map((b, i) => (i % 4 === 3 ? 0xfc : b)), Uint8Array.from({ length: 32 }, (_, i) => (i % 4 === 3 ? 37 : 0))];
    let cursor = 0;
    expect(
      fairOutcome(
        'roulette',
        fairRng(() => blocks[cursor++] ?? new Uint8Array(32), seeds(0)),
        'american',
      ),
    ).toEqual({ number: DOUBLE_ZERO });
  });

  it('plays the stated outcome, reaches every one of the 38 pockets, and the browser recomputes the same rounds', async () => {
    const { computeOutcome, verifyRound } = await import('../../src/shared/fairness-verify.ts');
    const seen = new Set<number>();
    const config = { wheel: 'american' };
    for (let nonce = 0; nonce < 400; nonce++) {
      const stated = outcomeOf('roulette', config, seeds(nonce)) as { number: number };
      const step = roulette.start(roundRng(seeds(nonce)), { bets: [{ kind: 'red', amount: 100 }] }, american);
      expect(step.view.number).toBe(stated.number);
      seen.add(stated.number);
      if (nonce < 40) expect(await computeOutcome('roulette', seeds(nonce), 'american')).toEqual(stated);
    }
    expect(seen.size).toBe(38);
    // A European reading of an American round is told apart.
    const nonce = [...Array(40).keys()].find(
      (n) => (outcomeOf('roulette', config, seeds(n)) as { number: number }).number !== (outcomeOf('roulette', {}, seeds(n)) as { number: number }).number,
    ) as number;
    const outcome = outcomeOf('roulette', config, seeds(nonce));
    expect(await verifyRound({ engine: 'roulette', variant: 'american', ...seeds(nonce), outcome: outcome as never })).toMatchObject({ verified: true });
    expect(await verifyRound({ engine: 'roulette', ...seeds(nonce), outcome: outcome as never })).toMatchObject({ verified: false });
  });
});
