import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A promotion players can claim with its code. It may grant a bonus: a fixed sum or a
 * percentage of the deposit up to a cap, to be wagered `wageringMultiplier` times.
 * Money is in minor units (cents).
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    promoCode: text('promo_code').notNull(),
    bonusKind: text('bonus_kind').$type<'fixed' | 'percent' | 'none'>().notNull().default('none'),
    /** Cents for a fixed bonus, whole percent for a percentage bonus. */
    bonusValue: bigint('bonus_value', { mode: 'number' }).notNull().default(0),
    maxBonus: bigint('max_bonus', { mode: 'number' }),
    minDeposit: bigint('min_deposit', { mode: 'number' }).notNull().default(0),
    wageringMultiplier: integer('wagering_multiplier').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    status: text('status').$type<'active' | 'inactive'>().notNull().default('active'),
    position: integer('position').notNull().default(0),
    imageUrl: text('image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promotions_code_lower_idx').on(sql`lower(${t.promoCode})`)],
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
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('site_content_item_idx').on(t.kind, t.slug, t.locale, t.mobile), index('site_content_locale_idx').on(t.locale, t.kind)],
);
