// Every public route of the site (unprefixed), for the sitemap and the tests.
import { FAQ_TABS } from '../shared/content.ts';
import { offeredLandings } from './landing.ts';
import { INFO_ROUTES, snapshot } from './site.ts';
import { competitionRoute, eventRoute } from './sports.ts';

/** Routes worth indexing, in every locale. */
export function indexableRoutes(): string[] {
  const site = snapshot();
  return [
    '/',
    '/online-casino',
    '/live-casino',
    ...(site.sportsAvailable ? ['/sports', ...site.sportCompetitions.map(competitionRoute), ...site.sportEvents.map(eventRoute)] : []),
    '/promotion',
    ...site.promotions.map((p) => `/promotion/${p.id}`),
    '/contact-us',
    '/fairness',
    '/sign-up',
    '/faq',
    ...FAQ_TABS.map((_, i) => `/faq/${i}`),
    ...Object.values(INFO_ROUTES),
    ...offeredLandings().map(([slug]) => `/${slug}`),
    '/ip/aviator',
    '/ip/aviatorfr',
    '/welcome1/aus',
    '/welcome1/canada',
    '/welcome1/south-africa',
    '/welcome1/uk',
  ];
}
