// Provably fair rounds: how every house game turns a player's seeds into its outcome.
// The server and the /fairness page run this same code, the server with node:crypto's
// HMAC and the page with Web Crypto, so anyone can recompute a round from its seeds.
//
// The mapping, in full:
//   - The server seed is 64 hex characters; before it is used, the player sees its
//     commitment SHA-256(server seed) (hex of the digest of the seed's UTF-8 text).
//   - Round `nonce` of a seed pair reads the byte stream made of the blocks
//     HMAC-SHA256(key = server seed, message = `${client seed}:${nonce}:${cursor}`) for
//     cursor = 0, 1, 2 … (key and message as UTF-8), each block read as eight unsigned
//     32-bit big-endian integers in order.
//   - A number in [0, n) takes the next integer x of the stream and is x mod n, unless
//     x ≥ 2^32 − (2^32 mod n), in which case x is thrown away and the next is taken
//     (rejection sampling: every value of the range is exactly equally likely). A range
//     of one value draws nothing.
//   - Cards: the ordered shoe (each deck ♠ ♥ ♦ ♣, each suit 2 … A, decks one after
//     another) is shuffled from the top by Fisher–Yates: card i swaps with card
//     i + draw(length − i), for i = 0, 1 …, as far as the game deals.
//   - Each game's outcome is its first draws, in the order `fairOutcome` lists them.
//     Featured slots (free spins, megaways, jackpot draws) draw in the order
//     src/shared/slot-models.ts (`featureDraws`) gives; a bonus buy is the variant `<name>+buy`.

import { type FeatureOutcome, featureDraws, isFeatureVariant } from './slot-models.ts';

/** A source of uniform random integers. */
export interface Rng {
  /** A uniform integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
}

/** HMAC-SHA256 of `message` under `key` (both UTF-8 text), as 32 bytes. */
export type HmacSha256 = (key: string, message: string) => Uint8Array;

/** What identifies one round's stream. */
export interface FairSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

const TWO_32 = 2 ** 32;

/** Thrown by a stream whose HMAC cannot answer synchronously yet (the browser fills a cache and runs again). */
export class NeedBlock extends Error {
  readonly cursor: number;
  constructor(cursor: number) {
    super(`block ${cursor} not computed yet`);
    this.cursor = cursor;
  }
}

/** The message of block `cursor`. */
export function blockMessage(seeds: Pick<FairSeeds, 'clientSeed' | 'nonce'>, cursor: number): string {
  return `${seeds.clientSeed}:${seeds.nonce}:${cursor}`;
}

/** The random source of one round: the seeds' HMAC stream mapped to ranges by rejection sampling. */
export function fairRng(hmac: HmacSha256, seeds: FairSeeds): Rng & { draws: number } {
  let block: Uint8Array | null = null;
  let cursor = 0;
  let offset = 32;
  const next32 = (): number => {
    if (offset >= 32) {
      block = hmac(seeds.serverSeed, blockMessage(seeds, cursor));
      cursor++;
      offset = 0;
    }
    const b = block as Uint8Array;
    const x = ((b[offset]! << 24) | (b[offset + 1]! << 16) | (b[offset + 2]! << 8) | b[offset + 3]!) >>> 0;
    offset += 4;
    return x;
  };
  const rng = {
    draws: 0,
    int(n: number): number {
      if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`no draw in [0, ${n})`);
      if (n === 1) return 0;
      const limit = TWO_32 - (TWO_32 % n);
      for (;;) {
        const x = next32();
        if (x < limit) {
          rng.draws++;
          return x % n;
        }
      }
    },
  };
  return rng;
}

export const CARD_RANKS = '23456789TJQKA';
export const CARD_SUITS = 'SHDC';
/** Every card of one deck in the shoe's fixed order. */
export const ONE_DECK: readonly string[] = [...CARD_SUITS].flatMap((suit) => [...CARD_RANKS].map((rank) => rank + suit));

const orderedShoes = new Map<number, readonly string[]>();

/** `decks` ordered decks, a fresh copy. */
export function orderedShoe(decks: number): string[] {
  let shoe = orderedShoes.get(decks);
  if (!shoe) {
    shoe = Array.from({ length: decks }, () => ONE_DECK).flat();
    orderedShoes.set(decks, shoe);
  }
  return shoe.slice();
}

/**
 * Fisher–Yates from the top, stopped after `count` swaps: the top `count` cards are
 * distributed exactly as after a full shuffle, so six baccarat cards cost six draws.
 */
export function shuffleTop<T>(rng: Rng, items: T[], count: number): T[] {
  for (let i = 0; i < count; i++) {
    const j = i + rng.int(items.length - i);
    const swapped = items[i]!;
    items[i] = items[j]!;
    items[j] = swapped;
  }
  return count === items.length ? items : items.slice(0, count);
}

/** The first `count` cards of a `decks`-deck shoe shuffled by `rng`. */
export function dealFrom(rng: Rng, count: number, decks = 1): string[] {
  const cards = orderedShoe(decks);
  if (count > cards.length) throw new Error(`cannot deal ${count} cards from ${cards.length}`);
  return shuffleTop(rng, cards, count);
}

/** Keno: 20 numbers of 1…80, in the order drawn (Fisher–Yates from the top of 1…80). */
export function kenoDraw(rng: Rng): number[] {
  return shuffleTop(
    rng,
    Array.from({ length: 80 }, (_, i) => i + 1),
    20,
  );
}

/** How each game draws its outcome: the public figures the mapping needs. */
export const FAIR_GAMES = {
  dice: { kind: 'range', range: 10_000 },
  // European and French wheels 37 pockets; the variant `american` draws from 38 (37 is 00).
  roulette: { kind: 'range', range: 37, american: 38 },
  keno: { kind: 'keno' },
  scratch: { kind: 'range', range: 100_000 },
  slot: { kind: 'reels', reels: { classic: [31, 31, 31, 31, 31], volatile: [32, 32, 32, 32, 32] } },
  blackjack: { kind: 'cards', count: 61, decks: 6 },
  baccarat: { kind: 'cards', count: 6, decks: 8 },
  'video-poker': { kind: 'cards', count: 52, decks: 1 },
  holdem: { kind: 'cards', count: 9, decks: 1 },
  // Hi-lo's endless deck: each card one draw of the 52 (ONE_DECK's order), as many as a round can turn.
  hilo: { kind: 'draws', count: 52 },
  // The 25 cells by Fisher–Yates; the first `mines` of the order are the mines.
  mines: { kind: 'order', cells: 25 },
  // One bounce per row of the tallest board (0 left, 1 right); a board of fewer rows reads the first ones.
  plinko: { kind: 'bits', count: 16 },
  sicbo: { kind: 'dice', count: 3 },
  'andar-bahar': { kind: 'cards', count: 52, decks: 1 },
  'teen-patti': { kind: 'cards', count: 6, decks: 1 },
  // A bingo room's drum, 1…N by Fisher–Yates (its client seed is the sale's digest, its nonce the game's number): src/shared/bingo.ts.
  'bingo-90': { kind: 'balls', balls: 90 },
  'bingo-75': { kind: 'balls', balls: 75 },
} as const;

export type FairGame = keyof typeof FAIR_GAMES;

/**
 * The variants a game's rounds are drawn in, as round details name them: a slot's maths
 * model (a bonus buy is `<model>+buy`, since it draws differently) and a roulette
 * wheel (`american` draws from 38 pockets; European and French tables name none).
 * Every other table (blackjack's rules, plinko's rows, mines' count) draws the same
 * stream whatever its settings, and the settings only read it.
 */
export const FAIR_VARIANTS = {
  slot: ['classic', 'volatile', 'freespins', 'freespins+buy', 'megaways', 'classic-jackpot', 'megaways-jackpot'],
  roulette: ['european', 'american'],
} as const satisfies Partial<Record<FairGame, readonly string[]>>;

/** The variant of a game as the mapping reads it: the first of its list when none is named (a European wheel is no variant). */
export function fairVariantFor(engine: FairGame, variant: string | undefined): string | undefined {
  if (engine === 'roulette') return variant === 'american' ? 'american' : undefined;
  if (engine === 'slot') return (FAIR_VARIANTS.slot as readonly string[]).includes(variant ?? '') ? variant : 'classic';
  return undefined;
}

export function isFairGame(engine: string): engine is FairGame {
  return Object.hasOwn(FAIR_GAMES, engine);
}

/**
 * What a round's seeds decide, before the rules read it:
 * dice `{ roll }` (0.00–99.99), roulette `{ number }` (0–36; 0–37 on the `american` variant, 37 being 00), scratch `{ ticket }` (the
 * prize table's ticket, 0–99,999; the cells' layout is drawn after it), keno `{ drawn }`,
 * slot `{ stops }` (each reel's top row on its strip, reel by reel), card games `{ cards }`
 * (the shoe's first cards in the order dealt; hi-lo's each drawn on its own from one
 * deck's 52), mines `{ order }` (the 25 cells shuffled, mines first), plinko `{ path }`
 * (16 bounces, 0 left, 1 right), sic bo `{ dice }` (three dice, 1–6), bingo `{ balls }` (the whole
 * drum in the order drawn; a game stops drawing at its full house, so it states the first ones).
 */
export type FairOutcome =
  | { roll: number }
  | { number: number }
  | { ticket: number }
  | { drawn: number[] }
  | { stops: number[] }
  | FeatureOutcome
  | { cards: string[] }
  | { order: number[] }
  | { path: number[] }
  | { dice: number[] }
  | { balls: number[] };

/** The outcome of a round of `engine` (with the slot's `variant`) from its random source. */
export function fairOutcome(engine: FairGame, rng: Rng, variant?: string): FairOutcome {
  switch (engine) {
    case 'dice':
      return { roll: rng.int(FAIR_GAMES.dice.range) / 100 };
    case 'roulette':
      return { number: rng.int(variant === 'american' ? FAIR_GAMES.roulette.american : FAIR_GAMES.roulette.range) };
    case 'scratch':
      return { ticket: rng.int(FAIR_GAMES.scratch.range) };
    case 'keno':
      return { drawn: kenoDraw(rng) };
    case 'slot': {
      const [name = '', buy] = (variant ?? '').split('+');
      if (isFeatureVariant(name)) return featureDraws(rng, name, buy === 'buy');
      const reels = FAIR_GAMES.slot.reels[variant === 'volatile' ? 'volatile' : 'classic'];
      return { stops: reels.map((length) => rng.int(length)) };
    }
    case 'hilo':
      return { cards: Array.from({ length: FAIR_GAMES.hilo.count }, () => ONE_DECK[rng.int(ONE_DECK.length)]!) };
    case 'mines':
      return {
        order: shuffleTop(
          rng,
          Array.from({ length: FAIR_GAMES.mines.cells }, (_, i) => i),
          FAIR_GAMES.mines.cells,
        ),
      };
    case 'plinko':
      return { path: Array.from({ length: FAIR_GAMES.plinko.count }, () => rng.int(2)) };
    case 'sicbo':
      return { dice: Array.from({ length: FAIR_GAMES.sicbo.count }, () => rng.int(6) + 1) };
    case 'bingo-90':
    case 'bingo-75': {
      const { balls } = FAIR_GAMES[engine];
      return {
        balls: shuffleTop(
          rng,
          Array.from({ length: balls }, (_, i) => i + 1),
          balls,
        ),
      };
    }
    default: {
      const { count, decks } = FAIR_GAMES[engine];
      return { cards: dealFrom(rng, count, decks) };
    }
  }
}

/** Lower-case hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** A client seed the player may choose: 1–64 letters, digits, `-` or `_` (no `:`, which separates the message's parts). */
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
