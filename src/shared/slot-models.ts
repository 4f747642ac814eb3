// The featured slot models: their reel strips, paytables and features, and the order in
// which a round draws from the provably fair stream. Shared by the engine, which pays
// the draws, and by the /fairness page, which recomputes them in the browser: a round's
// draws depend on what it shows (three scatters start free spins, which draw more), so
// the page needs the strips as well as the lengths.
//
// Models (the catalogue's `variant`):
//   freespins  5 reels × 3 rows, 10 lines, wilds, and scatters anywhere: 3, 4 or 5 pay
//              2, 10 or 50 times the stake and start 10 free spins on richer strips,
//              each win of them tripled (free spins do not retrigger). A bonus buy
//              starts the free spins at once for FREESPINS_BUY_PRICE times the bet.
//   megaways   6 reels showing 2 to 7 symbols each (drawn per spin, uniform): 64 to
//              117,649 ways. A symbol pays for 3 to 6 adjacent reels from the left, times
//              the number of ways (the product of its count, wilds included, on each
//              of those reels). Wilds never land on the first reel.
//   classic-jackpot / megaways-jackpot   the classic line model or megaways, plus one draw
//              for the progressive jackpot after the reels (see jackpotHit).
import type { Rng } from './fairness.ts';
import { SLOT_SYMBOLS, type SlotSymbol } from './game-tables.ts';

/** The models with features; 'classic' and 'volatile' are the plain line models of the engine. */
export const FEATURE_VARIANTS = ['freespins', 'megaways', 'classic-jackpot', 'megaways-jackpot'] as const;
export type FeatureVariant = (typeof FEATURE_VARIANTS)[number];
export const SLOT_VARIANT_IDS = ['classic', 'volatile', ...FEATURE_VARIANTS] as const;
export type SlotVariantId = (typeof SLOT_VARIANT_IDS)[number];

/** A line symbol pays on lines; the scatter pays anywhere and never on a line. */
export type LineSymbol = Exclude<SlotSymbol, 'scatter'>;

// Strips are written as words so they stay readable; a typo fails at load.
function strip(words: string): SlotSymbol[] {
  return words.split(' ').map((word) => {
    if (!(SLOT_SYMBOLS as readonly string[]).includes(word)) throw new Error(`unknown slot symbol ${word}`);
    return word as SlotSymbol;
  });
}

/** The classic model's strips (the engine's `classic` variant), which the featured models are made from. */
export const CLASSIC_STRIPS: readonly (readonly SlotSymbol[])[] = [
  strip(
    'jack seven king ace ten jack nine ten jack wild ace nine jack queen ten wild nine king bell nine jack queen ten nine queen ten king queen nine ace ten',
  ),
  strip(
    'jack queen king jack bell queen nine king queen ten jack seven ten ace queen nine ten jack nine king ace nine jack ace ten wild nine ten wild nine ten',
  ),
  strip(
    'ten nine king wild nine ten ace queen jack ace nine seven jack queen king jack ten bell wild nine ten ace jack ten nine jack queen nine ten queen king',
  ),
  strip(
    'queen ten nine jack ten nine jack queen king seven queen ace ten nine ace jack queen king nine ace jack king ten nine wild ten nine jack ten bell wild',
  ),
  strip(
    'jack queen ten ace nine jack ten bell wild jack nine ten king queen wild jack nine seven queen ten ace nine jack ace king ten nine queen king ten nine',
  ),
];

/**
 * The volatile model's strips (the engine's `volatile` variant, with its own paytable there):
 * here so that the /fairness page can show the reels a round's stops name.
 */
export const VOLATILE_STRIPS: readonly (readonly SlotSymbol[])[] = [
  strip(
    'bell ten ace jack ten king nine ten seven jack king ace ten jack queen ten nine king ace queen wild nine jack queen nine jack queen nine ten jack nine queen',
  ),
  strip(
    'nine jack queen nine jack ten king queen ten seven ace ten king jack nine bell queen nine jack ten queen ace king ten nine jack ten ace nine queen jack wild',
  ),
  strip(
    'nine jack ten seven queen ace nine king ten ace queen king jack wild ten queen ace nine jack ten nine jack ten nine queen ten jack nine bell king jack queen',
  ),
  strip(
    'king ace wild nine ace ten nine jack seven ten nine queen jack ten queen jack nine queen ten nine bell jack ten ace queen king nine queen jack king ten jack',
  ),
  strip(
    'nine king wild jack queen ten ace nine king ace jack king ten nine queen ten nine seven queen ten jack nine ten jack queen ten ace jack queen nine bell jack',
  ),
];

/** `symbol` in place of the `nth` (0-based) occurrence of `from` on a strip. */
function replaced(reel: readonly SlotSymbol[], from: SlotSymbol, nth: number, symbol: SlotSymbol): SlotSymbol[] {
  let seen = -1;
  return reel.map((s) => (s === from && ++seen === nth ? symbol : s));
}

// freespins: each base reel trades its first nine for a scatter; the free-spin reels
// trade their first nine and first ten for wilds.
const FREESPINS_BASE = CLASSIC_STRIPS.map((reel) => replaced(reel, 'nine', 0, 'scatter'));
const FREESPINS_FREE = CLASSIC_STRIPS.map((reel) => replaced(replaced(reel, 'nine', 0, 'wild'), 'ten', 0, 'wild'));

/** Line pays for 3, 4 and 5 of a kind, in multiples of the line stake (a tenth of the stake). */
export type LinePaytable = Record<LineSymbol, readonly [number, number, number]>;

export interface FreeSpinsModel {
  kind: 'lines';
  base: readonly (readonly SlotSymbol[])[];
  free: readonly (readonly SlotSymbol[])[];
  paytable: LinePaytable;
  /** What 3, 4 and 5 scatters pay, in multiples of the line stake. */
  scatterPays: readonly [number, number, number];
  freeSpins: number;
  multiplier: number;
  /** A bonus buy's price in bets; divides ONE_X / 10 so its pays stay whole basis points. */
  buyPrice: number;
}

export const FREESPINS: FreeSpinsModel = {
  kind: 'lines',
  base: FREESPINS_BASE,
  free: FREESPINS_FREE,
  paytable: {
    nine: [3, 10, 40],
    ten: [3, 10, 40],
    jack: [5, 15, 60],
    queen: [6, 20, 80],
    king: [10, 30, 100],
    ace: [10, 30, 100],
    bell: [25, 100, 300],
    seven: [40, 150, 600],
    wild: [60, 300, 1200],
  },
  scatterPays: [20, 100, 500],
  freeSpins: 10,
  multiplier: 3,
  buyPrice: 50,
};

export interface WaysModel {
  kind: 'ways';
  strips: readonly (readonly SlotSymbol[])[];
  /** Each reel shows from `min` to `max` symbols, uniformly. */
  heights: readonly [number, number];
  /** Pays for 3, 4, 5 and 6 reels, in basis points of the stake per way. */
  paytable: Record<Exclude<LineSymbol, 'wild'>, readonly [number, number, number, number]>;
}

// megaways: the five classic reels and the first one reversed as a sixth; the first
// reel's wilds become nines (a wild there would make ways of wilds alone).
export const MEGAWAYS: WaysModel = {
  kind: 'ways',
  strips: [
    CLASSIC_STRIPS[0]!.map((s) => (s === 'wild' ? 'nine' : s)),
    CLASSIC_STRIPS[1]!,
    CLASSIC_STRIPS[2]!,
    CLASSIC_STRIPS[3]!,
    CLASSIC_STRIPS[4]!,
    [...CLASSIC_STRIPS[0]!].reverse(),
  ],
  heights: [2, 7],
  paytable: {
    nine: [110, 290, 580, 1_170],
    ten: [110, 290, 580, 1_170],
    jack: [170, 460, 930, 1_750],
    queen: [230, 580, 1_170, 2_340],
    king: [350, 870, 1_750, 3_500],
    ace: [350, 870, 1_750, 3_500],
    bell: [930, 2_340, 5_840, 11_680],
    seven: [1_750, 5_840, 17_520, 58_400],
  },
};

/**
 * The progressive jackpot's draw: a number in [0, JACKPOT_RANGE) after the reels. It hits
 * when it is below the stake in minor units, so every cent staked has the same chance,
 * whatever the stake: a stake of 1.00 wins it once in 500,000 spins.
 */
export const JACKPOT_RANGE = 50_000_000;

/** Whether a jackpot draw wins for a stake (minor units). */
export function jackpotHit(draw: number, stakeCents: number): boolean {
  return draw < stakeCents;
}

/** The model a featured variant plays, and whether it draws for the jackpot. */
export function featureModel(variant: FeatureVariant): { model: FreeSpinsModel | WaysModel | 'classic'; jackpot: boolean } {
  switch (variant) {
    case 'freespins':
      return { model: FREESPINS, jackpot: false };
    case 'megaways':
      return { model: MEGAWAYS, jackpot: false };
    case 'classic-jackpot':
      return { model: 'classic', jackpot: true };
    case 'megaways-jackpot':
      return { model: MEGAWAYS, jackpot: true };
  }
}

export function isFeatureVariant(variant: string): variant is FeatureVariant {
  return (FEATURE_VARIANTS as readonly string[]).includes(variant);
}

/** How many scatters a 3-row window of `reels` at `stops` shows. */
export function scattersAt(reels: readonly (readonly SlotSymbol[])[], stops: readonly number[]): number {
  let count = 0;
  reels.forEach((reel, r) => {
    for (let row = 0; row < 3; row++) if (reel[(stops[r]! + row) % reel.length] === 'scatter') count++;
  });
  return count;
}

/** Whether a variant offers a bonus buy. */
export function buysBonus(variant: string): boolean {
  return variant === 'freespins';
}

/**
 * The draws of a featured round, in the order taken:
 *   freespins  the 5 base stops (none when bought), then, if 3 or more scatters show
 *              (or bought), 5 stops on the free-spin reels for each free spin.
 *   megaways   the 6 reel heights, then the 6 stops.
 *   jackpot    classic: the 5 stops; then the jackpot draw.
 * `bought` is a bonus buy (freespins only).
 */
export interface FeatureOutcome {
  stops: number[];
  heights?: number[];
  free?: number[][];
  jackpot?: number;
}

export function featureDraws(rng: Rng, variant: FeatureVariant, bought = false): FeatureOutcome {
  const { model, jackpot } = featureModel(variant);
  const draw = (reels: readonly (readonly unknown[])[]) => reels.map((reel) => rng.int(reel.length));
  let outcome: FeatureOutcome;
  if (model === 'classic') outcome = { stops: draw(CLASSIC_STRIPS) };
  else if (model.kind === 'ways') {
    const [min, max] = model.heights;
    const heights = model.strips.map(() => min + rng.int(max - min + 1));
    outcome = { heights, stops: draw(model.strips) };
  } else {
    const stops = bought ? [] : draw(model.base);
    outcome = { stops };
    if (bought || scattersAt(model.base, stops) >= 3) outcome.free = Array.from({ length: model.freeSpins }, () => draw(model.free));
  }
  if (jackpot) outcome.jackpot = rng.int(JACKPOT_RANGE);
  return outcome;
}

/** A variant name as the fairness page takes it: a bought round is `<variant>+buy`. */
export function fairVariant(variant: string, bought: boolean): string {
  return bought ? `${variant}+buy` : variant;
}

/** A reel window: each reel's visible symbols from its stop down (three rows, or a megaways reel's height). */
export function slotWindow(strips: readonly (readonly SlotSymbol[])[], stops: readonly number[], heights?: readonly number[]): SlotSymbol[][] {
  return strips.map((reel, r) => Array.from({ length: heights?.[r] ?? 3 }, (_, row) => reel[((stops[r] ?? 0) + row) % reel.length]!));
}

/**
 * What a round's draws show, for a variant as the fairness page names it (`<model>` or
 * `<model>+buy`): the base spin's reels (none when bought) and each free spin's.
 */
export function slotReelsOf(variant: string, outcome: FeatureOutcome): { reels: SlotSymbol[][]; free: SlotSymbol[][][] } {
  const [name = 'classic'] = variant.split('+');
  if (!isFeatureVariant(name)) return { reels: slotWindow(name === 'volatile' ? VOLATILE_STRIPS : CLASSIC_STRIPS, outcome.stops), free: [] };
  const { model } = featureModel(name);
  if (model === 'classic') return { reels: slotWindow(CLASSIC_STRIPS, outcome.stops), free: [] };
  if (model.kind === 'ways') return { reels: slotWindow(model.strips, outcome.stops, outcome.heights), free: [] };
  return {
    reels: outcome.stops.length ? slotWindow(model.base, outcome.stops) : [],
    free: (outcome.free ?? []).map((stops) => slotWindow(model.free, stops)),
  };
}
