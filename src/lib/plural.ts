// Messages with a number in them. "1 seconds" is wrong in English and worse elsewhere:
// Russian, Polish and Czech have three or four forms (1 секунда, 2 секунды, 5 секунд),
// French counts 0 as singular, Japanese has one form. A catalogue message that counts
// something is therefore an object of CLDR plural forms ({ "one": …, "other": … }), one
// per category of its language, and the form is chosen by `{0}` with Intl.PluralRules
// in the page's language (site codes such as cz or jp are not language tags).
import { LANGUAGE_TAG, type Locale } from '../shared/locales.ts';

/** A text per plural category of the language ("zero", "one", "two", "few", "many", "other"); "other" is always there. */
export type PluralText = Readonly<Record<string, string>>;

/** A catalogue message: a text, or plural forms. */
export type Message = string | PluralText;

/** A locale's catalog: namespaces of messages. */
export type Catalog = Record<string, Record<string, Message>>;

const rules = new Map<Locale, Intl.PluralRules>();
const numbers = new Map<Locale, Intl.NumberFormat>();

/** The plural rules of a site locale's language. */
export function pluralRules(locale: Locale): Intl.PluralRules {
  let r = rules.get(locale);
  if (!r) {
    r = new Intl.PluralRules(LANGUAGE_TAG[locale]);
    rules.set(locale, r);
  }
  return r;
}

/** The CLDR plural categories a message in this locale's language needs. */
export function pluralCategories(locale: Locale): string[] {
  return [...pluralRules(locale).resolvedOptions().pluralCategories];
}

/** The form of `message` for the number `n` ("other" when the language's category is missing). */
export function pluralForm(message: Message, n: number, locale: Locale): string {
  if (typeof message === 'string') return message;
  return message[pluralRules(locale).select(n)] ?? message.other ?? '';
}

function numberText(value: string | number, locale: Locale): string {
  if (typeof value !== 'number') return value;
  let f = numbers.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(LANGUAGE_TAG[locale]);
    numbers.set(locale, f);
  }
  return f.format(value);
}

/**
 * `text` with `{0}`, `{1}` … replaced by the arguments ("{0} of {1}"); a placeholder
 * without an argument stays as it is. The one interpolator of the site: islands, the
 * studio and the build all fill their catalogue texts through it.
 */
export function fmt(text: string, ...args: (string | number)[]): string {
  return fillIn(text, (i) => (args[i] === undefined ? undefined : String(args[i])));
}

function fillIn(text: string, value: (index: number) => string | undefined): string {
  return text.replace(/\{(\d+)\}/g, (whole, i: string) => value(Number(i)) ?? whole);
}

/**
 * A message with `{0}`, `{1}` … replaced by the arguments. Plural forms are chosen by the
 * first argument, and the numbers of such a message are written the locale's way (1 234).
 */
export function formatMessage(message: Message, locale: Locale, ...args: (string | number)[]): string {
  const plural = typeof message !== 'string';
  const first = args[0];
  const text = plural ? pluralForm(message, typeof first === 'number' ? first : Number(first), locale) : message;
  return fillIn(text, (i) => {
    const value = args[i];
    if (value === undefined) return undefined;
    return plural ? numberText(value, locale) : String(value);
  });
}
