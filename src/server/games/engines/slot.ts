// Five-reel, three-row video slot with 10 fixed paylines. Each reel stops uniformly on
// its strip and shows three consecutive symbols; lines pay 3, 4 or 5 of a kind from the
// leftmost reel, with wild standing in for any symbol and paying on its own.
// The featured models (scatters with free spins and a bonus buy, megaways, jackpot draws)
// are described, and their draws made, in src/shared/slot-models.ts; this file pays them.
import { z } from 'zod';
import { SLOT_LINES, SLOT_SYMBOLS, type SlotSymbol } from '../../../shared/game-tables.ts';
import {
  buysBonus,
  CLASSIC_STRIPS,
  FEATURE_VARIANTS,
  type FeatureVariant,
  FREESPINS,
  type FreeSpinsModel,
  featureDraws,
  featureModel,
  type LineSymbol,
  MEGAWAYS,
  VOLATILE_STRIPS,
  SLOT_VARIANT_IDS,
  scattersAt,
  type WaysModel,
} from '../../../shared/slot-models.ts';
import { type Engine, EngineError, ONE_X, type Rng } from './types.ts';
import type { SlotLineWin, SlotView, SlotWaysWin } from '../../../shared/game-views.ts';

export { SLOT_LINES, SLOT_SYMBOLS, type SlotSymbol };

const REELS = 5;
const ROWS = 3;

/** Line wins for 3, 4 and 5 of a kind, in multiples of the line stake (a tenth of the stake). */
export type SlotPaytable = Record<LineSymbol, readonly [number, number, number]>;

export interface SlotVariant {
  strips: readonly (readonly SlotSymbol[])[];
  paytable: SlotPaytable;
}

/**
 * The two maths models. Strips were arranged so that no symbol appears twice in any
 * three consecutive stops, so a reel never shows a symbol twice at once.
 *
 * classic: 31 stops per reel (nine 6, ten 6, jack 5, queen 4, king 3, ace 3, bell 1,
 * seven 1, wild 2). RTP 27 469 900 / 28 629 151 ≈ 0.959508; a line pays 6.15 % of spins,
 * and 42.85 % of spins win something (full enumeration of all 31⁵ stop combinations); SD ≈ 2.57 stakes, top payout 216.5×.
 *
 * volatile: 32 stops per reel (nine 6, ten 6, jack 6, queen 5, king 3, ace 3, bell 1,
 * seven 1, wild 1) and a steeper paytable. RTP 32 202 360 / 33 554 432 ≈ 0.959705; a line
 * pays 4.22 % of spins, and 33.93 % of spins win something (all 32⁵ stop combinations); SD ≈ 4.44 stakes, top
 * payout 1007×.
 */
export const SLOT_VARIANTS: Record<'classic' | 'volatile', SlotVariant> = {
  classic: {
    strips: CLASSIC_STRIPS,
    paytable: {
      nine: [5, 15, 60],
      ten: [5, 15, 60],
      jack: [8, 25, 100],
      queen: [10, 30, 120],
      king: [15, 45, 150],
      ace: [15, 45, 150],
      bell: [40, 150, 500],
      seven: [60, 250, 1000],
      wild: [100, 500, 2000],
    },
  },
  volatile: {
    strips: VOLATILE_STRIPS,
    paytable: {
      nine: [5, 20, 80],
      ten: [5, 20, 80],
      jack: [10, 40, 150],
      queen: [15, 50, 200],
      king: [30, 150, 600],
      ace: [30, 150, 600],
      bell: [100, 500, 2500],
      seven: [250, 1500, 7500],
      wild: [500, 3000, 10000],
    },
  },
};

// A bonus buy is asked for with the spin; only a model that offers one takes it (checked at start).
const choice = z.object({ buy: z.literal(true).optional() });
const config = z.object({
  variant: z.enum(SLOT_VARIANT_IDS),
  theme: z.string().optional(),
  /** The progressive pool a jackpot model's draws win (its slug); the studio pays it. */
  jackpot: z.string().optional(),
});

export type SlotChoice = z.infer<typeof choice>;
export type SlotConfig = z.infer<typeof config>;

/** The best win of one line's five symbols, in multiples of the line stake (0 when it pays nothing). */
export function slotLineWin(symbols: readonly SlotSymbol[], paytable: SlotPaytable): { symbol: SlotSymbol; count: number; multiple: number } {
  // A scatter pays anywhere (scatterWin), never on a line.
  const payOf = (symbol: SlotSymbol, count: number) => (count >= 3 && symbol !== 'scatter' ? paytable[symbol][count - 3]! : 0);
  let wilds = 0;
  while (wilds < REELS && symbols[wilds] === 'wild') wilds++;
  const wildWin = { symbol: 'wild' as SlotSymbol, count: wilds, multiple: payOf('wild', wilds) };
  if (wilds === REELS) return wildWin;
  // Leading wilds join the first real symbol; they may also pay more on their own
  // (three wilds beat five nines), so the player gets whichever is better.
  const symbol = symbols[wilds]!;
  let count = wilds;
  while (count < REELS && (symbols[count] === symbol || symbols[count] === 'wild')) count++;
  const symbolWin = { symbol, count, multiple: payOf(symbol, count) };
  return wildWin.multiple > symbolWin.multiple ? wildWin : symbolWin;
}

/** Exact RTP of a variant, by enumerating each reel's symbol frequencies for one line. */
export function slotRtp(variant: SlotVariant): number {
  return lineMultiples(variant.strips, variant.paytable) / SLOT_LINES.length;
}

/** The expected line win of one line of a spin on `strips`, in multiples of the line stake. */
export function lineMultiples(strips: readonly (readonly SlotSymbol[])[], paytable: SlotPaytable): number {
  const variant = { strips, paytable };
  // A reel's stop is uniform, so the symbol on any row of it follows the strip's symbol
  // frequencies, and reels are independent: every line has the same distribution. The
  // stake per line is 1/10 over 10 lines, so the RTP is one line's expected multiple.
  const frequencies = variant.strips.map((reelStrip) => {
    const counts = new Map<SlotSymbol, number>();
    for (const symbol of reelStrip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    return [...counts];
  });
  const line: SlotSymbol[] = [];
  let weighted = 0;
  const visit = (reel: number, ways: number): void => {
    if (reel === REELS) {
      weighted += ways * slotLineWin(line, variant.paytable).multiple;
      return;
    }
    for (const [symbol, count] of frequencies[reel]!) {
      line[reel] = symbol;
      visit(reel + 1, ways * count);
    }
  };
  visit(0, 1);
  // Integer pays make line wins exact in basis points (× 1000), so nothing is lost to flooring.
  return (weighted / variant.strips.reduce((ways, reelStrip) => ways * reelStrip.length, 1)) * SLOT_LINES.length;
}

/** The reels a 3-row line spin shows at `stops`. */
function windowOf(strips: readonly (readonly SlotSymbol[])[], stops: readonly number[], rows = ROWS): SlotSymbol[][] {
  return strips.map((reelStrip, r) => Array.from({ length: rows }, (_, row) => reelStrip[(stops[r]! + row) % reelStrip.length]!));
}

/** The line wins of 3-row reels, and their sum in multiples of the line stake. */
function linesOf(reels: SlotSymbol[][], paytable: SlotPaytable, times = 1): { lines: SlotLineWin[]; multiples: number } {
  const lines: SlotLineWin[] = [];
  let multiples = 0;
  SLOT_LINES.forEach((rows, line) => {
    const win = slotLineWin(
      rows.map((row, reel) => reels[reel]![row]!),
      paytable,
    );
    if (win.multiple === 0) return;
    multiples += win.multiple * times;
    lines.push({ line, symbol: win.symbol, count: win.count, pays: (win.multiple * times * ONE_X) / SLOT_LINES.length });
  });
  return { lines, multiples };
}

/** Megaways: each paying symbol's ways win, in basis points of the stake. */
export function waysWins(reels: readonly (readonly SlotSymbol[])[], model: WaysModel): SlotWaysWin[] {
  const wins: SlotWaysWin[] = [];
  for (const symbol of Object.keys(model.paytable) as (keyof WaysModel['paytable'])[]) {
    let ways = 1;
    let count = 0;
    for (const reel of reels) {
      const n = reel.filter((s) => s === symbol || s === 'wild').length;
      if (n === 0) break;
      ways *= n;
      count++;
    }
    if (count < 3) continue;
    wins.push({ symbol, count, ways, pays: ways * model.paytable[symbol][count - 3]! });
  }
  return wins;
}

/** A reel's window of `height` symbols from `stop`. */
function column(reelStrip: readonly SlotSymbol[], stop: number, height: number): SlotSymbol[] {
  return Array.from({ length: height }, (_, row) => reelStrip[(stop + row) % reelStrip.length]!);
}

/** The distribution of how many scatters the base reels show, by enumerating each reel's stops. */
function scatterCounts(strips: readonly (readonly SlotSymbol[])[]): number[] {
  let dist = [1];
  for (const reelStrip of strips) {
    const perReel: number[] = [];
    for (let stop = 0; stop < reelStrip.length; stop++) {
      const n = column(reelStrip, stop, ROWS).filter((s) => s === 'scatter').length;
      perReel[n] = (perReel[n] ?? 0) + 1 / reelStrip.length;
    }
    const next: number[] = [];
    for (const [a, p] of dist.entries()) for (const [b, q] of perReel.entries()) next[a + b] = (next[a + b] ?? 0) + (p ?? 0) * (q ?? 0);
    dist = next;
  }
  return dist;
}

/** What the scatters pay, in line-stake multiples, for `count` of them. */
function scatterMultiples(model: FreeSpinsModel, count: number): number {
  return count >= 3 ? model.scatterPays[Math.min(count, 5) - 3]! : 0;
}

/** The free-spins model's exact figures: per spin and per bought feature, as shares of what was staked. */
export function freeSpinsRtp(model: FreeSpinsModel = FREESPINS): { base: number; buy: number; trigger: number; lines: number; scatters: number } {
  const lines = lineMultiples(model.base, model.paytable);
  const dist = scatterCounts(model.base);
  let scatters = 0;
  let trigger = 0;
  dist.forEach((p, count) => {
    scatters += (p ?? 0) * scatterMultiples(model, count);
    if (count >= 3) trigger += p ?? 0;
  });
  // Free spins draw fresh, independent stops on their own reels: their value does not
  // depend on the spin that started them.
  const feature = model.freeSpins * model.multiplier * lineMultiples(model.free, model.paytable);
  return {
    base: (lines + scatters + trigger * feature) / SLOT_LINES.length,
    buy: feature / SLOT_LINES.length / model.buyPrice,
    trigger,
    lines: lines / SLOT_LINES.length,
    scatters: scatters / SLOT_LINES.length,
  };
}

/** Megaways' exact RTP: reels are independent, so the ways of a symbol over k reels have the product of the reels' expected counts as their mean. */
export function megawaysRtp(model: WaysModel = MEGAWAYS): number {
  const [min, max] = model.heights;
  const heights = max - min + 1;
  let rtp = 0;
  for (const symbol of Object.keys(model.paytable) as (keyof WaysModel['paytable'])[]) {
    const mean: number[] = [];
    const none: number[] = [];
    for (const reelStrip of model.strips) {
      let sum = 0;
      let zero = 0;
      for (let h = min; h <= max; h++)
        for (let stop = 0; stop < reelStrip.length; stop++) {
          const n = column(reelStrip, stop, h).filter((s) => s === symbol || s === 'wild').length;
          sum += n;
          if (n === 0) zero++;
        }
      const outcomes = heights * reelStrip.length;
      mean.push(sum / outcomes);
      none.push(zero / outcomes);
    }
    // Pays for exactly k reels: ways over the first k, and the next reel without the symbol.
    let ways = mean[0]! * mean[1]!;
    for (let k = 3; k <= model.strips.length; k++) {
      ways *= mean[k - 1]!;
      const stops = k < model.strips.length ? none[k]! : 1;
      rtp += (model.paytable[symbol][k - 3]! * ways * stops) / ONE_X;
    }
  }
  return rtp;
}

/** The round of a featured model, from its draws. */
function featureRound(rng: Rng, variant: FeatureVariant, bought: boolean): { view: SlotView; payout: number } {
  const draws = featureDraws(rng, variant, bought);
  const { model } = featureModel(variant);
  const jackpot = draws.jackpot === undefined ? {} : { jackpotDraw: draws.jackpot };
  if (model === 'classic') {
    const reels = windowOf(CLASSIC_STRIPS, draws.stops);
    const { lines, multiples } = linesOf(reels, SLOT_VARIANTS.classic.paytable);
    return { view: { reels, lines, ...jackpot }, payout: Math.floor((multiples * ONE_X) / SLOT_LINES.length) };
  }
  if (model.kind === 'ways') {
    const heights = draws.heights ?? [];
    const reels = model.strips.map((reelStrip, r) => column(reelStrip, draws.stops[r]!, heights[r]!));
    const ways = waysWins(reels, model);
    return { view: { reels, lines: [], ways, ...jackpot }, payout: ways.reduce((sum, w) => sum + w.pays, 0) };
  }
  // Free spins: a bought round has no base spin; its pays are shares of the price paid.
  let multiples = 0;
  let view: SlotView;
  if (bought) view = { reels: [], lines: [], bought: true };
  else {
    const reels = windowOf(model.base, draws.stops);
    const base = linesOf(reels, model.paytable);
    const count = scattersAt(model.base, draws.stops);
    const scatter = scatterMultiples(model, count);
    multiples += base.multiples + scatter;
    view = { reels, lines: base.lines, ...(scatter > 0 ? { scatter: { count, pays: (scatter * ONE_X) / SLOT_LINES.length } } : {}) };
  }
  if (draws.free) {
    view.multiplier = model.multiplier;
    view.free = draws.free.map((stops) => {
      const spin = linesOf(windowOf(model.free, stops), model.paytable, model.multiplier);
      multiples += spin.multiples;
      return { reels: windowOf(model.free, stops), lines: spin.lines };
    });
  }
  const price = bought ? model.buyPrice : 1;
  // A bought round's pays are in bets; the price divides ONE_X / 10, so they stay whole basis points of the price.
  if (bought) {
    for (const spin of view.free ?? []) for (const line of spin.lines) line.pays /= price;
  }
  return { view, payout: (multiples * ONE_X) / SLOT_LINES.length / price };
}

/** Five-reel, ten-line slot in a classic or a volatile maths model, or a featured one (slot-models.ts). */
export const slot: Engine<SlotChoice, SlotView, SlotView, never, SlotConfig> = {
  id: 'slot',
  choice,
  config,
  start(rng, { buy }, { variant }) {
    if (buy && !buysBonus(variant)) throw new EngineError('slot_no_bonus_buy');
    if (variant !== 'classic' && variant !== 'volatile') {
      const { view, payout } = featureRound(rng, variant, buy === true);
      return { state: view, view, done: true, payout, actions: [] };
    }
    const { strips, paytable } = SLOT_VARIANTS[variant];
    const reels = windowOf(
      strips,
      strips.map((reelStrip) => rng.int(reelStrip.length)),
    );
    const { lines, multiples } = linesOf(reels, paytable);
    const view: SlotView = { reels, lines };
    const payout = Math.floor((multiples * ONE_X) / SLOT_LINES.length);
    return { state: view, view, done: true, payout, actions: [] };
  },
  // A jackpot model states its reels' return; the pool's share is the studio's (jackpot.ts).
  rtp: ({ variant }) => {
    if (variant === 'classic' || variant === 'volatile') return slotRtp(SLOT_VARIANTS[variant]);
    if (variant === 'freespins') return freeSpinsRtp().base;
    if (variant === 'classic-jackpot') return slotRtp(SLOT_VARIANTS.classic);
    return megawaysRtp();
  },
};

export { FEATURE_VARIANTS };
export type { SlotLineWin, SlotView };
