// A promotion's figures as the pages and the content calls state them (shared/offer-terms.ts):
// its own currency's amounts and each of its `promotion_amounts` rows.
import { asc } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { promotionAmounts, promotions } from '../db/schema/index.ts';
import { LANGUAGE_TAG, type Locale } from '../../shared/locales.ts';
import { currencyOf } from '../../shared/money.ts';
import { fillOfferFigures, type OfferTerms } from '../../shared/offer-terms.ts';

type PromotionRow = typeof promotions.$inferSelect;
type AmountsRow = typeof promotionAmounts.$inferSelect;

/** The offer terms of a promotion, given every `promotion_amounts` row (others' are ignored). */
export function offerTermsOf(p: PromotionRow, amounts: readonly AmountsRow[]): OfferTerms {
  const own = { bonusValue: p.bonusKind === 'percent' ? 0 : p.bonusValue, maxBonus: p.maxBonus, minDeposit: p.minDeposit, maxCashout: p.maxCashout };
  const others = amounts
    .filter((a) => a.promotionId === p.id && a.currency !== p.currency)
    .map((a) => [a.currency, { bonusValue: a.bonusValue, maxBonus: a.maxBonus, minDeposit: a.minDeposit, maxCashout: a.maxCashout }] as const);
  return {
    code: p.promoCode,
    bonusKind: p.bonusKind,
    percent: p.bonusKind === 'percent' ? p.bonusValue : 0,
    wageringMultiplier: p.wageringMultiplier,
    amounts: Object.fromEntries([[p.currency, own], ...others]),
  };
}

/** Every promotion's offer terms (active or not: a slide may name any). */
export async function allOfferTerms(db: Executor): Promise<OfferTerms[]> {
  const rows = await db.select().from(promotions).orderBy(asc(promotions.position), asc(promotions.id));
  const amounts = await db.select().from(promotionAmounts);
  return rows.map((p) => offerTermsOf(p, amounts));
}

const formats = new Map<string, Intl.NumberFormat>();

/** The same writing as the site's formatMoney (src/lib/format.ts), for the content calls. */
function money(cents: number, locale: Locale, currency: string): string {
  const key = `${locale}:${currency}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LANGUAGE_TAG[locale], { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(key, f);
  }
  return f.format(cents / 100);
}

/** A content text with its figure tokens filled in the locale's currency, as the page of that locale shows it. */
export function withFigures(text: string, locale: Locale, offers: readonly OfferTerms[], own?: OfferTerms): string {
  return fillOfferFigures(text, offers, own, currencyOf(locale), (cents, currency) => money(cents, locale, currency));
}
