import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyForNewPlayer } from '../../src/server/auth/currency.ts';
import { currencyOf, isWalletCurrency, toAmount, toCents } from '../../src/shared/money.ts';

describe('money', () => {
  it('turns amounts with up to two decimals into cents and back', () => {
    expect(toCents('12.34')).toBe(1234);
    expect(toCents(0.1)).toBe(10);
    expect(toCents('7')).toBe(700);
    expect(toAmount(1234)).toBe(12.34);
  });

  it('refuses negative, fractional-cent and non-numeric amounts', () => {
    for (const bad of ['-1', '1.234', 'abc', '', '1e3', 'Infinity', Number.NaN, -5, 0.001]) expect(toCents(bad as string)).toBeUndefined();
  });

  it('round-trips every cent value', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (cents) => toCents(toAmount(cents)) === cents));
  });

  it('uses INR for the in locale and EUR elsewhere', () => {
    expect(currencyOf('in')).toBe('INR');
    expect(currencyOf('de')).toBe('EUR');
  });

  it('keeps wallets only in ISO currencies counted in cents', () => {
    for (const ok of ['EUR', 'INR', 'USD', 'GBP', 'BRL']) expect(isWalletCurrency(ok), ok).toBe(true);
    // JPY has no cents and KWD has three decimals; the rest are no currencies at all.
    for (const bad of ['JPY', 'KWD', 'eur', 'EURO', 'ZZZ', '', '€']) expect(isWalletCurrency(bad), bad).toBe(false);
  });

  it("gives a new player the country's currency, else INR from the in locale, else EUR", () => {
    const map = { IN: 'INR', GB: 'GBP', XX: 'JPY' };
    expect(currencyForNewPlayer(map, 'IN', 'de')).toBe('INR');
    expect(currencyForNewPlayer(map, 'in', 'en')).toBe('INR');
    expect(currencyForNewPlayer(map, 'GB', 'in')).toBe('GBP');
    expect(currencyForNewPlayer(map, 'DE', 'in')).toBe('INR');
    expect(currencyForNewPlayer(map, 'DE', 'de')).toBe('EUR');
    expect(currencyForNewPlayer({}, 'IN', 'en')).toBe('EUR');
    // An entry naming a currency a wallet cannot hold is passed over.
    expect(currencyForNewPlayer(map, 'XX', 'fr')).toBe('EUR');
  });
});
