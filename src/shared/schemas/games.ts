// Calls of the lobby (front/get_games, get_game_providers, get_game_url) and of the
// game pages (studio/*). Messages are catalogue keys.
import { LOCALES } from '../locales.ts';
import { z } from './common.ts';

const gameType = z.enum(['online', 'live']);
// The client's idea of its country only narrows the lobby; launches use the server's lookup.
const country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/)
  .transform((c) => c.toUpperCase())
  .optional()
  .catch(undefined);

export const gamesParams = z
  .object({
    filterGame: z.string().trim().max(100, 'too_long').optional().default(''),
    filterProvider: z.coerce.number().int().min(0).optional().default(0),
    filterGroup: z.coerce.number().int().min(0).optional(),
    /** A lobby section ('top_casino_games'…); absent for the whole group. */
    section: z
      .string()
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
    game_id: z.union([z.string(), z.number()]).transform(String).optional(),
    game_code: z.string().max(100).optional(),
    is_real: z.boolean().optional().default(false),
    lang: z
      .string()
      .optional()
      .transform((l) => ((LOCALES as readonly string[]).includes(l ?? '') ? (l as string) : 'en')),
  })
  .loose()
  .refine((p) => p.game_id !== undefined || p.game_code !== undefined, { message: 'field_required', path: ['game_id'] });

/** The game page's launch token (from the URL fragment). */
const sessionToken = z.string().regex(/^[\w-]{20,100}$/, 'session_expired');
/** The game page's own id for a round: a repeat of the same id is answered, never played twice. */
const roundId = z.string().regex(/^[\w-]{8,64}$/, 'invalid_value');

export const studioSessionParams = z.union([
  z.object({ session: sessionToken }).strict(),
  /** Free play straight from a demo link: opens a new fun session for the game. */
  z.object({ demo: z.string().regex(/^[a-z0-9-]{1,100}$/), lang: z.enum(LOCALES).optional().default('en') }).strict(),
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
export interface LobbyGame {
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
  stake: number;
  win: number;
}

export interface StudioSessionReply {
  status: 1;
  /** Set when the call opened a new (demo) session: the page keeps it for its next calls. */
  session?: string;
  game: { name: string; slug: string; engine: string; config: Record<string, unknown>; provider: string; theme: string };
  mode: 'real' | 'fun';
  currency: 'EUR' | 'INR';
  locale: string;
  balance: number;
  limits: { min: number; max: number; default: number };
  /** A round left unfinished (a blackjack hand…), to resume. */
  openRound: StudioRound | null;
}

export interface StudioRoundReply {
  status: 1;
  round: StudioRound;
  balance: number;
}

/** Stake limits of every game, in cents. */
export const STAKE_LIMITS = { min: 10, max: 10_000, default: 100 } as const;
