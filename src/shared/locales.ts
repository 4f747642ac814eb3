// Site locale codes are URL prefixes, not language tags: `lang`, `hreflang` and
// Intl need the tag each one maps to.
export const LOCALES = [
  'en',
  'fr',
  'fi',
  'de',
  'it',
  'se',
  'no',
  'pt',
  'pl',
  'ro',
  'in',
  'cn',
  'ru',
  'tr',
  'es',
  'jp',
  'ko',
  'hu',
  'cz',
  'gr',
  'br',
  'au',
  'ca',
  'sg',
] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** The BCP 47 tag for `lang`, `hreflang` and Intl. */
export const LANGUAGE_TAG: Record<Locale, string> = {
  en: 'en',
  fr: 'fr',
  fi: 'fi',
  de: 'de',
  it: 'it',
  se: 'sv',
  no: 'nb',
  pt: 'pt-PT',
  pl: 'pl',
  ro: 'ro',
  in: 'en-IN',
  cn: 'zh-CN',
  ru: 'ru',
  tr: 'tr',
  es: 'es',
  jp: 'ja',
  ko: 'ko',
  hu: 'hu',
  cz: 'cs',
  gr: 'el',
  br: 'pt-BR',
  au: 'en-AU',
  ca: 'en-CA',
  sg: 'en-SG',
};

/**
 * The country a locale's pages are for, where there is one (English is for everybody): the
 * sign-up form preselects it, with its dial code, while the visitor's own country is unknown.
 */
export const LOCALE_COUNTRY: Record<Locale, string | null> = {
  en: null,
  fr: 'FR',
  fi: 'FI',
  de: 'DE',
  it: 'IT',
  se: 'SE',
  no: 'NO',
  pt: 'PT',
  pl: 'PL',
  ro: 'RO',
  in: 'IN',
  cn: 'CN',
  ru: 'RU',
  tr: 'TR',
  es: 'ES',
  jp: 'JP',
  ko: 'KR',
  hu: 'HU',
  cz: 'CZ',
  gr: 'GR',
  br: 'BR',
  au: 'AU',
  ca: 'CA',
  sg: 'SG',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale a path belongs to: its first segment when that is a prefix, else English. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1] ?? '';
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** The path of `path` (unprefixed, starting with /) in `locale`. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/** The unprefixed form of a localized path. */
export function stripLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname || '/';
  const rest = pathname.slice(locale.length + 1);
  return rest === '' ? '/' : rest;
}

/** The language switcher's entries: flag (ISO country), English and native name. */
export const LANGUAGES: Record<Locale, { flag: string; english: string; native: string }> = {
  en: { flag: 'GB', english: 'English', native: 'English' },
  fr: { flag: 'FR', english: 'French', native: 'Français' },
  fi: { flag: 'FI', english: 'Finnish', native: 'Suomi' },
  de: { flag: 'DE', english: 'German', native: 'Deutsch' },
  it: { flag: 'IT', english: 'Italian', native: 'Italiano' },
  se: { flag: 'SE', english: 'Swedish', native: 'Svenska' },
  no: { flag: 'NO', english: 'Norwegian', native: 'Norsk' },
  pt: { flag: 'PT', english: 'Portuguese', native: 'Português' },
  pl: { flag: 'PL', english: 'Polish', native: 'Polski' },
  ro: { flag: 'RO', english: 'Romanian', native: 'Română' },
  in: { flag: 'IN', english: 'English (India)', native: 'English (India)' },
  cn: { flag: 'CN', english: 'Chinese', native: '中文' },
  ru: { flag: 'RU', english: 'Russian', native: 'Русский' },
  tr: { flag: 'TR', english: 'Turkish', native: 'Türkçe' },
  es: { flag: 'ES', english: 'Spanish', native: 'Español' },
  jp: { flag: 'JP', english: 'Japanese', native: '日本語' },
  ko: { flag: 'KR', english: 'Korean', native: '한국어' },
  hu: { flag: 'HU', english: 'Hungarian', native: 'Magyar' },
  cz: { flag: 'CZ', english: 'Czech', native: 'Čeština' },
  gr: { flag: 'GR', english: 'Greek', native: 'Ελληνικά' },
  br: { flag: 'BR', english: 'Portuguese (Brazil)', native: 'Português (Brasil)' },
  au: { flag: 'AU', english: 'English (Australia)', native: 'English (Australia)' },
  ca: { flag: 'CA', english: 'English (Canada)', native: 'English (Canada)' },
  sg: { flag: 'SG', english: 'English (Singapore)', native: 'English (Singapore)' },
};

/** A locale's language named in the interface's language (Intl.DisplayNames), e.g. on the German site fr → "Französisch". */
export function languageNameIn(locale: Locale, interfaceLocale: Locale): string {
  try {
    const name = new Intl.DisplayNames([LANGUAGE_TAG[interfaceLocale]], { type: 'language' }).of(LANGUAGE_TAG[locale]);
    if (name && name !== LANGUAGE_TAG[locale]) return name;
  } catch {
    // An engine without display names: the English name stands in.
  }
  return LANGUAGES[locale].english;
}

/**
 * A switcher entry's text (SPEC's language entry): the language's own name and, where it
 * differs, its name in the interface's language — on the German site "Français — Französisch".
 */
export function languageLabel(locale: Locale, interfaceLocale: Locale): string {
  const native = LANGUAGES[locale].native;
  const translated = languageNameIn(locale, interfaceLocale);
  return translated.toLocaleLowerCase(LANGUAGE_TAG[interfaceLocale]) === native.toLocaleLowerCase(LANGUAGE_TAG[interfaceLocale])
    ? native
    : `${native} — ${translated}`;
}
