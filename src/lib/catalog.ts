// Build-time access to the locale catalogs: every page reads its own and passes
// the part its islands need to the browser once.
import type { Locale } from '../shared/locales.ts';

type Catalog = Record<string, Record<string, string>>;

const catalogs = import.meta.glob<Catalog>('../../locales/*.json', { eager: true, import: 'default' });

/** The whole catalog of a locale. */
export function catalogOf(locale: Locale): Catalog {
  const catalog = catalogs[`../../locales/${locale}.json`];
  if (!catalog) throw new Error(`No catalog for locale ${locale}`);
  return catalog;
}

/** A translator for one namespace; falls back to the key so that a gap shows, not a blank. */
export function translator(locale: Locale, namespace: string): (key: string) => string {
  const ns = catalogOf(locale)[namespace] ?? {};
  return (key) => ns[key] ?? key;
}
