// Display formats of SPEC §1: thousands separators, two decimals, EUR (INR for
// the in locale), dates as YYYY.MM.DD with optional time.
import { currencyOf } from '../shared/money.ts';
import { LANGUAGE_TAG, type Locale } from '../shared/locales.ts';

const money = new Map<Locale, Intl.NumberFormat>();

/** 1234.5 → "1,234.50 €" in en, "1.234,50 €" in de, "₹1,234.50" in in. */
export function formatMoney(amount: number | null | undefined, locale: Locale): string {
  let f = money.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(LANGUAGE_TAG[locale], { style: 'currency', currency: currencyOf(locale), minimumFractionDigits: 2, maximumFractionDigits: 2 });
    money.set(locale, f);
  }
  return f.format(Number(amount ?? 0));
}

/** 1234567 → "1,234,567" in the locale's grouping. */
export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(LANGUAGE_TAG[locale]).format(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date → "2026.11.21", or "2026.11.21 14:05:09" with the time (24-hour). */
export function formatDate(value: string | Date, withTime = false): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const date = `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`;
  return withTime ? `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : date;
}
