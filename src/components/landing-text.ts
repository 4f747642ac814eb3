// A landing's texts with its offer's figures, for its page and its head alike.
import { type Landing, LANDING_FIGURES, landingOffer } from '../build/landing.ts';
import { translator } from '../build/translations.ts';
import { figureArgs } from '../lib/offers.ts';
import type { Locale } from '../shared/locales.ts';

/** `landing.<offer>_<part>` in `locale`, its {0}, {1} the offer's figures in the page's currency. */
export function landingText(locale: Locale, landing: Landing, part: 'title' | 'lead' | 'terms'): string {
  const offer = landingOffer(landing);
  const figures = offer ? figureArgs(offer, locale, LANDING_FIGURES[landing.offer][part] ?? []) : [];
  return translator(locale, 'landing')(`${landing.offer}_${part}`, ...figures);
}
