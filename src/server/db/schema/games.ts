import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
 * Where a round stands. `new`: outcome decided, stake not yet confirmed by the wallet;
 * `open`: stake taken, the player still has moves; `done`: finished, win not yet paid;
 * `settled`: paid; `refused`: the wallet refused the stake; `void`: never confirmed, stake returned.
 */
export type RoundStatus = 'new' | 'open' | 'done' | 'settled' | 'refused' | 'void';

/** A round of a game session. The engine's state stays here; the player only ever sees `view`. */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'cascade' }),
    /** The game page's id of the round, so a repeated start is answered, never played twice. */
    roundKey: text('round_key').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    status: text('status').$type<RoundStatus>().notNull(),
    /** Moves applied so far; a move names the step it follows, so a repeated move is not applied twice. */
    step: integer('step').notNull().default(0),
    state: jsonb('state').notNull(),
    view: jsonb('view').notNull(),
    actions: text('actions').array().notNull().default(sql`'{}'::text[]`),
    finished: boolean('finished').notNull().default(false),
    /** Basis points of the stake, final once finished. */
    payout: integer('payout').notNull().default(0),
    win: bigint('win', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('game_rounds_key_idx').on(t.sessionId, t.roundKey),
    index('game_rounds_unfinished_idx').on(t.playerId, t.status).where(sql`${t.status} in ('new', 'open', 'done')`),
  ],
);
