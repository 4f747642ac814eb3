// Offer figures as a page states them: from the promotion's data (the build's snapshot),
// in the page's currency, written the page locale's way (shared/offer-terms.ts).
import { currencyOf } from '../shared/money.ts';
import type { Locale } from '../shared/locales.ts';
import { fillOfferFigures, type OfferFigure, type OfferTerms, offerFigures } from '../shared/offer-terms.ts';
import { formatMoney } from './format.ts';

const write = (locale: Locale) => (cents: number, currency: string) => formatMoney(cents / 100, locale, currency);

/** A content text (promotion, slide) with its figure tokens filled for a page of `locale`. */
export function withFigures(text: string, locale: Locale, offers: readonly OfferTerms[], own?: OfferTerms): string {
  return fillOfferFigures(text, offers, own, currencyOf(locale), write(locale));
}

/**
 * The named figures of an offer, written for a page of `locale` (the arguments of a
 * catalogue message such as "{0} free, no deposit needed"); in the offer's own currency
 * where it has no amounts in the page's.
 */
export function figureArgs(offer: OfferTerms, locale: Locale, names: readonly OfferFigure[]): string[] {
  const wanted = currencyOf(locale);
  const currency = offer.amounts[wanted] ? wanted : (Object.keys(offer.amounts)[0] ?? wanted);
  const figures = offerFigures(offer, currency);
  return names.map((name) => (figures ? formatMoney(figures[name] / 100, locale, currency) : ''));
}
