// The short version of `npm run bench rtp`: every single-round engine, drawn from the fair
// stream, returns its exact RTP within the 99 % interval of a seeded simulation, and
// dice and roulette outcomes pass a chi-square test at α = 0.01.
import { describe, expect, it } from 'vitest';
import { chiSquareCritical, chiSquares, RTP_CASES, simulateCrash, simulateRtp } from '../../bench/rtp.ts';

describe('return to player from the fair stream (short run)', () => {
  for (const c of RTP_CASES) {
    it(`${c.name}: 20,000 rounds agree with ${c.rtp.toFixed(4)}`, { timeout: 60_000 }, () => {
      const r = simulateRtp(c, 20_000);
      expect(Math.abs(r.mean - r.rtp), `${r.mean} ± ${r.halfWidth}`).toBeLessThanOrEqual(r.halfWidth);
    });
  }
  it('crash: an auto cash-out at 2× and at 10× returns 99 %', { timeout: 60_000 }, () => {
    for (const target of [200, 1000]) {
      const r = simulateCrash(target, 50_000);
      expect(Math.abs(r.mean - 0.99), `${r.mean} ± ${r.halfWidth}`).toBeLessThanOrEqual(r.halfWidth);
    }
  });
  it('passes chi-square at α = 0.01 for 50,000 dice rolls and roulette spins', { timeout: 60_000 }, () => {
    expect(chiSquareCritical(36)).toBeCloseTo(58.62, 1);
    expect(chiSquareCritical(99)).toBeCloseTo(134.64, 0);
    for (const c of chiSquares(50_000)) expect(c.statistic, c.name).toBeLessThan(c.critical);
  });
});
