// Calls of the lobby (front/get_games, get_game_providers, get_game_url) and of the
// game pages (studio/*). Messages are catalogue keys.
import { CLIENT_SEED_PATTERN, type FairOutcome } from '../fairness.ts';
import { LOCALES } from '../locales.ts';
import type { RealityCheckInfo } from '../protection.ts';
import { text, z } from './common.ts';

const gameType = z.enum(['online', 'live']);
// The client's idea of its country only narrows the lobby; launches use the server's lookup.
const country = text({ max: 2, trim: true, tooLong: 'invalid_value' })
  .regex(/^[A-Za-z]{2}$/)
  .transform((c) => c.toUpperCase())
  .optional()
  .catch(undefined);

export const gamesParams = z
  .object({
    filterGame: text({ max: 100, trim: true }).optional().default(''),
    filterProvider: z.coerce.number().int().min(0).optional().default(0),
    filterGroup: z.coerce.number().int().min(0).optional(),
    /** A lobby section ('top_casino_games'…); absent for the whole group. */
    section: text({ max: 40, tooLong: 'invalid_value' })
      .regex(/^[a-z_]{1,40}$/)
      .optional(),
    type: gameType.optional(),
    page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
    itemsPerPage: z.coerce.number().int().min(1).max(100).optional().default(24),
    country,
  })
  .loose();

export const gameProvidersParams = z.object({ type: gameType.optional(), country, status: z.enum(['activated', 'deactivated']).optional() }).loose();

export const gameUrlParams = z
  .object({
    /** external_game_id, or the slug as game_code: either names the game. */
    game_id: z
      .union([text({ max: 100 }), z.number()])
      .transform(String)
      .optional(),
    game_code: text({ max: 100 }).optional(),
    is_real: z.boolean().optional().default(false),
    lang: text({ max: 20, tooLong: 'invalid_value' })
      .optional()
      .transform((l) => ((LOCALES as readonly string[]).includes(l ?? '') ? (l as string) : 'en')),
  })
  .loose()
  .refine((p) => p.game_id !== undefined || p.game_code !== undefined, { message: 'field_required', path: ['game_id'] });

/** The game page's launch token (from the URL fragment). */
export const sessionToken = text({ max: 100, tooLong: 'session_expired' }).regex(/^[\w-]{20,100}$/, 'session_expired');
/** The game page's own id for a round: a repeat of the same id is answered, never played twice. */
const roundId = text({ max: 64, tooLong: 'invalid_value' }).regex(/^[\w-]{8,64}$/, 'invalid_value');

export const studioSessionParams = z.union([
  z.object({ session: sessionToken }).strict(),
  /** Free play straight from a demo link: opens a new fun session for the game. */
  z.object({ demo: text({ max: 100, tooLong: 'invalid_value' }).regex(/^[a-z0-9-]{1,100}$/), lang: z.enum(LOCALES).optional().default('en') }).strict(),
]);

export const studioStartParams = z
  .object({
    session: sessionToken,
    roundId,
    stake: z.number().positive('invalid_value').multipleOf(0.01, 'invalid_value'),
    choice: z.unknown().optional().default({}),
  })
  .strict();

export const studioActParams = z.object({ session: sessionToken, roundId, step: z.number().int().min(0), action: z.unknown() }).strict();

/** A lobby game as get_games lists it (contract: name, external_game_id, slug, game_info, demo_url). */
export interface ListedGame {
  id: number;
  name: string;
  slug: string;
  external_game_id: string;
  /** First value: the thumbnail URL. */
  game_info: { thumbnail: string };
  /** Free play without a call: the game page opens its own fun session. */
  demo_url: string;
  provider_id: number;
  provider_name: string;
  group_id: number;
  type: 'online' | 'live';
  sections: string[];
}

/** A round as the game page sees it. Amounts are two-decimal numbers. */
export interface StudioRound {
  roundId: string;
  step: number;
  done: boolean;
  actions: string[];
  view: unknown;
  /** Everything the round has staked so far. */
  stake: number;
  /** Each stake of the round in the order taken: the chosen stake first, then side bets and the stakes of moves (a double, a split, insurance, a call). */
  stakes: number[];
  /** Everything the round returned, once done. */
  win: number;
}

export interface StudioSessionReply {
  status: 1;
  /** Set when the call opened a new (demo) session: the page keeps it for its next calls. */
  session?: string;
  /** `config` is the table's settings with their defaults (a blackjack table's rules); `rtp` the return it states (0.9967 = 99.67 %). */
  game: { name: string; slug: string; engine: string; config: Record<string, unknown>; provider: string; theme: string; rtp: number };
  mode: 'real' | 'fun';
  /** ISO 4217: the player's wallet currency in real play (and in free play when a player launched it), else the page locale's. */
  currency: string;
  locale: string;
  balance: number;
  limits: { min: number; max: number; default: number };
  /** The player's hand of this game left unfinished (a blackjack hand…), whichever launch dealt it, to resume. */
  openRound: StudioRound | null;
  /** After how many hours untouched a hand is ended by the game's rule and paid; null in free play, where hands wait. */
  abandonedHandHours: number | null;
  /** Real play of a logged-in player: when the next reality check falls due, and what it says. */
  realityCheck?: RealityCheckInfo | null;
}

export interface StudioRoundReply {
  status: 1;
  round: StudioRound;
  balance: number;
}

/** Stake limits of every game, in cents (kept beside the game tables, which need them without zod). */
export { STAKE_LIMITS } from '../game-tables.ts';

/** A client seed the player chooses (src/shared/fairness.ts): letters, digits, `-` and `_`. */
const clientSeed = text({ max: 64, trim: true, tooLong: 'invalid_client_seed' }).regex(CLIENT_SEED_PATTERN, 'invalid_client_seed');

/** The game page's fairness panel: the session's seeds and its latest rounds. */
export const studioFairnessParams = z.object({ session: sessionToken }).strict();
/** Reveals the server seed in use and starts a new pair, with the client seed the player typed (else the same one). */
export const studioRotateSeedParams = z.object({ session: sessionToken, clientSeed: clientSeed.optional() }).strict();
/** The player's seeds and latest rounds: no parameters. */
export const fairnessParams = z.object({}).loose();
export const rotateSeedParams = z.object({ client_seed: clientSeed.optional() }).loose();
/** A round of the bet list (`studio-<id>`). */
export const roundDetailsParams = z.object({ round_id: text({ max: 40, tooLong: 'invalid_value' }).regex(/^studio-\d{1,12}$/, 'invalid_value') }).loose();

/** A seed pair as a player may see it: the server seed only once rotated. */
export interface ShownSeed {
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
  nextNonce: number;
  revealedAt: string | null;
}

/**
 * A jackpot game's round beside its draw: the pool it plays for, what its stake added
 * to it (null in free play) and what the pool paid it. None of it comes from the seeds:
 * the draw does, and it wins when it is below the stake in minor units.
 */
export interface JackpotFacts {
  pool: string;
  currency: string;
  /** The stake the draw is compared with (two-decimal). */
  stake: number;
  /** What the stake added to the pool; null in free play, which adds nothing. */
  contribution: number | null;
  /** What the pool paid this round, or null. */
  won: number | null;
}

/** A round with what makes it verifiable: seeds, nonce and the outcome they decided (once the round is over). */
export interface RoundDetails {
  id: string;
  game: string;
  engine: string;
  variant: string | null;
  createdAt: string;
  finished: boolean;
  stake: number;
  win: number;
  view: unknown;
  outcome: FairOutcome | null;
  nonce: number | null;
  serverSeedHash?: string;
  serverSeed?: string | null;
  clientSeed?: string;
  /** A jackpot game's pool and what the round added to it and won, once the round is over. */
  jackpot?: JackpotFacts;
}

export interface FairnessReply {
  status: 1;
  active: ShownSeed;
  previous: ShownSeed[];
  rounds: RoundDetails[];
}

export interface RotateSeedReply {
  status: 1;
  revealed: ShownSeed;
  active: ShownSeed;
}

/** The crash game's calls from its page (the launch token names the player). */
export const crashStateParams = z
  .object({
    session: sessionToken,
    /** The player's bet on this round (one that may have ended) instead of on the round in play. */
    round: z.number().int('invalid_value').positive('invalid_value').optional(),
  })
  .strict();
export const crashBetParams = z
  .object({
    session: sessionToken,
    amount: z.number().positive('invalid_value').multipleOf(0.01, 'invalid_value'),
    /** Cash out by itself at this multiplier (1.01 to 10,000), or null. */
    autoCashout: z
      .number()
      .min(1.01, 'crash_auto_out_of_range')
      .max(10_000, 'crash_auto_out_of_range')
      .multipleOf(0.01, 'crash_auto_out_of_range')
      .nullable()
      .optional(),
  })
  .strict();
export const crashCashoutParams = z.object({ session: sessionToken }).strict();

/** The crash page's "Auto cash-out at" field: empty (none) or a multiplier of 1.01 to 10,000 with at most two decimals (a comma too). */
export const CRASH_AUTO_PATTERN = /^\d{1,5}(?:[.,]\d{1,2})?$/;
export const crashAutoForm = z
  .object({ auto: text({ max: 16 }) })
  .superRefine((v, ctx) => {
    const typed = v.auto.trim();
    if (typed === '') return;
    const value = Number(typed.replace(',', '.'));
    if (!CRASH_AUTO_PATTERN.test(typed) || value < 1.01 || value > 10_000) ctx.addIssue({ code: 'custom', path: ['auto'], message: 'crash_auto_out_of_range' });
  })
  .transform((v) => ({ auto: v.auto.trim() === '' ? null : Number(v.auto.trim().replace(',', '.')) }));

/** A live table's calls from its page (the launch token names the player and the table). */
export const liveStateParams = z.object({ session: sessionToken }).strict();
export const liveBetParams = z
  .object({
    session: sessionToken,
    /** Roulette: `{ bets }`, each chip's amount in cents on its spot; baccarat: `{ bet, amount }` in cents. Checked by the table's rules. */
    choice: z.record(text({ max: 40, tooLong: 'invalid_choice' }), z.unknown(), 'invalid_choice'),
  })
  .strict();

/** A bingo room's calls from its page (the launch token names the player and the room). */
export const bingoStateParams = z.object({ session: sessionToken }).strict();
export const bingoBuyParams = z
  .object({ session: sessionToken, tickets: z.int('bingo_ticket_count').min(1, 'bingo_ticket_count').max(6, 'bingo_ticket_count') })
  .strict();
