// The fixed parts of the content model shared by seeding, the API and the build.

/** FAQ tabs in the order of their /faq/<index> routes (the contract's 0-based index). */
export const FAQ_TABS = ['faq', 'about_us', 'privacy_policy', 'terms_of_use', 'refund_policy', 'responsible_gaming'] as const;
export type FaqTab = (typeof FAQ_TABS)[number];

/** Business terms of the demo promotions; their texts live in seed-data/<locale>.json. */
export const DEMO_PROMOTIONS = [
  { key: 'welcome', promoCode: 'WELCOME100', bonusKind: 'percent', bonusValue: 100, maxBonus: 20_000, minDeposit: 2_000, wageringMultiplier: 30 },
  { key: 'ten-free', promoCode: 'TENFREE', bonusKind: 'fixed', bonusValue: 1_000, maxBonus: 1_000, minDeposit: 0, wageringMultiplier: 40 },
  { key: 'weekly-reload', promoCode: 'RELOAD50', bonusKind: 'percent', bonusValue: 50, maxBonus: 10_000, minDeposit: 2_000, wageringMultiplier: 25 },
  { key: 'bingo50', promoCode: 'BINGO50', bonusKind: 'percent', bonusValue: 50, maxBonus: 5_000, minDeposit: 1_000, wageringMultiplier: 20 },
  { key: 'high-roller', promoCode: 'WELCOME3000', bonusKind: 'percent', bonusValue: 100, maxBonus: 300_000, minDeposit: 10_000, wageringMultiplier: 35 },
  { key: 'sports-free-bet', promoCode: 'SPORTS20', bonusKind: 'fixed', bonusValue: 2_000, maxBonus: 2_000, minDeposit: 5_000, wageringMultiplier: 10 },
] as const;

export interface SeedFile {
  promotions: Record<string, { title: string; brief: string; body: string }>;
  pages: Record<FaqTab, { title: string; body: string }>;
  slider: { title: string; text: string; cta: string }[];
  license_line: string;
  footer: string[];
}
