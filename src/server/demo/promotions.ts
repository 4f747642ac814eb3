// The demo content's fixed terms: the promotions' business figures, the currencies they
// are offered in, and the shape of the per-locale content files (demo/content/<locale>.json)
// that demo/seed-content.ts writes into the database.
import type { FaqTab } from '../../shared/content.ts';

/**
 * Business terms of the demo promotions, in euro cents; their texts live in
 * demo/content/<locale>.json and promise exactly these (a term changed here must change
 * there, in every locale). `depositRule` says which deposits earn the bonus (the first
 * only, once a calendar week, any, or none for a sign-up bonus) and `offerGroup` which
 * offers exclude each other (the welcome offers).
 */
export const DEMO_PROMOTIONS = [
  {
    key: 'welcome',
    promoCode: 'WELCOME100',
    depositRule: 'first',
    offerGroup: 'welcome',
    bonusKind: 'percent',
    bonusValue: 100,
    maxBonus: 20_000,
    minDeposit: 2_000,
    wageringMultiplier: 30,
    maxCashout: null,
    bonusValidDays: 30,
  },
  {
    key: 'ten-free',
    promoCode: 'TENFREE',
    depositRule: 'none',
    offerGroup: null,
    bonusKind: 'fixed',
    bonusValue: 1_000,
    maxBonus: 1_000,
    minDeposit: 0,
    wageringMultiplier: 40,
    maxCashout: 10_000,
    bonusValidDays: 30,
  },
  {
    key: 'weekly-reload',
    promoCode: 'RELOAD50',
    depositRule: 'weekly',
    offerGroup: null,
    bonusKind: 'percent',
    bonusValue: 50,
    maxBonus: 10_000,
    minDeposit: 2_000,
    wageringMultiplier: 25,
    maxCashout: null,
    bonusValidDays: 30,
  },
  {
    key: 'high-roller',
    promoCode: 'WELCOME3000',
    depositRule: 'first',
    offerGroup: 'welcome',
    bonusKind: 'percent',
    bonusValue: 100,
    maxBonus: 300_000,
    minDeposit: 10_000,
    wageringMultiplier: 35,
    maxCashout: null,
    bonusValidDays: 30,
  },
  {
    // A free bet, not bonus money: one sports bet of €20 at combined odds of 1.50 or more
    // (FREE_BET_MIN_ODDS), for a first deposit of €50 or more; a win pays the return less the stake.
    key: 'sports-free-bet',
    promoCode: 'SPORTS20',
    depositRule: 'first',
    offerGroup: null,
    bonusKind: 'free_bet',
    bonusValue: 2_000,
    maxBonus: 2_000,
    minDeposit: 5_000,
    wageringMultiplier: 0,
    maxCashout: null,
    bonusValidDays: 30,
  },
] as const;

/**
 * Other currencies the demo promotions are offered in, with the same figures: the `in`
 * texts promise "₹10 free", "up to ₹200", "min. deposit ₹20" (promotion_amounts rows).
 */
export const DEMO_PROMOTION_CURRENCIES = ['INR'] as const;

export interface SeedFile {
  promotions: Record<string, { title: string; brief: string; body: string }>;
  pages: Record<FaqTab, { title: string; body: string }>;
  slider: { title: string; text: string; cta: string }[];
  license_line: string;
  footer: string[];
}
