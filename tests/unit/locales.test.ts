import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber } from '../../src/lib/format.ts';
import { type Catalog, fmt, formatMessage } from '../../src/lib/plural.ts';
import { LOCALES } from '../../src/shared/locales.ts';
import { catalogProblems } from '../../scripts/check-locales.ts';
const read = (code: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../locales', `${code}.json`), 'utf8')) as Catalog;

describe('locale catalogs', () => {
  const en = read('en');

  it('have the same namespaces, keys and placeholders in all 24 locales, and each language its own plural forms', () => {
    const problems = Object.fromEntries(LOCALES.map((l) => [l, catalogProblems(en, read(l), [], l)]));
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
          if (JSON.stringify(catalog[ns]?.[key]) === JSON.stringify(text)) same++;
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
    // SPEC §5 and §8: the payment messages.
    expect(en.validation).toMatchObject({
      wrong_card: 'Wrong Card Info.',
      amount_min: 'Amount must be at least {0}',
      amount_between: 'Amount must be between {0} and {1}',
      card_number_invalid: 'Please enter a valid card number',
      cvv_digits: 'Please enter 3 or 4 digits',
      invalid_value: 'Please enter a valid value.',
    });
    expect(en.payments).toMatchObject({
      deposit_success: 'The deposit for {0} is complete!',
      deposit_fail: 'The amount {0} could not be deposited!',
      withdraw_sent_title: 'Withdrawal Request Sent',
    });
    expect(en.payments?.withdraw_scheduled).toMatch(/withdrawal request for \{0\} is scheduled\. A confirmation email follows .*contact support/);
    expect(en.account?.withdrawal_cancelled).toBe('Withdrawal cancelled.');
    expect(en.payments?.crypto_min).toMatch(/minimum deposit is \{0\}/);
    expect(en.payments?.crypto_only_coin).toMatch(/^Send only \{0\} to this address/);
    expect(en.validation?.crypto_wrong_coin).toMatch(/^Only the named coin/);
    expect(en.errors?.page_not_found).toBe('This page could not be found');
    expect(en.errors?.disable_site_access).toBe("You can't access the site.");
    expect(en.welcome?.activated_redirect).toEqual({ one: 'Account activated, redirect in {0} second.', other: 'Account activated, redirect in {0} seconds.' });
  });

  it('give every message that counts something plural forms', () => {
    // A number followed by a word counts that word ("{0} seconds"), unless the word is a preposition or
    // conjunction ("{0} of {1}", "{0} without a move", where {0} is a duration Intl already wrote), or
    // the number is an amount of money naming what it is ("your {0} bonus", "{1} bet" on a roulette spot).
    const joining = new Set([
      'of',
      'from',
      'to',
      'against',
      'or',
      'and',
      'with',
      'without',
      'in',
      'at',
      'by',
      'for',
      'on',
      'bonus',
      'bet',
      'back',
      'staked',
      'wins',
      // "The deposit for {0} is complete!", "The amount {0} could not be deposited!": {0} is money, not a count.
      'is',
      'could',
      // "{0} free, no deposit needed": an offer's amount.
      'free',
    ]);
    const counting = Object.entries(en).flatMap(([ns, keys]) =>
      Object.entries(keys)
        .filter(([, text]) => typeof text === 'string' && [...text.matchAll(/\{\d+\}\s+(\p{L}+)/gu)].some((m) => !joining.has(m[1] ?? '')))
        .map(([key]) => `${ns}.${key}`),
    );
    expect(counting).toEqual([]);
  });
});

describe('messages with a number', () => {
  const read = (code: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../locales', `${code}.json`), 'utf8')) as Catalog;
  const seconds = (code: (typeof LOCALES)[number], n: number) => formatMessage(read(code).welcome?.redirect_in ?? '', code, n);

  it('say 1 second and 5 seconds in English', () => {
    expect(seconds('en', 1)).toBe('You will be redirected in 1 second');
    expect(seconds('en', 5)).toBe('You will be redirected in 5 seconds');
  });

  it('use the three forms of Russian, Polish and Czech', () => {
    expect([1, 2, 5, 21, 22, 25].map((n) => seconds('ru', n))).toEqual([
      'Вы будете перенаправлены через 1 секунду',
      'Вы будете перенаправлены через 2 секунды',
      'Вы будете перенаправлены через 5 секунд',
      'Вы будете перенаправлены через 21 секунду',
      'Вы будете перенаправлены через 22 секунды',
      'Вы будете перенаправлены через 25 секунд',
    ]);
    expect([1, 3, 5, 22].map((n) => seconds('pl', n))).toEqual([
      'Przekierowanie nastąpi za 1 sekundę',
      'Przekierowanie nastąpi za 3 sekundy',
      'Przekierowanie nastąpi za 5 sekund',
      'Przekierowanie nastąpi za 22 sekundy',
    ]);
    // The site code cz is not a language tag: the forms come from Czech (cs), not a fallback.
    expect([1, 4, 5].map((n) => seconds('cz', n))).toEqual([
      'Za 1 sekundu budete přesměrováni',
      'Za 4 sekundy budete přesměrováni',
      'Za 5 sekund budete přesměrováni',
    ]);
  });

  it('count 0 as singular in French and pt-BR, and write large numbers the local way', () => {
    expect(seconds('fr', 0)).toBe('Vous allez être redirigé dans 0 seconde');
    expect(seconds('br', 0)).toBe('Você será redirecionado em 0 segundo');
    expect(seconds('pt', 0)).toBe('Vai ser redirecionado dentro de 0 segundos');
    expect(formatMessage(read('de').lobby?.results_count ?? '', 'de', 1234)).toBe('1.234 Spiele gefunden');
  });

  it('pick the form by the first number and fill the others', () => {
    expect(formatMessage(read('en').account?.chart_partial ?? '', 'en', 612, 500)).toBe('The chart covers the latest 500 of 612 bets in this period.');
    expect(formatMessage(read('ru').account?.chart_partial ?? '', 'ru', 521, 500)).toBe('На графике показаны последние 500 из 521 ставки за этот период.');
  });

  it('fill {0}, {1} … in any order and leave a placeholder without an argument as it is', () => {
    expect(fmt('{1} before {0}, {0} again', 'a', 2)).toBe('2 before a, a again');
    expect(fmt('{0} of {1}', 3)).toBe('3 of {1}');
    expect(fmt('{0}', 0)).toBe('0');
  });
});

describe('display formats', () => {
  it('shows money with two decimals and thousands separators, EUR except INR for in', () => {
    expect(formatMoney(1234.5, 'en')).toBe('€1,234.50');
    expect(formatMoney(1234.5, 'de')).toBe('1.234,50\u00a0€');
    expect(formatMoney(1234.5, 'in')).toBe('₹1,234.50');
    expect(formatMoney(null, 'fr')).toMatch(/^0,00\s€$/);
  });

  it("shows a player's own currency in the page locale's way, whatever the locale", () => {
    expect(formatMoney(1234.5, 'de', 'INR')).toBe('1.234,50\u00a0₹');
    expect(formatMoney(1234.5, 'in', 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1234.5, 'en', 'INR')).toBe('₹1,234.50');
    expect(formatMoney(1234.5, 'in', 'INR')).toBe('₹1,234.50');
  });

  it('groups thousands the local way', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
  });

  it('writes dates as YYYY.MM.DD with an optional 24-hour time', () => {
    const d = new Date(2026, 10, 21, 14, 5, 9);
    expect(formatDate(d)).toBe('2026.11.21');
    expect(formatDate(d, true)).toBe('2026.11.21 14:05');
    expect(formatDate('not a date')).toBe('');
  });
});
