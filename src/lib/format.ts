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

const times = new Map<Locale, Intl.DateTimeFormat>();

/**
 * An ISO date → "2026.11.21" followed by the time of day the way the locale writes it,
 * in the browser's time zone: "2026.11.21 02:05 PM" in en, "2026.11.21 14:05" in de.
 */
export function formatDateTime(value: string | Date, locale: Locale): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  let f = times.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(LANGUAGE_TAG[locale], { hour: '2-digit', minute: '2-digit' });
    times.set(locale, f);
  }
  return `${formatDate(d)} ${f.format(d)}`;
}

/** An ISO date → "2026.11.21", or "2026.11.21 14:05:09" with the time (24-hour). */
export function formatDate(value: string | Date, withTime = false): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const date = `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`;
  return withTime ? `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : date;
}
