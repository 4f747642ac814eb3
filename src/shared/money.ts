// Money is integer minor units (cents) everywhere inside; replies carry numbers with
// two decimals as the contract requires. Never do arithmetic on the decimal form.

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

/** The currency of a site locale: INR for `in`, EUR everywhere else. */
export function currencyOf(locale: string): 'EUR' | 'INR' {
  return locale === 'in' ? 'INR' : 'EUR';
}
