// Money is integer minor units (cents) everywhere inside; replies carry numbers with
// two decimals as the contract requires. Never do arithmetic on the decimal form.
// Each amount is in a currency: a player's wallet currency (ISO 4217), chosen at
// registration and never changed; a guest sees the page locale's.

/** 1234 → 12.34 */
export function toAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/** 12.34 or "12.34" → 1234; undefined for anything that is not a non-negative amount with at most two decimals. */
export function toCents(amount: number | string): number | undefined {
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : amount.trim();
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The currency of a wallet when nothing chooses another. */
export const DEFAULT_CURRENCY = 'EUR';

/** The currency a site locale shows a guest, and gives a new player whose country names none: INR for `in`, EUR everywhere else. */
export function currencyOf(locale: string): 'EUR' | 'INR' {
  return locale === 'in' ? 'INR' : 'EUR';
}

/**
 * Whether a wallet may be kept in `code`: an ISO 4217 code that Intl knows, with two
 * minor digits, since every amount here is a whole number of cents (this rules out
 * JPY or KWD, which would need another scale).
 */
export function isWalletCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [code];
  if (!known.includes(code)) return false;
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits === 2;
}
