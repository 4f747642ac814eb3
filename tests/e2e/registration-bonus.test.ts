// The "€10 free" landings kept: sign up with TENFREE from a landing page, follow the mailed
// activation link, and find the 10.00 bonus with its wagering, deadline and cap.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/format.ts';
import { fmt } from '../../src/lib/plural.ts';
import type { Locale } from '../../src/shared/locales.ts';
import { browserAndMail, chooseCountry, e2eServer } from '../helpers/e2e.ts';
import { ROOT } from '../helpers/spawn.ts';

const { baseUrl } = e2eServer();
const catalog = (locale: Locale) => JSON.parse(readFileSync(join(ROOT, `locales/${locale}.json`), 'utf8')) as Record<string, Record<string, string>>;

describe('the TENFREE registration bonus in a browser', () => {
  const { browser, mail } = browserAndMail();

  it.each([
    { locale: 'en' as Locale, landing: '/10freeuk', prefix: '', width: 1280 },
    { locale: 'de' as Locale, landing: '/de/de10free', prefix: '/de', width: 375 },
  ])(
    'signs up from $landing at $width px, is told the link brings the bonus, follows it and sees 10.00 to wager 400.00',
    async ({ locale, landing, prefix, width }) => {
      const text = catalog(locale);
      const money = (n: number) => formatMoney(n, locale);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const suffix = `${Date.now().toString(36)}${randomInt(1000)}`;
      const email = `free.${suffix}@example.test`;

      // The landing's call to action opens the sign-up page with the code filled in.
      await page.goto(`${baseUrl}${landing}`);
      await page.locator('.landing-cta').click();
      await page.waitForURL(`${baseUrl}${prefix}/sign-up?promo_code=TENFREE`);
      const form = page.locator('form.register-form');
      // Filled in once the form is hydrated: only then may the player type.
      await page.waitForFunction(() => document.querySelector<HTMLInputElement>('form.register-form [name="promo_code"]')?.value === 'TENFREE');
      await form.locator('[name="username"]').fill(`free_${suffix}`);
      await form.locator('[name="password"]').fill('frei-Pass1');
      await form.locator('[name="confirmPassword"]').fill('frei-Pass1');
      await form.locator('[name="email"]').fill(email);
      await form.locator('[name="first_name"]').fill(`Free${suffix}`);
      await form.locator('[name="last_name"]').fill('Tester');
      await form.locator('[name="birthday"]').fill('1988-04-02');
      await form.locator('[name="city"]').fill('Berlin');
      await form.locator('[name="address"]').fill('Alexanderplatz 1');
      await form.locator('[name="postal_code"]').fill('10178');
      await form.locator('[name="phone_number1"]').fill(`1${String(randomInt(10 ** 9)).padStart(9, '0')}`);
      // The English page preselects no country for a visitor of unknown country; the German one Germany.
      if (locale === 'en') await chooseCountry(form, 'DE');
      await form.locator('.field.check input[type=checkbox]').first().check();
      await form.locator('button[type=submit]').click();

      // The welcome dialog: the bonus waits for the activation link, and says so.
      const awaiting = page.locator('[data-testid=welcome-dialog] [data-testid=bonus-awaiting]');
      await awaiting.waitFor();
      const promise = fmt(text.welcome?.bonus_awaiting ?? '', money(10), 'TENFREE');
      expect(await awaiting.textContent()).toContain(promise);
      expect(await awaiting.textContent()).toContain(money(400));
      expect(await awaiting.textContent()).toContain(money(100));

      // The deposit tab it leads to says the same, and nothing is credited yet.
      await page.waitForURL(`${baseUrl}${prefix}/user-management?tab=2`, { timeout: 15_000 });
      await page.locator('[data-testid=account-balances]').waitFor();
      await page.locator('.acct-funds [data-testid=bonus-awaiting]').waitFor();
      expect(await page.locator('[data-testid=account-balances]').textContent()).not.toContain(money(10));

      // The mailed link: activated, the bonus credited with its terms, then the casino.
      const link = (await mail.next(email)).links.find((l) => l.includes('/welcome?activation_token=')) ?? '';
      expect(link).not.toBe('');
      await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
      const credited = page.getByTestId('bonus-credited');
      await credited.waitFor();
      expect(await credited.textContent()).toContain(fmt(text.welcome?.bonus_credited ?? '', money(10), 'TENFREE'));
      expect(await credited.textContent()).toContain(money(400));
      expect(await credited.textContent()).toContain(money(100));
      await page.waitForURL(`${baseUrl}${prefix}/online-casino`, { timeout: 15_000 });
      if (width > 990) {
        await page.locator(`[data-testid=bonus-balance]:has-text("${money(10)}")`).waitFor();
        expect(await page.getByTestId('total-balance').textContent()).toBe(money(10));
      }

      // The account: 10.00 of bonus, 0.00 of 400.00 wagered, the code, the deadline and the cap.
      await page.goto(`${baseUrl}${prefix}/user-management?tab=2`);
      const balances = page.getByTestId('account-balances');
      await balances.waitFor();
      await page.getByTestId('wagering-progress').waitFor();
      expect(await balances.textContent()).toContain(money(10));
      const wagering = page.locator('.acct-funds section', { has: page.getByTestId('wagering-progress') });
      const shown = (await wagering.textContent()) ?? '';
      expect(shown).toContain(fmt(text.account?.wagering_progress ?? '', money(0), money(400)));
      expect(shown).toContain('TENFREE');
      expect(shown).toContain(fmt(text.welcome?.bonus_max_cashout ?? '', money(100)));
      expect(shown).toMatch(/\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}/);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
