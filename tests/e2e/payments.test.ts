// Deposits and withdrawals in a browser, as new players: the card form's own checks, the
// Stripe test cards through the sandbox card provider (success, decline, 3-D Secure), the
// outcome read from the server on return and the header's balance, a withdrawal requested
// and cancelled, and a player from India paying in rupees on the `in` pages.
import { verifyOnServer } from '../helpers/documents.ts';
import { apiLogin } from '../helpers/staff.ts';
import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/format.ts';
import { fmt } from '../../src/lib/plural.ts';
import { browserAndMail, type Credentials, depositShown, logInOnCasino, payByCard, e2eServer, settled } from '../helpers/e2e.ts';
import { ROOT } from '../helpers/spawn.ts';

const { baseUrl } = e2eServer();
type Catalog = Record<string, Record<string, string>>;
const catalog = (code: string) => JSON.parse(readFileSync(join(ROOT, `locales/${code}.json`), 'utf8')) as Catalog;
const en = catalog('en');
const shots = join(ROOT, 'test-results/screenshots');

async function register(suffix: string, country: string, locale: string) {
  const account = { username: `pay_${country.toLowerCase()}_${suffix}`, password: 'deposit-Pass1' };
  const response = await fetch(`${baseUrl}/api/front/register_player`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...account,
      confirmPassword: account.password,
      email: `${account.username}@example.test`,
      first_name: `Payer${suffix}`,
      last_name: country === 'IN' ? 'Iyer' : 'Becker',
      gender: 'female',
      birthday: '1990-01-02',
      country,
      countryPhone: country === 'IN' ? '+91' : '+49',
      phone_number1: `15${String(randomInt(10 ** 8)).padStart(8, '0')}`,
      city: country === 'IN' ? 'Mumbai' : 'Berlin',
      address: 'Main Street 1',
      postal_code: '10115',
      interface_local: locale,
      checkTerms: true,
      notify_newletter: false,
    }),
  });
  expect(await response.json()).toEqual({ status: 1 });
  return account;
}

const logIn = (page: Page, locale: string, account: Credentials) => logInOnCasino(page, baseUrl, locale, account);

async function shoot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('payments in the browser', () => {
  const { browser } = browserAndMail();
  const suffix = `${Date.now().toString(36)}${randomInt(1000)}`;

  it('deposits by card (success, decline, 3-D Secure), then requests a withdrawal and cancels it', async () => {
    const player = await register(suffix, 'DE', 'en');
    const eur = (n: number) => formatMoney(n, 'en', 'EUR');
    const p = en.payments as Record<string, string>;
    const v = en.validation as Record<string, string>;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await logIn(page, 'en', player);
    const total = page.getByTestId('total-balance');
    await total.filter({ hasText: eur(0) }).waitFor();

    await page.goto(`${baseUrl}/user-management?tab=2`);
    const deposit = page.getByTestId('deposit');
    await deposit.locator('form').waitFor();
    // The card method comes first; its limits are in the wallet's currency.
    expect(await deposit.locator('label[data-processor="46"] input').isChecked()).toBe(true);
    expect(await deposit.getByTestId('pay-limits').textContent()).toContain(eur(10));

    // Some forty methods, grouped by kind under a filter, none of their names cut or broken mid-word at any width.
    const tiles = deposit.locator('label.pay-method');
    expect(await tiles.count()).toBeGreaterThan(30);
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await settled(page);
      const clipped = await tiles.evaluateAll((labels) =>
        labels.flatMap((label) => {
          const name = label.querySelector('.pay-method-name') as HTMLElement;
          const box = label.getBoundingClientRect();
          const text = name.getBoundingClientRect();
          const cut = label.scrollWidth > label.clientWidth || name.scrollWidth > name.clientWidth || text.right > box.right + 0.5;
          // A one-word name on two lines is broken mid-word ("emerchantpa" / "y").
          const words = (name.textContent ?? '').trim().split(/\s+/);
          const range = document.createRange();
          range.selectNodeContents(name);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          return cut || (words.length === 1 && lines > 1) ? [name.textContent] : [];
        }),
      );
      expect(clipped, `cut at ${width} px`).toEqual([]);
      await page.screenshot({ path: join(shots, `deposit-methods-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const kinds = deposit.getByLabel(p.method_kind ?? '', { exact: true });
    await kinds.selectOption('crypto');
    expect(await deposit.locator('.pay-method-group').evaluateAll((groups) => groups.map((g) => g.getAttribute('data-kind')))).toEqual(['crypto']);
    // Choosing a kind chooses its first method: the form below fits what is shown.
    expect(await deposit.locator('label.pay-method').first().locator('input').isChecked()).toBe(true);
    await kinds.selectOption('all');
    await deposit.locator('label[data-processor="46"]').click();
    expect(await deposit.locator('label[data-processor="46"] input').isChecked()).toBe(true);

    // The form's own checks, in the SPEC's words, before anything is sent.
    await payByCard(page, '5', '4242 4242 4242 4241');
    await deposit.locator('.feedback', { hasText: fmt(v.amount_between ?? '', eur(10), eur(5000)) }).waitFor();
    await deposit.locator('.feedback', { hasText: v.card_number_invalid ?? '' }).waitFor();
    await deposit.locator('input[name=cc-csc]').fill('12');
    await deposit.locator('button[type=submit]').click();
    await deposit.locator('.feedback', { hasText: v.cvv_digits ?? '' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('amount');

    // 4242…: paid, the player comes back to the outcome and a larger balance.
    await payByCard(page, '10', '4242 4242 4242 4242');
    await page.waitForURL(/\/user-management\?(tab=2|payop=success)/);
    const outcome = page.getByTestId('deposit-outcome');
    await outcome.filter({ hasText: fmt(p.deposit_success ?? '', eur(10)) }).waitFor();
    await total.filter({ hasText: eur(10) }).waitFor();
    await page.locator('.toast-success', { hasText: fmt(p.deposit_success ?? '', eur(10)) }).waitFor();
    await shoot(page, 'deposit-complete');

    // 4000…0002: the bank declines (do not honour): SPEC's "could not be deposited!" with the
    // bank's reason, not "Wrong Card Info.", and nothing changes.
    await payByCard(page, '10', '4000 0000 0000 0002');
    await outcome.filter({ hasText: fmt(p.deposit_fail ?? '', eur(10)) }).waitFor();
    expect(await outcome.textContent()).toContain(p.reason_declined);
    expect(await outcome.textContent()).not.toContain(v.wrong_card);
    expect(await outcome.getAttribute('data-state')).toBe('failed');
    expect(await total.textContent()).toBe(eur(10));
    // 4000…9995: insufficient funds, said so.
    await payByCard(page, '12', '4000 0000 0000 9995');
    await outcome
      .filter({ hasText: fmt(p.deposit_fail ?? '', eur(12)) })
      .filter({ hasText: p.reason_insufficient_funds ?? '' })
      .waitFor();
    await page.locator('.toast-danger', { hasText: p.reason_insufficient_funds ?? '' }).waitFor();
    expect(await total.textContent()).toBe(eur(10));

    // Both declines leave their trace in the transaction list, with the bank's reason, and the
    // status filter finds them.
    const a = en.account as Record<string, string>;
    await page.goto(`${baseUrl}/user-management?tab=7`);
    const table = page.getByTestId('transaction-table');
    await table.locator('tbody tr').nth(2).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(3);
    const declinedRow = table.locator('tbody tr', { hasText: eur(12) });
    expect(await declinedRow.textContent()).toContain(a.status_declined);
    expect(await declinedRow.textContent()).toContain(p.reason_insufficient_funds);
    const statusFilter = page.getByLabel(a.status ?? '', { exact: true });
    expect(await statusFilter.locator('option').allTextContents()).toEqual(
      ['all', 'pending', 'complete', 'cancelled', 'declined', 'failed', 'expired', 'held', 'refunded'].map((s) => a[`status_${s}`]),
    );
    await statusFilter.selectOption('declined');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    expect(await table.textContent()).not.toContain(a.status_complete);
    await page.goto(`${baseUrl}/user-management?tab=2`);
    await deposit.locator('form').waitFor();

    // 4000…3220: the bank's 3-D Secure challenge, passed; sent from the keyboard.
    await payByCard(page, '10', '4000 0000 0000 3220', true);
    await page.waitForURL(/\/api\/sandbox\/card\/3ds\//);
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await outcome.filter({ hasText: fmt(p.deposit_success ?? '', eur(10)) }).waitFor();
    await total.filter({ hasText: eur(20) }).waitFor();

    // Withdrawals wait for a verified identity (the default jurisdiction profile): the sandbox verifier approves these documents.
    await verifyOnServer(baseUrl, await apiLogin(baseUrl, player.username, player.password));
    // A withdrawal of 10 with the bank form; a wrong IBAN is refused by the form first.
    await page.goto(`${baseUrl}/user-management?tab=3`);
    const withdraw = page.getByTestId('withdraw');
    await withdraw.locator('form').waitFor();
    await page
      .getByTestId('pending-withdrawals')
      .getByText(p.pending_empty ?? '')
      .waitFor();
    await shoot(page, 'withdraw-form');
    // The first method pays to a coin address: its form asks for the address, names a missing
    // one, and the server refuses one whose checksum fails (one character off).
    await withdraw.locator('input[name=amount]').fill('10');
    await withdraw.locator('button[type=submit]').click();
    await withdraw.locator('.feedback', { hasText: v.field_required ?? '' }).waitFor();
    await withdraw.locator('input[name=address]').fill('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5');
    await withdraw.locator('button[type=submit]').click();
    await withdraw.locator('.feedback', { hasText: v.crypto_address_invalid ?? '' }).waitFor();
    await withdraw.locator('label', { hasText: 'Bank transfer' }).click();
    // The account field says what it takes: an IBAN or an account number, not a name.
    expect(await withdraw.getByLabel(p.account_number ?? '', { exact: true }).getAttribute('name')).toBe('accountNumber');
    await withdraw.locator('input[name=amount]').fill('10');
    await withdraw.locator('input[name=accountNumber]').fill('DE89 3704 0044 0532 0130 01');
    await withdraw.locator('input[name=beneficiaryName]').fill('Erika Mustermann');
    await withdraw.locator('input[name=swiftCode]').fill('COBADEFFXXX');
    await withdraw.locator('input[name=bankName]').fill('Commerzbank');
    await withdraw.locator('input[name=city]').fill('Berlin');
    await withdraw.locator('input[name=zipCode]').fill('10115');
    await withdraw.locator('input[name=registrationAddress]').fill('Unter den Linden 1');
    await withdraw.locator('button[type=submit]').click();
    await withdraw.locator('.feedback', { hasText: v.iban_invalid ?? '' }).waitFor();
    await withdraw.locator('input[name=accountNumber]').fill('DE89 3704 0044 0532 0130 00');
    await withdraw.locator('button[type=submit]').click();
    const sent = page.getByTestId('withdrawal-sent');
    await sent.getByRole('heading', { name: p.withdraw_sent_title ?? '' }).waitFor();
    expect(await sent.textContent()).toContain(fmt(p.withdraw_scheduled ?? '', eur(10)));
    await total.filter({ hasText: eur(10) }).waitFor();
    const pending = page.getByTestId('pending-withdrawal');
    await pending.first().waitFor();
    expect(await pending.count()).toBe(1);
    await shoot(page, 'withdraw-sent');

    // Cancelled: "Withdrawal cancelled.", the money is back, the list empty.
    await pending.first().getByRole('button').click();
    await page.locator('.toast-success', { hasText: en.account?.withdrawal_cancelled ?? '' }).waitFor();
    await total.filter({ hasText: eur(20) }).waitFor();
    await page
      .getByTestId('pending-withdrawals')
      .getByText(p.pending_empty ?? '')
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pays in rupees on the in pages for a player from India', async () => {
    const player = await register(suffix, 'IN', 'in');
    const inr = (n: number) => formatMoney(n, 'in', 'INR');
    const p = catalog('in').payments as Record<string, string>;
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await logIn(page, 'in', player);
    await page.goto(`${baseUrl}/in/user-management?tab=2`);
    const deposit = page.getByTestId('deposit');
    await deposit.locator('form').waitFor();
    const limits = await deposit.getByTestId('pay-limits').textContent();
    expect(limits).toContain(inr(1000));
    expect(limits).not.toContain('€');
    await payByCard(page, '1000', '5555 5555 5555 4444');
    await page.waitForURL(/\/in\/user-management\?/);
    await depositShown(page, fmt(p.deposit_success ?? '', inr(1000)), inr(1000));
    await page.screenshot({ path: join(shots, 'deposit-in-375.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
