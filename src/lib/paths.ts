import { DEFAULT_LOCALE, LOCALES, type Locale } from '../shared/locales.ts';

/** getStaticPaths for a page that exists unprefixed (English) and under every other prefix. */
export function localePaths(): { params: { locale: string | undefined }; props: { locale: Locale } }[] {
  return LOCALES.map((locale) => ({ params: { locale: locale === DEFAULT_LOCALE ? undefined : locale }, props: { locale } }));
}
