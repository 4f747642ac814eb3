import { DEFAULT_LOCALE, LOCALES, type Locale } from '../shared/locales.ts';

export type LocaleParams = { locale: string | undefined };

/** getStaticPaths for a page that exists unprefixed (English) and under every other prefix. */
export function localePaths(): { params: LocaleParams; props: { locale: Locale } }[] {
  return LOCALES.map((locale) => ({ params: { locale: locale === DEFAULT_LOCALE ? undefined : locale }, props: { locale } }));
}

/** getStaticPaths for every locale × every item. */
export function localeItemPaths<P extends Record<string, string>, X extends object>(
  items: { params: P; props: X }[],
): { params: LocaleParams & P; props: { locale: Locale } & X }[] {
  return localePaths().flatMap(({ params, props }) => items.map((item) => ({ params: { ...params, ...item.params }, props: { ...props, ...item.props } })));
}
