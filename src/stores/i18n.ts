// Translations for islands. The page embeds its catalog once (#i18n-catalog);
// seeding the cache with it keeps the first client render identical to the
// prerendered HTML, so hydration never mismatches.
import { type ComponentsJSON, createI18n, type I18n, transform } from '@nanostores/i18n';
import { atom } from 'nanostores';
import { type Catalog, formatMessage, type PluralText } from '../lib/plural.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../shared/locales.ts';

export const $locale = atom<Locale>(DEFAULT_LOCALE);

// Catalogs arrive with the page; a locale change is a navigation, so nothing is fetched.
export const i18n: I18n = createI18n($locale, {
  baseLocale: DEFAULT_LOCALE,
  get: async (code: string): Promise<ComponentsJSON> => (i18n.cache[code] ?? {}) as unknown as ComponentsJSON,
});

/**
 * Marks a message with a number in it: `t.key(n, …)` is the plural form for `n` in the
 * page's language, with `{0}` = n and `{1}` … the further arguments (lib/plural.ts).
 * @nanostores/i18n's own `count` would ask Intl for the site code (cz, jp), not the language.
 */
export const count = transform((code: string, forms: PluralText, n: number, ...args: (string | number)[]) =>
  formatMessage(forms, isLocale(code) ? code : DEFAULT_LOCALE, n, ...args),
);

/** Seeds the store with a page's locale and catalog (at build time, then once in the browser). */
export function seedCatalog(locale: Locale, catalog: Catalog): void {
  // English texts are the islands' own base messages; every other locale is looked up.
  if (locale !== DEFAULT_LOCALE) i18n.cache[locale] = catalog as unknown as I18n['cache'][string];
  if ($locale.get() !== locale) $locale.set(locale);
}

if (typeof document !== 'undefined') {
  const lang = document.documentElement.dataset.locale;
  const embedded = document.getElementById('i18n-catalog')?.textContent;
  if (isLocale(lang) && embedded) seedCatalog(lang, JSON.parse(embedded) as Catalog);
}

/**
 * Islands call this first with their page's locale. The build renders page after page
 * (and Astro may render an island before the layout that wraps it), so the store must
 * follow each island's own locale there; in the browser the page sets it once.
 */
export function syncLocale(locale: Locale): void {
  if (typeof document === 'undefined' && $locale.get() !== locale) $locale.set(locale);
}
