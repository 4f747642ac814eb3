// The featured slot models: scatters that pay anywhere and start free spins, the bonus
// buy, megaways' changing reels and ways, and the jackpot draw. Exact RTPs are stated to
// four places and checked against an independent count; seeded simulations of them run
// in rtp.test.ts (and `npm run bench rtp`).
import { describe, expect, it } from 'vitest';
import { freeSpinsRtp, megawaysRtp, SLOT_VARIANTS, slot, slotRtp, waysWins } from '../../src/server/games/engines/slot.ts';
import { EngineError, ONE_X, type Rng } from '../../src/server/games/engines/types.ts';
import { roundRng } from '../../src/server/games/fairness.ts';
import type { SlotSymbol } from '../../src/shared/game-tables.ts';
import type { SlotView } from '../../src/shared/game-views.ts';
import { FREESPINS, featureDraws, JACKPOT_RANGE, jackpotHit, MEGAWAYS, scattersAt } from '../../src/shared/slot-models.ts';

const seeds = (nonce: number) => ({ serverSeed: 'slot-features', clientSeed: 'test', nonce });

/** A source that answers `values` in order, then fails: a test names every draw it makes. */
function scripted(values: number[]): Rng {
  let i = 0;
  return {
    int(n) {
      const v = values[i++];
      if (v === undefined) throw new Error('draw not scripted');
      if (v >= n) throw new Error(`draw ${v} out of [0, ${n})`);
      return v;
    },
  };
}

/** A stop whose 3-row window starts with `symbol`, on `strip`. */
const stopOf = (strip: readonly SlotSymbol[], symbol: SlotSymbol) => strip.indexOf(symbol);
/** A stop whose 3-row window shows no scatter. */
const noScatter = (strip: readonly SlotSymbol[]) => strip.findIndex((_, stop) => scattersAt([strip], [stop]) === 0);

describe('featured slot models', () => {
  it('states each exact RTP to four decimal places', () => {
    const fs = freeSpinsRtp();
    expect(fs.base.toFixed(4)).toBe('0.9651');
    expect(fs.buy.toFixed(4)).toBe('0.9736');
    expect(megawaysRtp().toFixed(4)).toBe('0.9598');
    expect(slot.rtp({ variant: 'freespins' })).toBe(fs.base);
    expect(slot.rtp({ variant: 'megaways' })).toBe(megawaysRtp());
    expect(slot.rtp({ variant: 'megaways-jackpot' })).toBe(megawaysRtp());
    expect(slot.rtp({ variant: 'classic-jackpot' })).toBe(slotRtp(SLOT_VARIANTS.classic));
  });

  it('counts the free spins trigger by enumerating every stop combination of the five reels', () => {
    // Independent of the engine's convolution: all 31^5 base stops, one by one.
    const reels = FREESPINS.base;
    const perReel = reels.map((strip) => Array.from({ length: strip.length }, (_, stop) => scattersAt([strip], [stop])));
    let triggers = 0;
    let scatterPays = 0;
    const visit = (r: number, count: number) => {
      if (r === reels.length) {
        if (count >= 3) {
          triggers++;
          scatterPays += FREESPINS.scatterPays[Math.min(count, 5) - 3]!;
        }
        return;
      }
      for (const n of perReel[r]!) visit(r + 1, count + n);
    };
    visit(0, 0);
    const combos = reels.reduce((product, strip) => product * strip.length, 1);
    expect(freeSpinsRtp().trigger).toBeCloseTo(triggers / combos, 14);
    expect(freeSpinsRtp().scatters).toBeCloseTo(scatterPays / combos / 10, 14);
    // About one spin in 128 starts the free spins.
    expect(Math.round(combos / triggers)).toBe(128);
  });

  it('pays three scatters anywhere and plays ten free spins on the free reels, every win tripled', () => {
    // Scatters on reels 1, 2 and 3 (top row), the others anywhere without one.
    const stops = FREESPINS.base.map((strip, r) => (r < 3 ? stopOf(strip, 'scatter') : noScatter(strip)));
    const free = Array.from({ length: 10 }, (_, i) => FREESPINS.free.map((strip) => (i * 3) % strip.length));
    const step = slot.start(scripted([...stops, ...free.flat()]), {}, { variant: 'freespins' });
    const view = step.view as SlotView;
    expect(view.scatter).toEqual({ count: 3, pays: (FREESPINS.scatterPays[0] * ONE_X) / 10 });
    expect(view.free).toHaveLength(10);
    expect(view.multiplier).toBe(3);
    for (const spin of view.free ?? []) for (const line of spin.lines) expect(line.pays % 3).toBe(0);
    const lines = (spin: Pick<SlotView, 'lines'>) => spin.lines.reduce((sum, line) => sum + line.pays, 0);
    expect(step.payout).toBe(lines(view) + (view.scatter?.pays ?? 0) + (view.free ?? []).reduce((sum, spin) => sum + lines(spin), 0));
  });

  it('starts no free spins with two scatters', () => {
    const stops = FREESPINS.base.map((strip, r) => (r < 2 ? stopOf(strip, 'scatter') : noScatter(strip)));
    const view = slot.start(scripted(stops), {}, { variant: 'freespins' }).view as SlotView;
    expect(view.free).toBeUndefined();
    expect(view.scatter).toBeUndefined();
  });

  it('buys the free spins: no base spin, ten free spins, paid as a share of the price', () => {
    const step = slot.start(roundRng(seeds(7)), { buy: true }, { variant: 'freespins' });
    const view = step.view as SlotView;
    expect(view.bought).toBe(true);
    expect(view.reels).toEqual([]);
    expect(view.free).toHaveLength(FREESPINS.freeSpins);
    const total = (view.free ?? []).reduce((sum, spin) => sum + spin.lines.reduce((s, line) => s + line.pays, 0), 0);
    expect(step.payout).toBeCloseTo(total, 9);
    expect(Number.isInteger(step.payout)).toBe(true);
  });

  it('refuses a bonus buy on a model that has none', () => {
    for (const variant of ['classic', 'volatile', 'megaways', 'classic-jackpot', 'megaways-jackpot'] as const)
      expect(() => slot.start(roundRng(seeds(1)), { buy: true }, { variant })).toThrow(EngineError);
    expect(slot.choice.safeParse({ buy: false }).success).toBe(false);
  });

  it('shows megaways reels of 2 to 7 symbols, no wild on the first reel, and pays ways as the product of the counts', () => {
    const heights = new Set<number>();
    for (let nonce = 0; nonce < 400; nonce++) {
      const view = slot.start(roundRng(seeds(nonce)), {}, { variant: 'megaways' }).view as SlotView;
      expect(view.reels).toHaveLength(6);
      for (const reel of view.reels) {
        expect(reel.length).toBeGreaterThanOrEqual(2);
        expect(reel.length).toBeLessThanOrEqual(7);
        heights.add(reel.length);
      }
      expect(view.reels[0]).not.toContain('wild');
      for (const win of view.ways ?? []) {
        const expected = view.reels.slice(0, win.count).reduce((product, reel) => product * reel.filter((s) => s === win.symbol || s === 'wild').length, 1);
        expect(win.ways).toBe(expected);
      }
    }
    expect([...heights].sort()).toEqual([2, 3, 4, 5, 6, 7]);
    // Seven kings on every reel: 7^6 ways, the most there can be.
    const kings = Array.from({ length: 6 }, () => Array<SlotSymbol>(7).fill('king'));
    expect(waysWins(kings, MEGAWAYS)).toEqual([{ symbol: 'king', count: 6, ways: 117_649, pays: 117_649 * MEGAWAYS.paytable.king[3] }]);
    // A wild on reel 2 joins two symbols' ways at once.
    const mixed: SlotSymbol[][] = [
      ['nine', 'ten'],
      ['wild', 'jack'],
      ['nine', 'ten', 'ten'],
      ['queen', 'queen'],
      ['ace', 'ace'],
      ['bell', 'bell'],
    ];
    expect(waysWins(mixed, MEGAWAYS)).toEqual([
      { symbol: 'nine', count: 3, ways: 1, pays: MEGAWAYS.paytable.nine[0] },
      { symbol: 'ten', count: 3, ways: 2, pays: 2 * MEGAWAYS.paytable.ten[0] },
    ]);
  });

  it('draws the jackpot after the reels, on jackpot models only, winning below the stake in minor units', () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const withPot = featureDraws(roundRng(seeds(nonce)), 'classic-jackpot');
      expect(withPot.jackpot).toBeGreaterThanOrEqual(0);
      expect(withPot.jackpot).toBeLessThan(JACKPOT_RANGE);
      expect(featureDraws(roundRng(seeds(nonce)), 'megaways').jackpot).toBeUndefined();
      const view = slot.start(roundRng(seeds(nonce)), {}, { variant: 'classic-jackpot', jackpot: 'eagle-mega' }).view as SlotView;
      expect(view.jackpotDraw).toBe(withPot.jackpot);
    }
    expect(jackpotHit(99, 100)).toBe(true);
    expect(jackpotHit(100, 100)).toBe(false);
  });
});
