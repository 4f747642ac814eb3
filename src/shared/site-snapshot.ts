// What the static build reads from the database, written to a JSON file by
// src/server/content/snapshot.ts so that prerendering never holds a database connection.
import type { GroupTheme } from './game-themes.ts';
import type { Locale } from './locales.ts';
import type { OfferTerms } from './offer-terms.ts';
import type { ListedGame } from './schemas/games.ts';

export interface PromotionText {
  title: string;
  brief: string;
  body: string;
}

/** An upcoming match of a top competition, prerendered as its own page for search engines. */
export interface SnapshotSportEvent {
  /** The feed's id: the same fixture keeps it in every database the same feed fills. */
  external: string;
  /** The page's address part (`/sports/event/<slug>`): the teams, then the feed's id. */
  slug: string;
  sport: string;
  /** The competition's slug (see `competitions`). */
  competition: string;
  home: string;
  away: string;
  /** ISO 8601, UTC. */
  startsAt: string;
}

/** A top competition with upcoming matches: `/sports/competition/<slug>` lists them. */
export interface SnapshotCompetition {
  slug: string;
  sport: string;
  name: string;
  /** ISO 3166 alpha-2, or `INT`. */
  region: string;
}

export interface SiteSnapshot {
  gameGroups: { id: number; name: string; slug: string; type: string; status: string; theme: GroupTheme }[];
  /** The sports entry shows only while group 2 is an active online group. */
  sportsAvailable: boolean;
  /** Every listed game in lobby order: the lobby pages render the first ones into their HTML. */
  games: ListedGame[];
  /** Providers with listed games, and the lobbies (online, live) they appear in. */
  gameProviders: { id: number; provider_name: string; type: ('online' | 'live')[] }[];
  promotions: {
    id: number;
    code: string;
    imageUrl: string | null;
    /** Which deposits earn it: `none` is a sign-up offer, claimed with the code at registration. */
    depositRule: 'any' | 'first' | 'weekly' | 'none';
    /** Its figures per currency, which its texts (and slides and landings) name by token. */
    terms: OfferTerms;
    texts: Partial<Record<Locale, PromotionText>>;
  }[];
  /** Every active promotion's figures, texts or not: what slides and landings may name. */
  offers: OfferTerms[];
  pages: Partial<Record<Locale, { tab: string; title: string; body: string }[]>>;
  /** `link`: where the slide's button goes (site_content.link), null for nowhere. */
  slider: Partial<Record<Locale, { title: string; text: string; cta: string; image: string; mobileImage: string; link: string | null }[]>>;
  licenseLine: Partial<Record<Locale, string>>;
  footer: Partial<Record<Locale, string[]>>;
  /** Top competitions that have upcoming matches (none while the sportsbook is off or the feed has published nothing). */
  sportCompetitions: SnapshotCompetition[];
  /** Their upcoming matches, soonest first. */
  sportEvents: SnapshotSportEvent[];
}
