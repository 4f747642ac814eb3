import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { BUILT_IN_PROFILES, DEFAULT_PROFILE_BY_COUNTRY, type JurisdictionProfile } from '../../../shared/jurisdiction.ts';

/** One row (id 1) of site-wide settings that operators change at run time. */
export const settings = pgTable('settings', {
  id: integer('id').primaryKey(),
  countryBlackList: jsonb('country_black_list').$type<string[]>().notNull().default([]),
  ipBlackList: jsonb('ip_black_list').$type<string[]>().notNull().default([]),
  oneAccountPerIp: boolean('one_account_per_ip').notNull().default(false),
  passwordMinLength: integer('password_min_length').notNull().default(3),
  chatScriptUrl: text('chat_script_url'),
  /**
   * The wallet currency a new player gets by country (ISO 3166 alpha-2 → ISO 4217); a
   * country without an entry gets INR from the `in` interface locale, else EUR.
   */
  currencyByCountry: jsonb('currency_by_country').$type<Record<string, string>>().notNull().default({ IN: 'INR' }),
  /** Sportsbook limits per bet, in cents of the player's currency. */
  sportsMinStake: integer('sports_min_stake').notNull().default(10),
  sportsMaxStake: integer('sports_max_stake').notNull().default(100_000),
  sportsMaxPayout: integer('sports_max_payout').notNull().default(5_000_000),
  /** Jurisdiction profiles by name (`default` is the rule for every country without an entry below). */
  jurisdictionProfiles: jsonb('jurisdiction_profiles').$type<Record<string, JurisdictionProfile>>().notNull().default(BUILT_IN_PROFILES),
  /** The profile each country uses (ISO 3166 alpha-2 → profile name). */
  jurisdictionByCountry: jsonb('jurisdiction_by_country').$type<Record<string, string>>().notNull().default(DEFAULT_PROFILE_BY_COUNTRY),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
