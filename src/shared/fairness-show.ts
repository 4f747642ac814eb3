// A round's outcome as a player saw it at the table — reels, cards, numbers, dice, a
// multiplier — rather than as the data the mapping draws: shared by the /fairness page
// and the game's "Provably fair" panel, which each draw these lines in their own way.
// Every label is a key of the `fairness` catalogue with its arguments.
import { type FairGame, type FairOutcome, FAIR_GAMES } from './fairness.ts';
import { ONE_X, type RouletteColor, rouletteColor, roulettePocketLabel, SCRATCH_TOTAL_WEIGHT, type SlotSymbol, scratchTier } from './game-tables.ts';
import { type FeatureOutcome, JACKPOT_RANGE, slotReelsOf } from './slot-models.ts';

/** What the table used of a round's outcome, known from the finished round (the rest of a shoe stays unused): for showing, never for checking. */
export interface TableUse {
  /** Cards dealt from the top of the shoe; a bingo game's balls called. */
  dealt?: number;
  /** Mines on the board: the first this many cells of the order. */
  mines?: number;
  /** Plinko rows: the ball bounces once per row. */
  rows?: number;
}

export type ShownItem =
  | { kind: 'reels'; reels: SlotSymbol[][] }
  | { kind: 'cards'; cards: string[] }
  | { kind: 'pockets'; pockets: { label: string; color: RouletteColor }[] }
  | { kind: 'numbers'; numbers: number[] }
  | { kind: 'dice'; dice: number[] }
  | { kind: 'path'; path: number[] }
  /** The 25 cells of a mines board, row by row: true where a mine lies. */
  | { kind: 'board'; mines: boolean[] };

export interface ShownLine {
  /** A `fairness` catalogue key and its arguments: what this line is. */
  key: string;
  args: (string | number)[];
  item?: ShownItem;
}

/** Cards shown when the round does not say how many it dealt (a round typed in by hand): enough for any hand's first deal. */
const FIRST_CARDS = 10;

/** Andar bahar's cards as dealt: the joker, then andar and bahar in turn up to the first card of the joker's rank. */
function andarBaharDealt(cards: readonly string[]): number {
  const next = cards.findIndex((card, i) => i > 0 && card[0] === cards[0]![0]);
  return next < 0 ? cards.length : next + 1;
}

function cardLines(engine: FairGame, cards: readonly string[], use: TableUse): ShownLine[] {
  const dealt = engine === 'andar-bahar' ? andarBaharDealt(cards) : Math.min(use.dealt ?? FIRST_CARDS, cards.length);
  const lines: ShownLine[] = [
    { key: engine === 'hilo' ? 'shown_cards_drawn' : 'shown_cards', args: [], item: { kind: 'cards', cards: cards.slice(0, dealt) } },
  ];
  if (dealt < cards.length) lines.push({ key: 'shown_cards_rest', args: [cards.length - dealt] });
  return lines;
}

/** The lines that show an outcome of `engine` (with its variant), in the order the round played them. */
export function describeOutcome(engine: FairGame, variant: string | undefined, outcome: FairOutcome, use: TableUse = {}): ShownLine[] {
  const o = outcome as Partial<Record<string, unknown>>;
  switch (engine) {
    case 'dice':
      return [{ key: 'shown_roll', args: [o.roll as number] }];
    case 'roulette': {
      const pocket = o.number as number;
      return [{ key: 'shown_pocket', args: [], item: { kind: 'pockets', pockets: [{ label: roulettePocketLabel(pocket), color: rouletteColor(pocket) }] } }];
    }
    case 'keno':
      return [{ key: 'shown_drawn', args: [], item: { kind: 'numbers', numbers: o.drawn as number[] } }];
    case 'scratch': {
      const ticket = o.ticket as number;
      const tier = scratchTier(ticket);
      return [
        tier
          ? { key: 'shown_ticket_prize', args: [ticket, SCRATCH_TOTAL_WEIGHT, tier.prize / ONE_X] }
          : { key: 'shown_ticket_none', args: [ticket, SCRATCH_TOTAL_WEIGHT] },
      ];
    }
    case 'slot': {
      const draws = outcome as FeatureOutcome;
      const { reels, free } = slotReelsOf(variant ?? 'classic', draws);
      const lines: ShownLine[] = [];
      if (reels.length) lines.push({ key: 'shown_reels', args: [], item: { kind: 'reels', reels } });
      else lines.push({ key: 'shown_bought', args: [] });
      for (const [i, spin] of free.entries()) lines.push({ key: 'shown_free_spin', args: [i + 1, free.length], item: { kind: 'reels', reels: spin } });
      if (draws.jackpot !== undefined) lines.push({ key: 'shown_jackpot_draw', args: [draws.jackpot, JACKPOT_RANGE] });
      return lines;
    }
    case 'mines': {
      const order = o.order as number[];
      if (use.mines === undefined) return [{ key: 'shown_cell_order', args: [], item: { kind: 'numbers', numbers: order.map((cell) => cell + 1) } }];
      const mined = new Set(order.slice(0, use.mines));
      return [
        { key: 'shown_mines', args: [use.mines], item: { kind: 'board', mines: Array.from({ length: FAIR_GAMES.mines.cells }, (_, cell) => mined.has(cell)) } },
      ];
    }
    case 'plinko': {
      const path = (o.path as number[]).slice(0, use.rows ?? FAIR_GAMES.plinko.count);
      return [{ key: 'shown_path', args: [], item: { kind: 'path', path } }];
    }
    case 'sicbo':
      return [{ key: 'shown_dice', args: [], item: { kind: 'dice', dice: o.dice as number[] } }];
    case 'bingo-90':
    case 'bingo-75': {
      // A game draws until its full house: the rest of the drum was never called.
      const balls = o.balls as number[];
      const called = Math.min(use.dealt ?? balls.length, balls.length);
      const lines: ShownLine[] = [{ key: 'shown_balls', args: [], item: { kind: 'numbers', numbers: balls.slice(0, called) } }];
      if (called < balls.length) lines.push({ key: 'shown_balls_rest', args: [balls.length - called] });
      return lines;
    }
    default:
      return cardLines(engine, o.cards as string[], use);
  }
}

/** What a finished round's view tells of the table's use of its outcome: the cards dealt, the mines, the rows. */
export function tableUseOf(outcome: FairOutcome | null, view: unknown): TableUse {
  if (!outcome || typeof view !== 'object' || view === null) return {};
  const v = view as { mines?: unknown; rows?: unknown };
  const use: TableUse = {};
  if ('order' in outcome && typeof v.mines === 'number') use.mines = v.mines;
  if ('path' in outcome && typeof v.rows === 'number') use.rows = v.rows;
  if ('cards' in outcome) {
    // The shortest top of the shoe that holds every card the table shows.
    const shown = new Map<string, number>();
    for (const card of JSON.stringify(view).match(/"[2-9TJQKA][SHDC]"/g) ?? []) shown.set(card.slice(1, -1), (shown.get(card.slice(1, -1)) ?? 0) + 1);
    let missing = [...shown.values()].reduce((a, b) => a + b, 0);
    for (let i = 0; i < outcome.cards.length && missing > 0; i++) {
      const left = shown.get(outcome.cards[i]!);
      if (!left) continue;
      shown.set(outcome.cards[i]!, left - 1);
      if (--missing === 0) use.dealt = i + 1;
    }
  }
  return use;
}

/** A card as a player reads it: rank (10 for T) and suit sign, and whether the suit is red. */
export function cardFace(card: string): { rank: string; suit: string; red: boolean } {
  const rank = card[0] === 'T' ? '10' : (card[0] ?? '');
  const suit = { S: '♠', H: '♥', D: '♦', C: '♣' }[card[1] ?? ''] ?? '';
  return { rank, suit, red: card[1] === 'H' || card[1] === 'D' };
}

/** A slot symbol's short face as the reels draw it: the card letters, the seven, the wild's star, the scatter's FREE (the bell is drawn: BELL_PATH). */
export const SYMBOL_FACES: Record<SlotSymbol, string> = {
  nine: '9',
  ten: '10',
  jack: 'J',
  queen: 'Q',
  king: 'K',
  ace: 'A',
  bell: '',
  seven: '7',
  wild: '★',
  scatter: 'FREE',
};

/** The bell's outline in a 24 × 24 box: a drawing, since not every device has a font with a bell. */
export const BELL_PATH = 'M12 2a1.5 1.5 0 0 0-1.5 1.5v.7A6 6 0 0 0 6 10v4l-2 3v1h16v-1l-2-3v-4a6 6 0 0 0-4.5-5.8v-.7A1.5 1.5 0 0 0 12 2zm-2 17a2 2 0 0 0 4 0z';

/** A die's face. */
export const DIE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'] as const;

/** A crash point in hundredths as the game shows it: 2.34×. */
export const crashTimes = (hundredths: number) => `${(hundredths / 100).toFixed(2)}×`;
