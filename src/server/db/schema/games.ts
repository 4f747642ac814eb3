import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GroupTheme } from '../../../shared/game-themes.ts';
import { players } from './players.ts';

export type GameType = 'online' | 'live';
export type ActivationStatus = 'activated' | 'deactivated';

/** Lobby tabs. Id 2 is the sports group: the sports entry shows only while it is an active online group. */
export const gameGroups = pgTable('game_groups', {
  id: integer('id').primaryKey(),
  groupName: text('group_name').notNull(),
  groupSlug: text('group_slug').notNull(),
  type: text('type').$type<GameType>().notNull(),
  status: text('status').$type<ActivationStatus>().notNull().default('activated'),
  position: integer('position').notNull().default(0),
  /** Its type theme of SPEC §1 (slot, live, sport, table, instant, lottery, arcade, video_poker, virtual): the lobby's accent and icon. */
  theme: text('theme').$type<GroupTheme>().notNull().default('slot'),
});

/** The studios whose games the lobby lists; a provider blocked in a country is hidden there with all its games. */
export const gameProviders = pgTable('game_providers', {
  id: serial('id').primaryKey(),
  providerName: text('provider_name').notNull(),
  slug: text('slug').notNull().unique(),
  status: text('status').$type<ActivationStatus>().notNull().default('activated'),
  position: integer('position').notNull().default(0),
  /** ISO alpha-2 codes, upper case. */
  blockedCountries: text('blocked_countries').array().notNull().default(sql`'{}'::text[]`),
});

/** A game of the lobby: what it is called, where it is listed, and which engine of our studio runs it. */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    /** The provider's id of the game (`game_id` of get_game_url). */
    externalGameId: text('external_game_id').notNull().unique(),
    /** URL-safe code (`game_code` of get_game_url). */
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => gameProviders.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => gameGroups.id),
    type: text('type').$type<GameType>().notNull(),
    /** The studio engine that plays it ('slot', 'dice'…) and its settings for this game. */
    engine: text('engine').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    /** Lobby sections it appears in: 'top_casino_games', 'new_games', 'megaways'… */
    sections: text('sections').array().notNull().default(sql`'{}'::text[]`),
    thumbnail: text('thumbnail').notNull(),
    status: text('status').$type<ActivationStatus>().notNull().default('activated'),
    position: integer('position').notNull().default(0),
    blockedCountries: text('blocked_countries').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('games_lobby_idx').on(t.type, t.status, t.position)],
);

export type GameMode = 'real' | 'fun';

/**
 * One launch of a game. The launch URL carries a random token whose hash is stored
 * here: the game page holds no player credentials, only this token, which plays one
 * game for one player (or for nobody, in free play) until it expires.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    /** Null in free play. */
    playerId: integer('player_id').references(() => players.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    mode: text('mode').$type<GameMode>().notNull(),
    currency: text('currency').notNull(),
    locale: text('locale').notNull().default('en'),
    /** Free play's pretend money in cents; null in real play, where the wallet holds the money. */
    funBalance: bigint('fun_balance', { mode: 'number' }),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('game_sessions_player_idx').on(t.playerId)],
);

/**
 * A pair of seeds rounds are drawn from (src/shared/fairness.ts): the server's, shown only
 * as its SHA-256 until it is rotated, and the player's. Real play keeps one active pair per
 * player, free play one per session. `nextNonce` counts the rounds drawn from it; the
 * (seed, nonce) index on the rounds makes sure no nonce is used twice.
 */
export const fairSeeds = pgTable(
  'fair_seeds',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => gameSessions.id, { onDelete: 'cascade' }),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nextNonce: integer('next_nonce').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the pair was rotated and its server seed shown; null while it is in use. */
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('fair_seeds_player_active_idx').on(t.playerId).where(sql`${t.revealedAt} is null and ${t.playerId} is not null`),
    uniqueIndex('fair_seeds_session_active_idx').on(t.sessionId).where(sql`${t.revealedAt} is null and ${t.sessionId} is not null`),
    index('fair_seeds_player_idx').on(t.playerId, t.id),
    check('fair_seeds_one_owner', sql`(${t.playerId} is null) <> (${t.sessionId} is null)`),
  ],
);

/**
 * Where a round stands. `new`: outcome decided, stake not yet confirmed by the wallet;
 * `open`: stake taken, the player still has moves; `done`: finished, win not yet paid;
 * `settled`: paid; `refused`: the wallet refused the stake; `void`: never confirmed, stake returned.
 */
export type RoundStatus = 'new' | 'open' | 'done' | 'settled' | 'refused' | 'void';

/**
 * One wallet bet of a round: the first is the stake the round was dealt for, the
 * others were taken by moves (a double, a split, insurance, a call) or with the deal
 * (a side bet). `n` names its wallet keys (`studio:<round>:bet` for 0, else
 * `studio:<round>:bet:<n>`); `win` is what it returns once the round is decided.
 */
export interface RoundStake {
  n: number;
  amount: number;
  win: number;
}

/** A move that takes a stake, written down before the stake is asked for (see studio.ts). */
export interface PendingMove {
  /** The step the move follows. */
  step: number;
  action: unknown;
  /** Its stake's `n` and amount in cents. */
  n: number;
  amount: number;
}

/** A round of a game session. The engine's state stays here; the player only ever sees `view`. */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'cascade' }),
    /** The game played: an unfinished hand belongs to its player and game, whichever session opened it. */
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    /** The game page's id of the round, so a repeated start is answered, never played twice. */
    roundKey: text('round_key').notNull(),
    /** Everything the round has staked, in cents: the sum of `stakes`. */
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** The round's wallet bets, in the order taken. */
    stakes: jsonb('stakes').$type<RoundStake[]>().notNull().default([]),
    /** The last stake number handed out; a refused stake's number is never used again, as the wallet keeps its refusal. */
    stakeSeq: integer('stake_seq').notNull().default(0),
    /** A move waiting for its stake, or null. */
    pending: jsonb('pending').$type<PendingMove>(),
    status: text('status').$type<RoundStatus>().notNull(),
    /** Moves applied so far; a move names the step it follows, so a repeated move is not applied twice. */
    step: integer('step').notNull().default(0),
    state: jsonb('state').notNull(),
    view: jsonb('view').notNull(),
    actions: text('actions').array().notNull().default(sql`'{}'::text[]`),
    finished: boolean('finished').notNull().default(false),
    /** Basis points of the first stake, final once finished. */
    payout: integer('payout').notNull().default(0),
    /** Everything the round returns, in cents: the sum of the stakes' wins. */
    win: bigint('win', { mode: 'number' }).notNull().default(0),
    /** The seed pair and nonce the round was drawn from, and what they decided (null for rounds before provably fair play). */
    seedId: integer('seed_id').references(() => fairSeeds.id),
    nonce: integer('nonce'),
    outcome: jsonb('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('game_rounds_nonce_idx').on(t.seedId, t.nonce),
    uniqueIndex('game_rounds_key_idx').on(t.sessionId, t.roundKey),
    index('game_rounds_unfinished_idx').on(t.playerId, t.status).where(sql`${t.status} in ('new', 'open', 'done')`),
    // One hand in play per player and game, and per session (free play has no player):
    // parallel starts cannot each take a stake. Single-step rounds are finished from
    // their first row, so only hands of several moves are held here.
    uniqueIndex('game_rounds_one_hand_per_player_idx')
      .on(t.playerId, t.gameId)
      .where(sql`not ${t.finished} and ${t.status} in ('new', 'open') and ${t.playerId} is not null`),
    uniqueIndex('game_rounds_one_hand_per_session_idx').on(t.sessionId).where(sql`not ${t.finished} and ${t.status} in ('new', 'open')`),
  ],
);

/**
 * One row counting changes to the lobby's games and providers: a statement trigger on
 * both tables (migration 0023) bumps it, so every process can keep the lobby in memory
 * and reload it the moment the catalogue changes, whoever changed it.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogue_version_one_row', sql`${t.id} = 1`)],
);
