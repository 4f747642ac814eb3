// Safer gambling as a new player meets it: a daily deposit limit of 20 refuses a deposit of
// 50 at the cashier and a raise waits; a wager limit refuses a real-money round naming the
// limit and its reset, and its raise waits too; then a
// 24-hour time-out, be logged out, and be refused at login with the end of the break.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { fillLogin, launchBrowser, logInFromHeader, registerPlayer, e2eServer } from '../helpers/e2e.ts';

const { baseUrl } = e2eServer();
const p = en.protection;

describe('safer gambling', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('refuses a deposit of 50 under a daily limit of 20 and a round under a wager limit, makes raises wait, and takes a time-out that logs out and refuses login', async () => {
    const { username, password } = await registerPlayer(baseUrl, { prefix: 'safe', newsletter: true });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // The account tab, reached from the login the account page opens.
    await page.goto(`${baseUrl}/user-management?tab=9`);
    await page.waitForURL(`${baseUrl}/`);
    await fillLogin(page, { username, password });
    await page.waitForURL(`${baseUrl}/user-management?tab=9`);
    await page.getByRole('tab', { name: en.menu.safer_gambling }).waitFor();
    const form = page.getByTestId('limit-form');
    const table = page.getByTestId('limits-table');

    // A daily deposit limit of 20, then a deposit of 50 by card: refused at the cashier before
    // the player pays, naming the limit and when it resets; nothing is charged.
    await form.getByLabel(p.limit_kind_label, { exact: true }).selectOption('deposit_day');
    await form.getByLabel('Amount (EUR)').fill('20');
    await form.getByRole('button', { name: p.set_limit }).click();
    await page.getByTestId('limit-outcome').filter({ hasText: p.limit_lowered }).waitFor();
    await table.locator('tr', { hasText: p.kind_deposit_day }).filter({ hasText: '€20.00' }).waitFor();
    await page.goto(`${baseUrl}/user-management?tab=2`);
    const deposit = page.getByTestId('deposit').locator('form');
    await deposit.locator('input[name=amount]').fill('50');
    await deposit.locator('input[name=cc-name]').fill('Erika Mustermann');
    await deposit.locator('input[name=cc-number]').fill('4242 4242 4242 4242');
    await deposit.locator('input[name=cc-exp-month]').fill('12');
    await deposit.locator('input[name=cc-exp-year]').fill(String(new Date().getFullYear() + 3));
    await deposit.locator('input[name=cc-csc]').fill('123');
    await deposit.locator('button[type=submit]').click();
    await page
      .getByTestId('deposit-refused')
      .filter({ hasText: `Refused by your limit – ${p.kind_deposit_day}: €20.00. It resets on` })
      .waitFor();
    expect(page.url()).toBe(`${baseUrl}/user-management?tab=2`);
    await page.goto(`${baseUrl}/user-management?tab=9`);

    // Raising it to 100 waits for the cooling-off; 20 stays in force.
    await form.getByLabel(p.limit_kind_label, { exact: true }).selectOption('deposit_day');
    await form.getByLabel('Amount (EUR)').fill('100');
    await form.getByRole('button', { name: p.set_limit }).click();
    await page.getByTestId('limit-outcome').filter({ hasText: 'Noted. Your current limit stays in force until at least' }).waitFor();
    await table.locator('tr', { hasText: p.kind_deposit_day }).filter({ hasText: '€20.00' }).filter({ hasText: '€100.00 from' }).waitFor();

    // A daily wager limit of 0.50, below the game's 1.00 stake; every field has its visible label.
    await form.getByLabel(p.limit_kind_label, { exact: true }).selectOption('wager_day');
    await form.getByLabel('Amount (EUR)').fill('0.50');
    await form.getByRole('button', { name: p.set_limit }).click();
    await page.getByTestId('limit-outcome').filter({ hasText: p.limit_lowered }).waitFor();
    await table.locator('tr', { hasText: p.kind_wager_day }).filter({ hasText: '€0.50' }).waitFor();

    // A real-money dice round of 1.00 is refused, naming the limit and when it resets.
    await page.goto(`${baseUrl}/online-casino`, { waitUntil: 'networkidle' });
    const card = page.locator('.lobby-games .game-card', { has: page.locator('.game-name', { hasText: /^Lucky Dice$/ }) });
    await card.locator('.btn-primary').click();
    const game = page.frameLocator('[data-game-player] iframe');
    await game.locator('#mode[data-mode=real]').waitFor();
    await game.locator('#actions button.primary').click();
    const message = game.locator('#message', { hasText: `Refused by your limit – ${p.kind_wager_day}: €0.50. It resets on` });
    await message.waitFor();

    // Raising it waits for the cooling-off; the limit in force stays.
    await page.goto(`${baseUrl}/user-management?tab=9`);
    await form.getByLabel(p.limit_kind_label, { exact: true }).selectOption('wager_day');
    await form.getByLabel('Amount (EUR)').fill('20');
    await form.getByRole('button', { name: p.set_limit }).click();
    await page.getByTestId('limit-outcome').filter({ hasText: 'Noted. Your current limit stays in force until at least' }).waitFor();
    const row = table.locator('tr', { hasText: p.kind_wager_day });
    await row.filter({ hasText: '€0.50' }).filter({ hasText: '€20.00 from' }).waitFor();
    await row.getByRole('button', { name: p.confirm_change }).click();
    await page.getByTestId('confirm-outcome').filter({ hasText: p.limit_cooling_off }).waitFor();

    // Month by month: nothing yet, since the refused round moved no money.
    await page.getByRole('heading', { name: p.months_heading }).waitFor();
    await page.getByText(p.no_months).waitFor();

    // A 24-hour time-out: confirmed, started, logged out.
    const breakForm = page.getByTestId('break-form');
    await breakForm.getByLabel(p.break_duration_label).selectOption('24h');
    await breakForm.getByRole('button', { name: p.take_break }).click();
    await breakForm.locator('.feedback', { hasText: en.validation.field_required }).waitFor();
    await breakForm.getByLabel(p.break_confirm_label).check();
    await breakForm.getByRole('button', { name: p.take_break }).click();
    await page.getByTestId('break-outcome').filter({ hasText: 'Your break has started and lasts until' }).waitFor();
    await page.waitForURL(`${baseUrl}/`, { timeout: 15_000 });
    await page.locator('.header-login').waitFor();

    // Logging in again is refused with the end of the break.
    await logInFromHeader(page, { username, password });
    await page.locator('dialog.modal', { hasText: 'You are taking a break until' }).waitFor();
    await page.locator('.header-login').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
