// The words of a round's outcome (src/shared/fairness-show.ts) in the page's language: the
// /fairness page and the game's "Provably fair" panel draw the same lines with these.
import { type ShownLine, cardFace } from '../shared/fairness-show.ts';
import type { RouletteColor, SlotSymbol } from '../shared/game-tables.ts';
import { LANGUAGE_TAG, type Locale } from '../shared/locales.ts';
import { formatMessage, type Message } from './plural.ts';

export interface FairWords {
  /** A `fairness` key filled in, numbers written the local way. */
  say(key: string, ...args: (string | number)[]): string;
  line(line: ShownLine): string;
  card(card: string): string;
  symbol(symbol: SlotSymbol): string;
  color(color: RouletteColor): string;
  /** Reels for a screen reader: "Reel 1: Jack, Seven, King; Reel 2: …". */
  reels(reels: readonly (readonly SlotSymbol[])[]): string;
  bounces(path: readonly number[]): string;
  /** The mined cells, numbered 1–25 row by row. */
  mines(board: readonly boolean[]): string;
}

/** The words of the `fairness` namespace, from a lookup of its messages, in `locale`. */
export function fairWords(lookup: (key: string) => Message | undefined, locale: Locale): FairWords {
  const whole = new Intl.NumberFormat(LANGUAGE_TAG[locale], { maximumFractionDigits: 0 });
  const hundredths = new Intl.NumberFormat(LANGUAGE_TAG[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const number = (n: number) => (Number.isInteger(n) ? whole : hundredths).format(n);
  const say = (key: string, ...args: (string | number)[]) =>
    formatMessage(lookup(key) ?? key, locale, ...args.map((a) => (typeof a === 'number' ? number(a) : a)));
  const list = (items: string[]) => items.join(', ');
  const words: FairWords = {
    say,
    line: (line) => say(line.key, ...line.args),
    card: (card) => say('card_name', say(`card_rank_${card[0]}`), say(`card_suit_${card[1]}`)) || cardFace(card).rank,
    symbol: (symbol) => say(`symbol_${symbol}`),
    color: (color) => say(`color_${color}`),
    reels: (reels) => reels.map((reel, i) => say('reel_symbols', i + 1, list(reel.map(words.symbol)))).join('; '),
    bounces: (path) => list(path.map((b) => say(b ? 'bounce_right' : 'bounce_left'))),
    mines: (board) => say('mines_at', list(board.flatMap((mine, cell) => (mine ? [number(cell + 1)] : [])))),
  };
  return words;
}
