// Five-reel, three-row video slot with 10 fixed paylines. Each reel stops uniformly on
// its strip and shows three consecutive symbols; lines pay 3, 4 or 5 of a kind from the
// leftmost reel, with wild standing in for any symbol and paying on its own.
import { z } from 'zod';
import { SLOT_LINES, SLOT_SYMBOLS, type SlotSymbol } from '../../../shared/game-tables.ts';
import { type Engine, ONE_X } from './types.ts';

export { SLOT_LINES, SLOT_SYMBOLS, type SlotSymbol };

const REELS = 5;
const ROWS = 3;

/** Line wins for 3, 4 and 5 of a kind, in multiples of the line stake (a tenth of the stake). */
export type SlotPaytable = Record<SlotSymbol, readonly [number, number, number]>;

export interface SlotVariant {
  strips: readonly (readonly SlotSymbol[])[];
  paytable: SlotPaytable;
}

function isSymbol(id: string): id is SlotSymbol {
  return (SLOT_SYMBOLS as readonly string[]).includes(id);
}

// Strips are written as words so the ten of them stay readable; a typo fails at load.
function strip(words: string): SlotSymbol[] {
  return words.split(' ').map((word) => {
    if (!isSymbol(word)) throw new Error(`unknown slot symbol ${word}`);
    return word;
  });
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
    strips: [
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
    ],
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
    strips: [
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
    ],
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

const choice = z.object({});
const config = z.object({ variant: z.enum(['classic', 'volatile']), theme: z.string().optional() });

export type SlotChoice = z.infer<typeof choice>;
export type SlotConfig = z.infer<typeof config>;
/** One winning payline. */
export interface SlotLineWin {
  /** Index into SLOT_LINES (0 to 9). */
  line: number;
  /** The symbol paid: the line's own symbol, or 'wild' when the wilds alone pay more. */
  symbol: SlotSymbol;
  /** How many reels from the left make the win (3 to 5), wilds included. */
  count: number;
  /** The win in basis points of the whole stake. */
  pays: number;
}
/** What the player sees after the spin. */
export interface SlotView {
  /** Five reels, each with its three visible symbols from top to bottom. */
  reels: SlotSymbol[][];
  /** The paylines that won, in line order. */
  lines: SlotLineWin[];
}

/** The best win of one line's five symbols, in multiples of the line stake (0 when it pays nothing). */
export function slotLineWin(symbols: readonly SlotSymbol[], paytable: SlotPaytable): { symbol: SlotSymbol; count: number; multiple: number } {
  const payOf = (symbol: SlotSymbol, count: number) => (count >= 3 ? paytable[symbol][count - 3]! : 0);
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
  return weighted / variant.strips.reduce((ways, reelStrip) => ways * reelStrip.length, 1);
}

/** Five-reel, ten-line slot in a classic or a volatile maths model. */
export const slot: Engine<SlotChoice, SlotView, SlotView, never, SlotConfig> = {
  id: 'slot',
  choice,
  config,
  start(rng, _choice, { variant }) {
    const { strips, paytable } = SLOT_VARIANTS[variant];
    const reels = strips.map((reelStrip) => {
      const stop = rng.int(reelStrip.length);
      return Array.from({ length: ROWS }, (_, row) => reelStrip[(stop + row) % reelStrip.length]!);
    });
    const lines: SlotLineWin[] = [];
    let multiples = 0;
    SLOT_LINES.forEach((rows, line) => {
      const win = slotLineWin(
        rows.map((row, reel) => reels[reel]![row]!),
        paytable,
      );
      if (win.multiple === 0) return;
      multiples += win.multiple;
      lines.push({ line, symbol: win.symbol, count: win.count, pays: (win.multiple * ONE_X) / SLOT_LINES.length });
    });
    const view: SlotView = { reels, lines };
    const payout = Math.floor((multiples * ONE_X) / SLOT_LINES.length);
    return { state: view, view, done: true, payout, actions: [] };
  },
  rtp: ({ variant }) => slotRtp(SLOT_VARIANTS[variant]),
};
