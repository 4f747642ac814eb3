import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { players } from './players.ts';

// The sportsbook: what the feed supplies (competitions, events, markets, selections with
// decimal odds) and what players stake on them (bets and their legs). Sport and market
// names are ours and live in the locale catalogues (`sports` namespace, by sport id and
// market type); team and competition names are kept as the feed gives them.
//
// Money never lives here: a bet's stake is a wallet bet (provider "Sports") and every
// payment a wallet win under a key of the bet, so the ledger stays the one truth.

export type SportEventStatus = 'scheduled' | 'live' | 'suspended' | 'finished' | 'cancelled';
export type MarketType = 'match_result' | 'double_chance' | 'total' | 'handicap' | 'btts' | 'outright';
export type SelectionResult = 'win' | 'lose' | 'void' | 'push' | 'half_win' | 'half_lose' | 'dead_heat';
export type SportBetState = 'pending' | 'open' | 'won' | 'lost' | 'void' | 'cashed_out' | 'refused';

export const sportCompetitions = pgTable(
  'sport_competitions',
  {
    id: serial('id').primaryKey(),
    /** The feed's id of the competition. */
    externalId: text('external_id').notNull(),
    /** football, tennis, basketball, ice_hockey: a catalogue key of the `sports` namespace. */
    sport: text('sport').notNull(),
    /** ISO 3166 alpha-2, or `INT` for international competitions. */
    region: text('region').notNull(),
    name: text('name').notNull(),
    /** Top competitions have their events prerendered for search engines. */
    top: integer('top').notNull().default(0),
  },
  (t) => [uniqueIndex('sport_competitions_external_idx').on(t.externalId)],
);

export const sportEvents = pgTable(
  'sport_events',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id').notNull(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => sportCompetitions.id),
    /** A match between two participants, or an outright (the competition's winner, many participants). */
    kind: text('kind').$type<'match' | 'outright'>().notNull().default('match'),
    home: text('home').notNull(),
    away: text('away').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    status: text('status').$type<SportEventStatus>().notNull().default('scheduled'),
    scoreHome: integer('score_home').notNull().default(0),
    scoreAway: integer('score_away').notNull().default(0),
    /** Minutes played (or sets, for tennis) as the feed last said. */
    elapsed: integer('elapsed').notNull().default(0),
    /** How many times the feed has given a result; a correction raises it and resettles. */
    resultVersion: integer('result_version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sport_events_external_idx').on(t.externalId),
    index('sport_events_list_idx').on(t.status, t.startsAt),
    // The events of a competition (the sports pages' competition filter).
    index('sport_events_competition_idx').on(t.competitionId, t.startsAt),
  ],
);

export const sportMarkets = pgTable(
  'sport_markets',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => sportEvents.id),
    type: text('type').$type<MarketType>().notNull(),
    /** Line of totals and handicaps in hundredths (2.5 goals = 250, −0.75 = −75); 0 otherwise. */
    line: integer('line').notNull().default(0),
    status: text('status').$type<'open' | 'suspended' | 'settled'>().notNull().default('open'),
  },
  (t) => [uniqueIndex('sport_markets_event_type_line_idx').on(t.eventId, t.type, t.line)],
);

export const sportSelections = pgTable(
  'sport_selections',
  {
    id: serial('id').primaryKey(),
    marketId: integer('market_id')
      .notNull()
      .references(() => sportMarkets.id),
    /** '1', 'X', '2', '1X', '12', 'X2', 'over', 'under', 'yes', 'no', 'home', 'away', or a participant for an outright. */
    code: text('code').notNull(),
    /** Decimal odds in hundredths (2.15 = 215). */
    odds: integer('odds').notNull(),
    status: text('status').$type<'active' | 'suspended'>().notNull().default('active'),
    result: text('result').$type<SelectionResult>(),
    /** With a dead heat: how many shared the place. */
    deadHeat: integer('dead_heat').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sport_selections_market_code_idx').on(t.marketId, t.code), check('sport_selections_odds_above_one', sql`${t.odds} > 100`)],
);

/**
 * A player's bet: a single (one leg) or an accumulator (2–20 legs of different events).
 * Its key (`sports:<player>:<slip>:<n>`) is the wallet's idempotency key of its stake.
 * `paid` is what settlement (or cash-out) has credited so far; a correction pays or
 * takes only the difference.
 */
export const sportBets = pgTable(
  'sport_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    betKey: text('bet_key').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    kind: text('kind').$type<'single' | 'accumulator'>().notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** Product of the legs' odds, in hundredths. */
    odds: bigint('odds', { mode: 'number' }).notNull(),
    potentialReturn: bigint('potential_return', { mode: 'number' }).notNull(),
    state: text('state').$type<SportBetState>().notNull().default('pending'),
    /** The refusal code when the wallet refused the stake. */
    refusal: text('refusal'),
    /** What the bet is owed as it stands (settlement or cash-out); payments follow it. */
    due: bigint('due', { mode: 'number' }).notNull().default(0),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    payments: integer('payments').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The free bet that staked this bet (the house's stake, not the player's); null for a bet of the player's money. */
    freeBetId: bigint('free_bet_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('sport_bets_key_idx').on(t.betKey),
    index('sport_bets_player_idx').on(t.playerId, t.createdAt),
    check('sport_bets_stake_positive', sql`${t.stake} > 0`),
    // The sweep finds bets written down whose stake was never confirmed (a crash mid-placement).
    index('sport_bets_pending_idx').on(t.createdAt).where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * A free bet (the SPORTS20 promotion): a stake the house gives, granted by the wallet
 * under the promotion's terms (its id is the granting operation's id). It moves no money
 * when granted or used: a winning free bet is paid its return less the stake, a losing
 * one costs the player nothing, and a void one gives the free bet back.
 */
export const sportFreeBets = pgTable(
  'sport_free_bets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    promotionId: integer('promotion_id'),
    /** Cents of the player's currency: the stake it places. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The least combined odds (hundredths) a bet it stakes may have. */
    minOdds: integer('min_odds').notNull(),
    status: text('status').$type<'available' | 'used'>().notNull().default('available'),
    /** The bet it staked last: only that bet can give it back (refused or void). */
    betId: bigint('bet_id', { mode: 'number' }),
    /** After this it stakes nothing; null for never. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sport_free_bets_player_idx').on(t.playerId, t.status),
    check('sport_free_bets_amount_positive', sql`${t.amount} > 0`),
    check('sport_free_bets_status', sql`${t.status} in ('available', 'used')`),
  ],
);

export const sportBetLegs = pgTable(
  'sport_bet_legs',
  {
    betId: bigint('bet_id', { mode: 'number' })
      .notNull()
      .references(() => sportBets.id),
    selectionId: integer('selection_id')
      .notNull()
      .references(() => sportSelections.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => sportEvents.id),
    /** The odds the bet was accepted at, in hundredths. */
    odds: integer('odds').notNull(),
  },
  (t) => [
    uniqueIndex('sport_bet_legs_bet_selection_idx').on(t.betId, t.selectionId),
    index('sport_bet_legs_selection_idx').on(t.selectionId),
    // Settlement finds the bets of a resulted event by it.
    index('sport_bet_legs_event_idx').on(t.eventId),
  ],
);
