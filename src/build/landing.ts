// The promotional landing pages of SPEC §2, what each offers, and the figures of its offer
// that its texts name (filled from the promotion's data in the page's currency).
import type { OfferFigure, OfferTerms } from '../shared/offer-terms.ts';
import { snapshot } from './site.ts';

export type LandingOffer = 'free10' | 'welcome3000' | 'bingo50' | 'aviator';

export interface Landing {
  /** Catalog key prefix in the `landing` namespace. */
  offer: LandingOffer;
  promoCode?: string;
  image: string;
  /** A game the landing's button opens instead of sign-up (in free play for a guest where the market allows it, else the login first), and its label's key. */
  play?: { href: string; label: string };
}

export const LANDINGS: Record<string, Landing> = {
  '10freeallcurrency': { offer: 'free10', promoCode: 'TENFREE', image: '/welcome/welcome.svg' },
  '10freeaus': { offer: 'free10', promoCode: 'TENFREE', image: '/welcome1/aus.svg' },
  '10freeca': { offer: 'free10', promoCode: 'TENFREE', image: '/welcome1/canada.svg' },
  '10freeuk': { offer: 'free10', promoCode: 'TENFREE', image: '/welcome1/uk.svg' },
  de10free: { offer: 'free10', promoCode: 'TENFREE', image: '/welcome/welcome.svg' },
  fr10free: { offer: 'free10', promoCode: 'TENFREE', image: '/welcome/welcome.svg' },
  no10free: { offer: 'free10', promoCode: 'TENFREE', image: '/welcome/welcome.svg' },
  se10free: { offer: 'free10', promoCode: 'TENFREE', image: '/welcome/welcome.svg' },
  bingo50: { offer: 'bingo50', promoCode: 'BINGO50', image: '/promotions/bingo50.svg' },
  frbingo50: { offer: 'bingo50', promoCode: 'BINGO50', image: '/promotions/bingo50.svg' },
  en3000welcomebonus: { offer: 'welcome3000', promoCode: 'WELCOME3000', image: '/promotions/high-roller.svg' },
};

// The crash-game campaign addresses of SPEC §2 (/ip/aviator, /ip/aviatorfr): our crash game is Eagle Crash.
export const AVIATOR: Landing = {
  offer: 'aviator',
  image: '/slider/2.svg',
  play: { href: '/online-casino?play=eagle-crash&mode=real', label: 'aviator_play' },
};

/** The figures each landing message takes as {0}, {1}: `landing.free10_terms` is "{0} bonus … maximum cash-out {1}". */
export const LANDING_FIGURES: Record<LandingOffer, Partial<Record<'title' | 'lead' | 'terms', readonly OfferFigure[]>>> = {
  free10: { title: ['bonus'], lead: ['bonus'], terms: ['bonus', 'max_cashout'] },
  welcome3000: { title: ['max_bonus'], lead: ['min_deposit'], terms: ['min_deposit', 'max_bonus'] },
  bingo50: { lead: ['min_deposit', 'max_bonus'], terms: ['min_deposit', 'max_bonus'] },
  aviator: {},
};

/** The offer a landing names, when it is an active promotion of the snapshot. */
export function landingOffer(landing: Landing): OfferTerms | undefined {
  return snapshot().offers.find((o) => o.code.toLowerCase() === landing.promoCode?.toLowerCase());
}

/** The landings whose offer exists (a landing never promises a code the cashier would refuse), by slug. */
export function offeredLandings(): [string, Landing][] {
  return Object.entries(LANDINGS).filter(([, landing]) => !landing.promoCode || landingOffer(landing));
}
