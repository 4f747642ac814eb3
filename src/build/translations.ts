// Build-time access to the locale catalogs: every page reads its own and passes
// the part its islands need to the browser once.
import type { Locale } from '../shared/locales.ts';
import { type Catalog, formatMessage } from '../lib/plural.ts';

const catalogs = import.meta.glob<Catalog>('../../locales/*.json', { eager: true, import: 'default' });

/** The whole catalog of a locale. */
export function catalogOf(locale: Locale): Catalog {
  const catalog = catalogs[`../../locales/${locale}.json`];
  if (!catalog) throw new Error(`No catalog for locale ${locale}`);
  return catalog;
}

/**
 * A translator for one namespace. A key missing in the locale falls back to English
 * (the catalogue test keeps that from shipping); a key missing everywhere shows as is.
 * `{0}`, `{1}` … are replaced by the arguments; a plural message takes its form from `{0}`.
 */
export function translator(locale: Locale, namespace: string): (key: string, ...args: (string | number)[]) => string {
  const ns = catalogOf(locale)[namespace] ?? {};
  const base = catalogOf('en')[namespace] ?? {};
  return (key, ...args) => formatMessage(ns[key] ?? base[key] ?? key, locale, ...args);
}

/** The namespaces of a locale's catalog, English filling any gap, for shipping to islands. */
export function shippedCatalog(locale: Locale, namespaces: string[]): Catalog {
  const own = catalogOf(locale);
  const base = catalogOf('en');
  return Object.fromEntries(namespaces.map((ns) => [ns, { ...base[ns], ...own[ns] }]));
}

let seeded = false;

/** Puts every locale's catalog in the islands' i18n cache for prerendering (once per build). */
export function seedBuildCatalogs(seed: (locale: Locale, catalog: Catalog) => void, locales: readonly Locale[]): void {
  if (seeded) return;
  seeded = true;
  const namespaces = Object.keys(catalogOf('en'));
  for (const locale of locales) seed(locale, shippedCatalog(locale, namespaces));
}
