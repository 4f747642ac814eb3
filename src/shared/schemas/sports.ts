// The sportsbook's calls: what the sports pages ask for and what the betslip sends.
// Odds travel as decimal numbers (2.15); stakes as money with two decimals.
import { toCents } from '../money.ts';
import { text, z } from './common.ts';

export const SPORTS = ['football', 'tennis', 'basketball', 'ice_hockey'] as const;
export type Sport = (typeof SPORTS)[number];

/** An accumulator combines 2 to 20 selections of different events. */
export const MAX_LEGS = 20;
/** The most bets one slip places at once (its singles and one accumulator). */
export const MAX_SLIP_BETS = 21;

const id = z.number().int('invalid_value').positive('invalid_value').max(2_147_483_647, 'invalid_value');

/** Decimal odds as the slip saw them, turned into hundredths. */
const odds = z
  .number()
  .min(1.01, 'invalid_value')
  .max(1000, 'invalid_value')
  .transform((v) => Math.round(v * 100));

const stake = z.union([z.number(), text({ max: 30, tooLong: 'invalid_value' })]).transform((v, ctx) => {
  const cents = toCents(v);
  if (cents === undefined || cents < 1) {
    ctx.addIssue({ code: 'custom', message: 'invalid_amount' });
    return z.NEVER;
  }
  return cents;
});

/** The most events one get_sport_events reply holds. */
export const EVENTS_PAGE = 60;

export const sportEventsParams = z
  .object({
    sport: z.enum(SPORTS, 'invalid_value').optional(),
    competition: id.optional(),
    /** live: in play now; prematch: not started; all: both. */
    tab: z.enum(['live', 'prematch', 'all'], 'invalid_value').default('all'),
    event: id.optional(),
    /** An event by the feed's id (the prerendered event pages know it, not our row id). */
    external: text({ max: 200, tooLong: 'invalid_value' }).min(1, 'invalid_value').optional(),
    /** Paging: events after the first `offset`, at most `limit` (60, the default, at most). */
    offset: z.number().int('invalid_value').min(0, 'invalid_value').max(100_000, 'invalid_value').default(0),
    limit: z.number().int('invalid_value').min(1, 'invalid_value').max(EVENTS_PAGE, 'invalid_value').default(EVENTS_PAGE),
  })
  .loose();

/** How the slip takes a price that moved: refuse any change, take a better one, or take any. */
export const ODDS_PREFERENCES = ['none', 'higher', 'any'] as const;
export type OddsPreference = (typeof ODDS_PREFERENCES)[number];

export const placeSportBetsParams = z
  .object({
    /** The slip's own id: placing the same slip again (a second tab, a retry) places nothing more. */
    slip_id: text({ max: 64, trim: true, tooLong: 'invalid_value' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalid_value'),
    accept: z.enum(ODDS_PREFERENCES, 'invalid_value').default('none'),
    bets: z
      .array(
        z.object({
          selections: z.array(z.object({ id, odds })).min(1, 'field_required').max(MAX_LEGS, 'sports_too_many_selections'),
          stake,
          /** One of the player's free bets (front/get_free_bets) stakes this bet: its amount is the stake, and a win pays the return less it. */
          free_bet: z.number().int('invalid_value').positive('invalid_value').max(Number.MAX_SAFE_INTEGER, 'invalid_value').optional(),
        }),
      )
      .min(1, 'field_required')
      .max(MAX_SLIP_BETS, 'invalid_value'),
  })
  .loose();

export const freeBetsParams = z.object({}).loose();

export const sportBetsParams = z
  .object({
    state: z.enum(['open', 'settled', 'all'], 'invalid_value').default('all'),
  })
  .loose();

export const cashOutParams = z
  .object({
    bet_id: z.number().int('invalid_value').positive('invalid_value'),
    /** The cash-out value the player was shown and confirmed; a different one now is refused with the new value. */
    amount: stake,
  })
  .loose();
