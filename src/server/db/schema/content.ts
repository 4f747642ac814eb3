import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A promotion players can claim with its code. It may grant a bonus: a fixed sum or a
 * percentage of the deposit up to a cap, to be wagered `wageringMultiplier` times.
 * Money is in minor units (cents) of `currency`; `promotion_amounts` gives the same
 * promotion's amounts in other currencies. A player whose wallet currency has neither
 * cannot claim it (`promotion_not_in_currency`).
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    promoCode: text('promo_code').notNull(),
    /** ISO 4217: the currency of the amounts on this row. */
    currency: text('currency').notNull().default('EUR'),
    bonusKind: text('bonus_kind').$type<'fixed' | 'percent' | 'none' | 'free_bet'>().notNull().default('none'),
    /** Cents for a fixed bonus or a free bet, whole percent for a percentage bonus. */
    bonusValue: bigint('bonus_value', { mode: 'number' }).notNull().default(0),
    maxBonus: bigint('max_bonus', { mode: 'number' }),
    minDeposit: bigint('min_deposit', { mode: 'number' }).notNull().default(0),
    wageringMultiplier: integer('wagering_multiplier').notNull().default(0),
    /** Cents: the most a bonus of this promotion (and its winnings) can turn into real money; null for no limit. */
    maxCashout: bigint('max_cashout', { mode: 'number' }),
    /** Days a bonus of this promotion may take to be wagered, from the moment it is granted; null for no limit. */
    bonusValidDays: integer('bonus_valid_days'),
    /** Which deposits earn the bonus: any, the player's first only, one a calendar week, or none (a sign-up bonus). */
    depositRule: text('deposit_rule').$type<'any' | 'first' | 'weekly' | 'none'>().notNull().default('any'),
    /** Offers of one group exclude each other: a player receives a bonus of one of them at most (the welcome offers). */
    offerGroup: text('offer_group'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    status: text('status').$type<'active' | 'inactive'>().notNull().default('active'),
    position: integer('position').notNull().default(0),
    imageUrl: text('image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotions_code_lower_idx').on(sql`lower(${t.promoCode})`),
    check('promotions_currency_code', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('promotions_deposit_rule', sql`${t.depositRule} in ('any', 'first', 'weekly', 'none')`),
  ],
);

/**
 * A promotion's amounts in a currency other than its own (TENFREE: ₹10.00 for rupee
 * wallets, as the `in` texts promise). The percentage, wagering multiplier and validity
 * are the promotion's; only money differs. Cents of `currency`.
 */
export const promotionAmounts = pgTable(
  'promotion_amounts',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    /** The fixed bonus; unused by a percentage bonus. */
    bonusValue: bigint('bonus_value', { mode: 'number' }).notNull().default(0),
    maxBonus: bigint('max_bonus', { mode: 'number' }),
    minDeposit: bigint('min_deposit', { mode: 'number' }).notNull().default(0),
    maxCashout: bigint('max_cashout', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.currency] }), check('promotion_amounts_currency_code', sql`${t.currency} ~ '^[A-Z]{3}$'`)],
);

export type ContentKind = 'promotion' | 'faq' | 'info' | 'slider' | 'license_line' | 'footer';

/**
 * Site content, one row per item and locale: promotion texts (slug = promotion id),
 * FAQ and info pages (slug = the content tab: faq, about_us, privacy_policy,
 * terms_of_use, refund_policy, responsible_gaming), slider images and footer texts.
 * HTML is sanitised before it is stored.
 */
export const siteContent = pgTable(
  'site_content',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ContentKind>().notNull(),
    slug: text('slug').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull().default(''),
    brief: text('brief').notNull().default(''),
    body: text('body').notNull().default(''),
    imageUrl: text('image_url'),
    /** Slider: the variant for narrow screens. */
    mobile: boolean('mobile').notNull().default(false),
    /**
     * Slider: where the slide's button goes, a site path (`/sports`, a game as
     * `/online-casino?play=<slug>&mode=real`) or `bonus:<code>` (the promotion's claim:
     * the deposit with its code for a player, sign-up with it for a guest).
     */
    link: text('link'),
    position: integer('position').notNull().default(0),
    /** Counts the item's saves: an editor saves the version they opened, or is told it changed since. */
    version: integer('version').notNull().default(1),
    /**
     * Another locale's item: the version of the English item it was last saved against (its
     * translation is older than the English when English has a later version); null when not
     * known (seeded content, or no English item then).
     */
    translatedFrom: integer('translated_from'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('site_content_item_idx').on(t.kind, t.slug, t.locale, t.mobile), index('site_content_locale_idx').on(t.locale, t.kind)],
);

/** The fields of a site content item as one version of it holds them. */
export interface ContentVersionFields {
  title: string;
  brief: string;
  body: string;
  imageUrl: string | null;
  mobile: boolean;
  link: string | null;
  position: number;
}

/**
 * Every saved version of every site content item, with who saved it and how: the history
 * an editor reads and restores from, and the audit of content changes. Kept when the item
 * is removed (its last row is the removal).
 */
export const siteContentVersions = pgTable(
  'site_content_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contentId: integer('content_id').notNull(),
    version: integer('version').notNull(),
    kind: text('kind').$type<ContentKind>().notNull(),
    slug: text('slug').notNull(),
    locale: text('locale').notNull(),
    fields: jsonb('fields').$type<ContentVersionFields>().notNull(),
    action: text('action').$type<'create' | 'update' | 'restore' | 'remove'>().notNull(),
    /** The staff account, or null for the command line. */
    staffId: integer('staff_id'),
    /** `api` or `cli:<os user>`. */
    via: text('via').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('site_content_versions_item_idx').on(t.contentId, t.version)],
);
