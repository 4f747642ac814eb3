import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber } from '../../src/lib/format.ts';
import { LOCALES } from '../../src/shared/locales.ts';
import { catalogProblems } from '../../scripts/check-locales.ts';

type Catalog = Record<string, Record<string, string>>;
const read = (code: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../locales', `${code}.json`), 'utf8')) as Catalog;

describe('locale catalogs', () => {
  const en = read('en');

  it('have the same namespaces, keys and placeholders in all 24 locales', () => {
    const problems = Object.fromEntries(LOCALES.filter((l) => l !== 'en').map((l) => [l, catalogProblems(en, read(l))]));
    expect(Object.fromEntries(Object.entries(problems).filter(([, p]) => p.length > 0))).toEqual({});
  });

  it('are really translated: every non-English locale differs from English in most texts', () => {
    const englishVariants = new Set(['en', 'au', 'ca', 'sg', 'in']);
    for (const locale of LOCALES.filter((l) => !englishVariants.has(l))) {
      const catalog = read(locale);
      let same = 0;
      let total = 0;
      for (const [ns, keys] of Object.entries(en)) {
        for (const [key, text] of Object.entries(keys)) {
          total++;
          if (catalog[ns]?.[key] === text) same++;
        }
      }
      // Brand names, codes and a few international words may stay as they are.
      expect(same / total, locale).toBeLessThan(0.15);
    }
  });

  it('carry the messages of the specification word for word in English', () => {
    expect(en.validation).toMatchObject({
      failed_login: 'Wrong username or password!',
      username_duplicated: 'The username already exists.',
      wrong_old_password: 'Old password is wrong.',
      failed_reset_password: 'Wrong username or email!',
      failed_send_username: 'Unregistered email',
      action_failed: 'Action failed.',
      not_meet_wager_requirement: "You don't meet the wager requirement!",
      invalid_promo_code: 'Invalid promo code!',
      field_required: 'Field required.',
      password_validation: 'Your password should contain at least 3 characters.',
      confirm_password_validation: 'Password does not match.',
      email_validation: 'Not valid email address.',
      phone_number_validation: 'Not valid phone number',
      phone_number_length_check: 'Phone number length must be at least 7.',
      accept_terms: 'Please accept terms and conditions.',
    });
    expect(en.errors?.page_not_found).toBe('This page could not be found');
    expect(en.errors?.disable_site_access).toBe("You can't access the site.");
    expect(en.welcome?.activated_redirect).toBe('Account activated, redirect in {0} seconds.');
  });
});

describe('display formats', () => {
  it('shows money with two decimals and thousands separators, EUR except INR for in', () => {
    expect(formatMoney(1234.5, 'en')).toBe('€1,234.50');
    expect(formatMoney(1234.5, 'de')).toBe('1.234,50\u00a0€');
    expect(formatMoney(1234.5, 'in')).toBe('₹1,234.50');
    expect(formatMoney(null, 'fr')).toMatch(/^0,00\s€$/);
  });

  it('groups thousands the local way', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
  });

  it('writes dates as YYYY.MM.DD with an optional 24-hour time', () => {
    const d = new Date(2026, 10, 21, 14, 5, 9);
    expect(formatDate(d)).toBe('2026.11.21');
    expect(formatDate(d, true)).toBe('2026.11.21 14:05:09');
    expect(formatDate('not a date')).toBe('');
  });
});
