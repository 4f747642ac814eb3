// Display formats of SPEC §1: thousands separators, two decimals, dates as YYYY.MM.DD
// with optional time. Money is shown in its own currency (a player's wallet currency,
// whatever the page's locale) written the page locale's way; a guest's amounts are in
// the locale's currency (EUR, INR for in).
import { currencyOf } from '../shared/money.ts';
import { LANGUAGE_TAG, type Locale } from '../shared/locales.ts';

const money = new Map<string, Intl.NumberFormat>();

/**
 * 1234.5 → "1,234.50 €" in en, "1.234,50 €" in de, "₹1,234.50" in in; with a currency,
 * in that one: (1234.5, 'de', 'INR') → "1.234,50 ₹", (1234.5, 'in', 'EUR') → "€1,234.50".
 */
export function formatMoney(amount: number | null | undefined, locale: Locale, currency: string = currencyOf(locale)): string {
  const key = `${locale}:${currency}`;
  let f = money.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LANGUAGE_TAG[locale], { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    money.set(key, f);
  }
  return f.format(Number(amount ?? 0));
}

/** 1234567 → "1,234,567" in the locale's grouping. */
export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(LANGUAGE_TAG[locale]).format(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The site's one way of writing a date (SPEC §1): an ISO date or a Date → "2026.11.21", or
 * with the time "2026.11.21 14:05", on the 24-hour clock in every locale, in the browser's
 * time zone (the build's for static pages). Nothing else in src formats a date
 * (tests/unit/one-date-format.test.ts).
 */
export function formatDate(value: string | Date, withTime = false): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const date = `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`;
  return withTime ? `${date} ${formatTime(d)}` : date;
}

/** The time of day alone, "14:05" (24-hour), where the day goes without saying (a chat line). */
export function formatTime(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A month of the calendar, "2026.11", as the safer-gambling summary heads its months. */
export function formatMonth(month: string): string {
  return /^\d{4}-\d{2}$/.test(month) ? month.replace('-', '.') : '';
}
