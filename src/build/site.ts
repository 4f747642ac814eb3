// Build-time access to the database snapshot (written by the build from the
// database) and the helpers pages use to render it in a locale.
import { existsSync, readFileSync } from 'node:fs';
import { siteBuildSettings } from '../server/config.ts';
import type { SiteSnapshot } from '../shared/site-snapshot.ts';
import { DEFAULT_LOCALE, type Locale, localizePath } from '../shared/locales.ts';

let cached: SiteSnapshot | undefined;

const EMPTY: SiteSnapshot = {
  gameGroups: [],
  sportsAvailable: false,
  games: [],
  gameProviders: [],
  promotions: [],
  offers: [],
  pages: {},
  slider: {},
  licenseLine: {},
  footer: {},
  sportCompetitions: [],
  sportEvents: [],
};

/** The snapshot the build renders; empty (with a warning) when built without one. */
export function snapshot(): SiteSnapshot {
  if (cached) return cached;
  const path = siteBuildSettings().snapshotPath;
  if (existsSync(path)) cached = JSON.parse(readFileSync(path, 'utf8')) as SiteSnapshot;
  else {
    console.warn(`[site] no database snapshot at ${path}: pages render without content (use npm run build)`);
    cached = EMPTY;
  }
  return cached;
}

/** A locale's value from a per-locale record, English when that locale has none. */
export function inLocale<T>(record: Partial<Record<Locale, T>>, locale: Locale): T | undefined {
  return record[locale] ?? record[DEFAULT_LOCALE];
}

/** Content HTML with its site-relative links pointed at the same locale. */
export function localizeLinks(html: string, locale: Locale): string {
  return html.replace(/href="(\/(?!\/)[^"]*)"/g, (_, path: string) => `href="${localizePath(path, locale)}"`);
}

/** The FAQ tab routes: /faq/<index> in the contract's order. */
export const INFO_ROUTES = {
  about_us: '/about-us',
  privacy_policy: '/privacy-policy',
  terms_of_use: '/terms-of-use',
  refund_policy: '/refund-policy',
  responsible_gaming: '/responsible-gaming',
} as const;
