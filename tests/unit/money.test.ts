import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyOf, toAmount, toCents } from '../../src/shared/money.ts';

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
});
