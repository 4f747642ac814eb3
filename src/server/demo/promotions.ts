// The demo content's fixed terms: the promotions' business figures, the currencies they
// are offered in, and the shape of the per-locale content files (demo/content/<locale>.json)
// that demo/seed-content.ts writes into the database.
import type { FaqTab } from '../../shared/content.ts';

/**
 * Business terms of the demo promotions. Their money is set per currency a player can
 * hold (`amounts`, cents of each: EUR is the promotion's own row, the others its
 * `promotion_amounts` rows); the percentage, wagering and validity are the same in all.
 * Their texts live in demo/content/<locale>.json and name these figures by token
 * (`{max_bonus}`, see shared/offer-terms.ts), never typed out, so a page states them in
 * its currency. Every minimum deposit is one a processor takes in that currency (INR's
 * start at ₹1,000.00): tests/server/offers.test.ts holds them to it. `depositRule` says
 * which deposits earn the bonus (the first only, once a calendar week, any, or none for a
 * sign-up bonus) and `offerGroup` which offers exclude each other (the welcome offers).
 */
export const DEMO_PROMOTIONS = [
  {
    key: 'welcome',
    promoCode: 'WELCOME100',
    depositRule: 'first',
    offerGroup: 'welcome',
    bonusKind: 'percent',
    bonusValue: 100,
    wageringMultiplier: 30,
    bonusValidDays: 30,
    amounts: {
      EUR: { bonusValue: 0, maxBonus: 20_000, minDeposit: 2_000, maxCashout: null },
      INR: { bonusValue: 0, maxBonus: 2_000_000, minDeposit: 100_000, maxCashout: null },
    },
  },
  {
    key: 'ten-free',
    promoCode: 'TENFREE',
    depositRule: 'none',
    offerGroup: null,
    bonusKind: 'fixed',
    bonusValue: 1_000,
    wageringMultiplier: 40,
    bonusValidDays: 30,
    amounts: {
      EUR: { bonusValue: 1_000, maxBonus: 1_000, minDeposit: 0, maxCashout: 10_000 },
      INR: { bonusValue: 100_000, maxBonus: 100_000, minDeposit: 0, maxCashout: 1_000_000 },
    },
  },
  {
    key: 'weekly-reload',
    promoCode: 'RELOAD50',
    depositRule: 'weekly',
    offerGroup: null,
    bonusKind: 'percent',
    bonusValue: 50,
    wageringMultiplier: 25,
    bonusValidDays: 30,
    amounts: {
      EUR: { bonusValue: 0, maxBonus: 10_000, minDeposit: 2_000, maxCashout: null },
      INR: { bonusValue: 0, maxBonus: 1_000_000, minDeposit: 100_000, maxCashout: null },
    },
  },
  {
    key: 'high-roller',
    promoCode: 'WELCOME3000',
    depositRule: 'first',
    offerGroup: 'welcome',
    bonusKind: 'percent',
    bonusValue: 100,
    wageringMultiplier: 35,
    bonusValidDays: 30,
    amounts: {
      EUR: { bonusValue: 0, maxBonus: 300_000, minDeposit: 10_000, maxCashout: null },
      INR: { bonusValue: 0, maxBonus: 30_000_000, minDeposit: 1_000_000, maxCashout: null },
    },
  },
  {
    // A free bet, not bonus money: one sports bet of the free bet's amount at combined odds
    // of 1.50 or more (FREE_BET_MIN_ODDS), for a first deposit of the minimum or more; a
    // win pays the return less the stake.
    key: 'sports-free-bet',
    promoCode: 'SPORTS20',
    depositRule: 'first',
    offerGroup: null,
    bonusKind: 'free_bet',
    bonusValue: 2_000,
    wageringMultiplier: 0,
    bonusValidDays: 30,
    amounts: {
      EUR: { bonusValue: 2_000, maxBonus: 2_000, minDeposit: 5_000, maxCashout: null },
      INR: { bonusValue: 200_000, maxBonus: 200_000, minDeposit: 500_000, maxCashout: null },
    },
  },
  {
    // Bonus money like any other (every game takes it, every stake counts towards the
    // wagering), offered for the two bingo rooms: its texts name their ticket prices.
    key: 'bingo50',
    promoCode: 'BINGO50',
    depositRule: 'any',
    offerGroup: null,
    bonusKind: 'percent',
    bonusValue: 50,
    wageringMultiplier: 20,
    bonusValidDays: 30,
    amounts: {
      EUR: { bonusValue: 0, maxBonus: 5_000, minDeposit: 1_000, maxCashout: null },
      INR: { bonusValue: 0, maxBonus: 500_000, minDeposit: 100_000, maxCashout: null },
    },
  },
] as const;

/** The currency of the demo promotions' own rows; their other currencies are `promotion_amounts` rows. */
export const DEMO_PROMOTION_CURRENCY = 'EUR';

/**
 * Where each home slide's button goes, in slide order (site_content.link): the welcome
 * bonus's claim, Eagle Crash, the sportsbook. Each slide's text in every locale names it.
 */
export const DEMO_SLIDE_LINKS = ['bonus:WELCOME100', '/online-casino?play=eagle-crash&mode=real', '/sports'] as const;

export interface SeedFile {
  promotions: Record<string, { title: string; brief: string; body: string }>;
  pages: Record<FaqTab, { title: string; body: string }>;
  slider: { title: string; text: string; cta: string }[];
  license_line: string;
  footer: string[];
}
