// Verifies a round the way the /fairness page does, with Web Crypto and without asking our
// server anything: the page runs this in the browser, and the server tests run this same
// code (Node has Web Crypto too), so what they prove is what a player's browser computes.
//
// Two kinds of round:
//   - seeded rounds (every house game, the live tables): the server seed against its
//     SHA-256 commitment, and the outcome the seeds give (src/shared/fairness.ts) against
//     the one the round states. What is not drawn from the seeds (a jackpot's contribution
//     to its pool, the pool paid) is carried beside the outcome and never compared.
//   - crash rounds (src/shared/crash.ts): the round's seed hashed as many times as its
//     number in the chain gives the chain's published end, and the seed gives the crash point.
import type { BingoRoundView } from './bingo.ts';
import { crashPointOf } from './crash.ts';
import {
  blockMessage,
  type FairGame,
  type FairOutcome,
  type FairSeeds,
  fairOutcome,
  fairRng,
  fairVariantFor,
  isFairGame,
  NeedBlock,
  toHex,
} from './fairness.ts';
import { type TableUse, tableUseOf } from './fairness-show.ts';
import { LIVE_FAIR_GAME, type LiveHistoryEntry, type LiveTableId } from './live.ts';
import type { JackpotFacts, RoundDetails } from './schemas/games.ts';

const TABLE_USE = ['dealt', 'mines', 'rows'] as const satisfies readonly (keyof TableUse)[];

const utf8 = (text: string) => new TextEncoder().encode(text);

/** SHA-256 of a text, in lower-case hex: a server seed's commitment, a crash chain's link. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(text))));
}

/**
 * The outcome the seeds decide. Web Crypto answers asynchronously and the mapping reads
 * its blocks one after another, so the mapping runs on the blocks computed so far and,
 * when it needs the next one, is run again with eight more.
 */
export async function computeOutcome(engine: FairGame, seeds: FairSeeds, variant?: string): Promise<FairOutcome> {
  const key = await crypto.subtle.importKey('raw', utf8(seeds.serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const blocks: Uint8Array[] = [];
  for (;;) {
    try {
      return fairOutcome(
        engine,
        fairRng((_key, message) => {
          const cursor = Number(message.slice(message.lastIndexOf(':') + 1));
          const block = blocks[cursor];
          if (!block) throw new NeedBlock(cursor);
          return block;
        }, seeds),
        fairVariantFor(engine, variant),
      );
    } catch (error) {
      if (!(error instanceof NeedBlock)) throw error;
      for (let cursor = blocks.length; cursor < error.cursor + 8; cursor++) {
        blocks[cursor] = new Uint8Array(await crypto.subtle.sign('HMAC', key, utf8(blockMessage(seeds, cursor))));
      }
    }
  }
}

/** What a round states, as the round details give it. */
export interface StatedRound extends FairSeeds {
  engine: FairGame;
  variant?: string;
  serverSeedHash?: string;
  outcome?: FairOutcome;
  /** A jackpot game's pool, what the round added to it and what it paid: shown beside the outcome, not drawn from the seeds. */
  jackpot?: JackpotFacts;
  /** What the table used of the outcome (the cards dealt, the mines, the rows): for showing it, never for checking. */
  use?: TableUse;
}

export type Verdict =
  | { verified: true; outcome: FairOutcome }
  | { verified: false; outcome: FairOutcome; hash?: { stated: string; computed: string }; differs?: { stated: FairOutcome; computed: FairOutcome } };

/** The fields an outcome is drawn as (src/shared/fairness.ts): anything else a round states is not the seeds' to decide. */
const SEEDED_FIELDS = ['roll', 'number', 'ticket', 'drawn', 'stops', 'heights', 'free', 'jackpot', 'cards', 'order', 'path', 'dice', 'balls'] as const;

/** What of the seeds' outcome a round states: a bingo game stops drawing at its full house, so it states the drum's first balls. */
function asFarAsStated(stated: FairOutcome | undefined, computed: FairOutcome): FairOutcome | undefined {
  const seeded = seededPart(computed);
  if (stated && 'balls' in stated && Array.isArray(stated.balls) && seeded && 'balls' in seeded) return { balls: seeded.balls.slice(0, stated.balls.length) };
  return seeded;
}

/** The drawn part of a stated outcome, its fields in the mapping's order, so that two outcomes compare as text. */
export function seededPart(outcome: unknown): FairOutcome | undefined {
  if (typeof outcome !== 'object' || outcome === null) return undefined;
  const stated = outcome as Record<string, unknown>;
  const kept = Object.fromEntries(SEEDED_FIELDS.filter((field) => stated[field] !== undefined).map((field) => [field, stated[field]]));
  return Object.keys(kept).length > 0 ? (kept as FairOutcome) : undefined;
}

/** Checks the seed against its commitment and the outcome against what the seeds decide. */
export async function verifyRound(round: StatedRound): Promise<Verdict> {
  const outcome = await computeOutcome(round.engine, round, round.variant);
  const computedHash = await sha256Hex(round.serverSeed);
  const hash =
    round.serverSeedHash && round.serverSeedHash.toLowerCase() !== computedHash ? { stated: round.serverSeedHash, computed: computedHash } : undefined;
  const stated = round.outcome === undefined ? undefined : (seededPart(round.outcome) ?? round.outcome);
  const differs = stated && JSON.stringify(stated) !== JSON.stringify(asFarAsStated(stated, outcome)) ? { stated, computed: outcome } : undefined;
  if (!hash && !differs) return { verified: true, outcome };
  return { verified: false, outcome, ...(hash ? { hash } : {}), ...(differs ? { differs } : {}) };
}

/** A crash round as its game shows it once crashed: its seed, its number in the hash chain, and the chain's published end. */
export interface StatedCrashRound {
  seed: string;
  /** The round's place in its chain: 1 for the first round played from it. */
  number: number;
  chainEnd: string;
  /** The crash point the round states, in hundredths (234 = 2.34×). */
  crashPoint?: number;
}

export interface CrashVerdict {
  verified: boolean;
  /** The crash point the seed gives, in hundredths. */
  crashPoint: number;
  /** SHA-256 applied `number` times to the seed: the chain's end when the round belongs to it. */
  chainEnd: string;
  chainDiffers: boolean;
  pointDiffers: boolean;
}

/** The most rounds a chain has (src/server/games/crash.ts plays 10,000 from each): more would be hashing for nothing. */
export const CRASH_CHAIN_MAX = 100_000;

/**
 * Checks a crash round: its seed, hashed once per round from it back to the chain's first,
 * gives the published end (so the seed was fixed before the chain's first round), and the
 * crash point is the one its seed gives.
 */
export async function verifyCrashRound(round: StatedCrashRound): Promise<CrashVerdict> {
  if (!Number.isInteger(round.number) || round.number < 1 || round.number > CRASH_CHAIN_MAX) throw new RangeError(`no round ${round.number} in a chain`);
  let link = round.seed.trim().toLowerCase();
  for (let i = 0; i < round.number; i++) link = await sha256Hex(link);
  const crashPoint = crashPointOf(round.seed.trim().toLowerCase());
  const chainDiffers = link !== round.chainEnd.trim().toLowerCase();
  const pointDiffers = round.crashPoint !== undefined && round.crashPoint !== crashPoint;
  return { verified: !chainDiffers && !pointDiffers, crashPoint, chainEnd: link, chainDiffers, pointDiffers };
}

/** What a link to /fairness carries in its fragment (which no server sees). */
export type FairnessLink = { kind: 'seeds'; round: StatedRound } | { kind: 'crash'; round: StatedCrashRound };

/** A seeded round as a link to /fairness carries it. */
export function fairnessFragment(round: StatedRound): string {
  const params = new URLSearchParams({ engine: round.engine, server: round.serverSeed, client: round.clientSeed, nonce: String(round.nonce) });
  if (round.variant) params.set('variant', round.variant);
  if (round.serverSeedHash) params.set('hash', round.serverSeedHash);
  if (round.outcome) params.set('outcome', JSON.stringify(round.outcome));
  if (round.jackpot) params.set('jackpot', JSON.stringify(round.jackpot));
  for (const [name, value] of Object.entries(round.use ?? {})) params.set(name, String(value));
  return `#${params}`;
}

/** A crash round as a link to /fairness carries it. */
export function crashFragment(round: StatedCrashRound): string {
  const params = new URLSearchParams({ engine: 'crash', seed: round.seed, number: String(round.number), chain: round.chainEnd });
  if (round.crashPoint !== undefined) params.set('point', String(round.crashPoint));
  return `#${params}`;
}

function parsed(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const whole = (text: string | null) => (text !== null && /^\d{1,9}$/.test(text) ? Number(text) : undefined);

/** The round a /fairness fragment names, or null when it names none (the page then waits for the player's input). */
export function readFragment(fragment: string): FairnessLink | null {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const engine = params.get('engine') ?? '';
  if (engine === 'crash') {
    const number = whole(params.get('number'));
    const point = whole(params.get('point'));
    return {
      kind: 'crash',
      round: {
        seed: params.get('seed') ?? '',
        number: number ?? 0,
        chainEnd: params.get('chain') ?? '',
        ...(point === undefined ? {} : { crashPoint: point }),
      },
    };
  }
  if (!isFairGame(engine)) return null;
  const variant = params.get('variant');
  const hash = params.get('hash');
  const outcome = parsed(params.get('outcome'));
  const jackpot = parsed(params.get('jackpot'));
  const use = Object.fromEntries(
    TABLE_USE.flatMap((name) => {
      const value = whole(params.get(name));
      return value === undefined ? [] : [[name, value]];
    }),
  ) as TableUse;
  return {
    kind: 'seeds',
    round: {
      engine,
      serverSeed: params.get('server') ?? '',
      clientSeed: params.get('client') ?? '',
      nonce: whole(params.get('nonce')) ?? -1,
      ...(variant ? { variant } : {}),
      ...(hash ? { serverSeedHash: hash } : {}),
      ...(typeof outcome === 'object' && outcome !== null ? { outcome: outcome as FairOutcome } : {}),
      ...(typeof jackpot === 'object' && jackpot !== null ? { jackpot: jackpot as JackpotFacts } : {}),
      ...(Object.keys(use).length ? { use } : {}),
    },
  };
}

/** The /fairness page of a locale. */
export const fairnessPath = (locale: string) => `${locale === 'en' ? '' : `/${locale}`}/fairness`;

/** The link to /fairness that recomputes a round, or null while its server seed is secret. */
export function verifyLink(locale: string, round: RoundDetails): string | null {
  if (!round.serverSeed || !round.clientSeed || round.nonce === null || !isFairGame(round.engine)) return null;
  const use = tableUseOf(round.outcome, round.view);
  return `${fairnessPath(locale)}${fairnessFragment({
    engine: round.engine,
    ...(round.variant ? { variant: round.variant } : {}),
    serverSeed: round.serverSeed,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    ...(round.serverSeedHash ? { serverSeedHash: round.serverSeedHash } : {}),
    ...(round.outcome ? { outcome: round.outcome } : {}),
    ...(round.jackpot ? { jackpot: round.jackpot } : {}),
    ...(Object.keys(use).length ? { use } : {}),
  })}`;
}

/** The link to /fairness that checks a crashed round. */
export function crashVerifyLink(locale: string, round: StatedCrashRound): string {
  return `${fairnessPath(locale)}${crashFragment(round)}`;
}

/**
 * The link to /fairness that checks a live table's past round: drawn like a house round,
 * with the round's revealed seed, the table's id as client seed and the round's number as nonce.
 */
export function liveVerifyLink(locale: string, table: LiveTableId, entry: LiveHistoryEntry): string {
  const { outcome } = entry;
  return `${fairnessPath(locale)}${fairnessFragment({
    engine: LIVE_FAIR_GAME[table],
    serverSeed: entry.seed,
    clientSeed: table,
    nonce: entry.number,
    outcome: 'number' in outcome ? { number: outcome.number } : { cards: outcome.cards },
    ...('cards' in outcome ? { use: { dealt: outcome.player.length + outcome.banker.length } } : {}),
  })}`;
}

/**
 * The link to /fairness that checks a finished bingo game: its drum drawn with the revealed
 * server seed, the sale's digest as client seed and the game's number as nonce, as far as
 * the balls were called. Null until the game is over and its seed shown.
 */
export function bingoVerifyLink(locale: string, round: BingoRoundView): string | null {
  if (!round.seed || !round.saleDigest) return null;
  return `${fairnessPath(locale)}${fairnessFragment({
    engine: round.game,
    serverSeed: round.seed,
    clientSeed: round.saleDigest,
    nonce: round.number,
    serverSeedHash: round.seedHash,
    outcome: { balls: round.drawn },
    use: { dealt: round.drawn.length },
  })}`;
}
