// The wallet currency in a browser: an Indian player's rupees are shown as rupees on the
// `in` pages and on the German ones alike (written each page's way), and a German
// player browsing the `in` pages still sees euros. Amounts come from the server.
import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/format.ts';
import type { Locale } from '../../src/shared/locales.ts';
import { launchBrowser, logInFromHeader, e2eServer } from '../helpers/e2e.ts';
import { type MailCatcher, startMailCatcher } from '../helpers/mail.ts';
import { callAs, DEMO } from '../helpers/staff.ts';

const { baseUrl } = e2eServer();

async function post(path: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as Record<string, unknown>;
}

/** Logs in through the header's login dialog on `path` and waits for the header's balance. */
async function logInOn(page: Page, path: string, account: { username: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  await logInFromHeader(page, account);
  await page.getByTestId('total-balance').waitFor();
}

describe('wallet currency in the browser', () => {
  let browser: Browser;
  let mail: MailCatcher;
  const suffix = `${Date.now().toString(36)}${randomInt(1000)}`;
  const indian = { username: `asha_${suffix}`, password: 'rupee-Pass1' };

  beforeAll(async () => {
    browser = await launchBrowser();
    mail = await startMailCatcher(e2eServer().smtpPort);
    // A player from India with TENFREE: ₹1,000.00 of bonus once the mailed link is followed.
    const email = `asha.${suffix}@example.test`;
    const registered = await post('front/register_player', {
      ...indian,
      confirmPassword: indian.password,
      email,
      first_name: `Asha${suffix}`,
      last_name: 'Rao',
      gender: 'female',
      birthday: '1992-03-04',
      country: 'IN',
      countryPhone: '+91',
      phone_number1: `98${String(randomInt(10 ** 8)).padStart(8, '0')}`,
      city: 'Pune',
      address: 'MG Road 1',
      postal_code: '411001',
      interface_local: 'in',
      promo_code: 'TENFREE',
      checkTerms: true,
      notify_newletter: false,
    });
    expect(registered).toEqual({ status: 1 });
    const link = (await mail.next(email)).links.find((l) => l.includes('activation_token=')) ?? '';
    const token = new URL(link).searchParams.get('activation_token') ?? '';
    expect(await post('front/activate_account', { token })).toMatchObject({ status: 1, bonus: { currency: 'INR', amount: 1000, state: 'granted' } });
  });
  afterAll(async () => {
    await browser?.close();
    await mail?.close();
  });

  it.each([{ locale: 'in' as Locale }, { locale: 'de' as Locale }])(
    'shows an Indian player ₹ in the header, the game and the account on the $locale pages',
    async ({ locale }) => {
      const rupees = (n: number) => formatMoney(n, locale, 'INR');
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await logInOn(page, `/${locale}/online-casino`, indian);
      await page.locator(`[data-testid=total-balance]:has-text("${rupees(1000)}")`).waitFor();
      expect(await page.getByTestId('bonus-balance').textContent()).toBe(rupees(1000));
      expect(await page.getByTestId('real-balance').textContent()).toBe(rupees(0));

      // Real play: the game's own frame counts the same rupees.
      const card = page.locator('.lobby-games .game-card', { has: page.locator('.game-name', { hasText: /^Lucky Dice$/ }) });
      await card.locator('.btn-primary').click();
      const game = page.frameLocator('[data-game-player] iframe');
      await game.locator('#mode[data-mode=real]').waitFor();
      await game.locator('#balance', { hasText: rupees(1000) }).waitFor();

      // The account: balances, the wagering in rupees, and the bonus in the transaction list.
      await page.goto(`${baseUrl}/${locale}/user-management?tab=2`);
      const balances = page.getByTestId('account-balances');
      await balances.waitFor();
      await page.getByTestId('wagering-progress').waitFor();
      expect(await balances.textContent()).toContain(rupees(1000));
      expect(await page.locator('.acct-funds').textContent()).toContain(rupees(40_000));
      expect(await page.locator('.acct-funds').textContent()).not.toContain('€');
      await page.goto(`${baseUrl}/${locale}/user-management?tab=7`);
      const row = page.getByTestId('transaction-table').locator('tbody tr').first();
      await row.waitFor();
      expect(await row.textContent()).toContain(rupees(1000));
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('shows a German player euros on the in pages', async () => {
    const reply = (await (await callAs(baseUrl, DEMO, 'front/get_player_balance')).json()) as { player: { currency: string; total_balance: number } };
    expect(reply.player.currency).toBe('EUR');
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await logInOn(page, '/in/online-casino', DEMO);
    const total = page.getByTestId('total-balance');
    await total.filter({ hasText: formatMoney(reply.player.total_balance, 'in', 'EUR') }).waitFor();
    expect(await page.locator('.account-area .balances').textContent()).not.toContain('₹');
    await page.goto(`${baseUrl}/in/user-management?tab=2`);
    await page.getByTestId('account-balances').waitFor();
    expect(await page.getByTestId('account-balances').textContent()).toContain('€');
    expect(await page.getByTestId('account-balances').textContent()).not.toContain('₹');
    await context.close();
  });
});
