// The cashier end to end, as a new player from India on the `in` pages sees it, in rupees
// throughout, with the operator's command (`npm run payments`) playing the blockchain and the
// cashier desk: a card deposit seen by toast, header push and transaction; the decline card's
// "Wrong Card Info."; a crypto deposit confirmed by the command and announced in the open tab
// by the `deposit_result` push; identity verified in the Verification tab (the default market
// asks for it before a withdrawal); a withdrawal requested, cancelled, requested again, approved
// by staff from the command, and seen complete by the player. A popup processor's approval
// reaches the open deposit tab by push as well.
//
// The test runs its own server so that the command can share its database: on PostgreSQL when
// TEST_DATABASE_URL is set (the command runs beside the server, as it would in production);
// on PGlite otherwise, which is one process at a time, so the server is stopped for each
// command and started again on the same port and data directory (what docs/payments.md tells
// operators of a PGlite install to do).
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/format.ts';
import { jpeg, pdf } from '../helpers/documents.ts';
import { type Credentials, depositShown, launchBrowser, logInOnCasino, payByCard } from '../helpers/e2e.ts';
import { freePort, ROOT, type Spawned, spawnServer, until } from '../helpers/spawn.ts';

type Catalog = Record<string, Record<string, string>>;
const catalog = (code: string) => JSON.parse(readFileSync(join(ROOT, `locales/${code}.json`), 'utf8')) as Catalog;
const fill = (text: string, ...args: string[]) => text.replace(/\{(\d+)\}/g, (_, i: string) => args[Number(i)] ?? '');
const inText = catalog('in');
const p = inText.payments as Record<string, string>;
const v = inText.validation as Record<string, string>;
const t = inText.account as Record<string, string>;
const inr = (n: number) => formatMoney(n, 'in', 'INR');

describe('the cashier, end to end with the operator command, in rupees', () => {
  const pgBase = process.env.TEST_DATABASE_URL;
  const dbName = `cashier_${Date.now().toString(36)}${randomInt(1000)}`;
  const env: Record<string, string> = {
    DIST_DIR: join(ROOT, 'dist/client'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'casino-cashier-')),
    JWT_SECRET: `cashier-${'j'.repeat(40)}`,
    WEBHOOK_SECRET: `cashier-${'w'.repeat(40)}`,
  };
  let server: Spawned;
  let browser: Browser;
  let baseUrl = '';

  async function start(): Promise<void> {
    server = await spawnServer(env, { startMs: 60_000 });
    baseUrl = server.url;
    await until(async () => (await fetch(`${baseUrl}/api/health`)).status === 200, 60_000);
  }

  /** `npm run payments -- <args>`, as an operator types it; its output. */
  async function payments(...args: string[]): Promise<string> {
    if (!pgBase) await server.stop();
    try {
      const child = spawn(process.execPath, [join(ROOT, 'scripts/payments.ts'), ...args], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env },
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
      });
      child.stderr.on('data', (d: Buffer) => {
        out += d.toString();
      });
      const code = await new Promise<number | null>((done) => child.on('exit', done));
      expect(code, out).toBe(0);
      return out;
    } finally {
      if (!pgBase) await start();
    }
  }

  beforeAll(async () => {
    env.PORT = String(await freePort());
    if (pgBase) {
      const admin = postgres(pgBase, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${dbName}`);
      await admin.end();
      const url = new URL(pgBase);
      url.pathname = `/${dbName}`;
      env.DATABASE_URL = url.toString();
      if (process.env.TEST_REDIS_URL) env.REDIS_URL = process.env.TEST_REDIS_URL;
    }
    await start();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (pgBase) {
      const admin = postgres(pgBase, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  });

  async function register(username: string, country: 'IN' | 'DE' = 'IN'): Promise<{ username: string; password: string }> {
    const india = country === 'IN';
    const account = { username, password: 'cashier-Pass1' };
    const response = await fetch(`${baseUrl}/api/front/register_player`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...account,
        confirmPassword: account.password,
        email: `${username}@example.test`,
        first_name: 'Asha',
        last_name: 'Iyer',
        gender: 'female',
        birthday: '1990-01-02',
        country,
        countryPhone: india ? '+91' : '+49',
        phone_number1: `${india ? '98' : '15'}${String(randomInt(10 ** 8)).padStart(8, '0')}`,
        city: india ? 'Mumbai' : 'Berlin',
        address: 'Marine Drive 1',
        postal_code: india ? '400020' : '10115',
        interface_local: india ? 'in' : 'de',
        checkTerms: true,
        notify_newletter: false,
      }),
    });
    expect(await response.json()).toEqual({ status: 1 });
    return account;
  }

  const logIn = (page: Page, account: Credentials, locale = 'in') => logInOnCasino(page, baseUrl, locale, account);

  async function openTab(page: Page, tab: number, locale = 'in') {
    await page.goto(`${baseUrl}/${locale}/user-management?tab=${tab}`);
    await page.locator('[role=tabpanel]').first().waitFor();
  }

  async function choose(page: Page, processorName: string) {
    await page.getByTestId('deposit').locator('label', { hasText: processorName }).click();
  }

  async function requestWithdrawal(page: Page, amount: string) {
    const withdraw = page.getByTestId('withdraw');
    await withdraw.locator('form').waitFor();
    await withdraw.locator('label', { hasText: 'Bank transfer' }).click();
    await withdraw.locator('input[name=amount]').fill(amount);
    await withdraw.locator('input[name=accountNumber]').fill('001234567890');
    await withdraw.locator('input[name=beneficiaryName]').fill('Asha Iyer');
    await withdraw.locator('input[name=swiftCode]').fill('SBININBBXXX');
    await withdraw.locator('input[name=bankName]').fill('State Bank of India');
    await withdraw.locator('input[name=city]').fill('Mumbai');
    await withdraw.locator('input[name=zipCode]').fill('400020');
    await withdraw.locator('input[name=registrationAddress]').fill('Marine Drive 1');
    await withdraw.locator('button[type=submit]').click();
    await page.getByTestId('withdrawal-sent').waitFor();
  }

  it('deposits by card and crypto, withdraws, cancels, withdraws again and sees staff pay it out', async () => {
    const player = await register(`cashier_${Date.now().toString(36)}${randomInt(100)}`);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await logIn(page, player);
    const total = page.getByTestId('total-balance');
    await total.filter({ hasText: inr(0) }).waitFor();

    // A card deposit of ₹5,000.00: the toast, the header by push, the outcome.
    await openTab(page, 2);
    await page.getByTestId('deposit').locator('form').waitFor();
    await payByCard(page, '5000', '4242 4242 4242 4242', false, 'Asha Iyer');
    await page.waitForURL(/\/in\/user-management\?/);
    const outcome = page.getByTestId('deposit-outcome');
    await outcome.filter({ hasText: fill(p.deposit_success ?? '', inr(5000)) }).waitFor();
    await page.locator('.toast-success', { hasText: fill(p.deposit_success ?? '', inr(5000)) }).waitFor();
    await total.filter({ hasText: inr(5000) }).waitFor();

    // The decline card: "Wrong Card Info." and no money moves.
    await payByCard(page, '2000', '4000 0000 0000 0002', false, 'Asha Iyer');
    await outcome.filter({ hasText: fill(p.deposit_fail ?? '', inr(2000)) }).waitFor();
    expect(await outcome.textContent()).toContain(v.wrong_card);
    expect(await total.textContent()).toBe(inr(5000));

    // A crypto deposit: the address, then the chain (the command) confirms ₹3,000.00 of BTC.
    // On PostgreSQL the open tab hears it by push; on PGlite the server was restarted for the
    // command, and the page asks again on its next load.
    await openTab(page, 2);
    await choose(page, 'Bitpay');
    await page.getByTestId('deposit').locator('input[name=amount]').fill('3000');
    await page.getByTestId('deposit').locator('button[type=submit]').click();
    const address = (await page.getByTestId('crypto-address-text').textContent()) ?? '';
    expect(address).toMatch(/^sbx1/);
    expect(await page.getByTestId('crypto-address').textContent()).toContain(fill(p.crypto_only_coin ?? '', 'BTC'));
    // Bitpay keeps a 1 % fee: ₹2,970.00 reaches the wallet.
    const confirmed = await payments('confirm', address, '3000.00', 'BTC');
    expect(confirmed).toContain('Confirmed');
    if (pgBase) {
      await page.locator('.toast-success', { hasText: fill(p.deposit_success ?? '', inr(3000)) }).waitFor();
      await outcome.filter({ hasText: fill(p.deposit_success ?? '', inr(3000)) }).waitFor();
    } else await page.reload();
    await total.filter({ hasText: inr(7970) }).waitFor();

    // Both deposits in the transaction list, in rupees, as credited (the crypto one less its fee).
    await openTab(page, 7);
    const transactions = page.getByTestId('transaction-table');
    await transactions.locator('tbody tr').first().waitFor();
    const listed = (await transactions.textContent()) ?? '';
    expect(listed).toContain(inr(5000));
    expect(listed).toContain(inr(2970));

    // Withdrawals wait for a verified identity (the default jurisdiction profile): both
    // documents uploaded in the Verification tab, approved by the sandbox verifier.
    const x = inText.verification as Record<string, string>;
    await openTab(page, 11);
    const identity = page.getByTestId('upload-identity');
    await identity.getByLabel(x.identity_label ?? '').setInputFiles({ name: 'aadhaar.jpg', mimeType: 'image/jpeg', buffer: jpeg() });
    await identity.getByRole('button', { name: x.upload ?? '' }).click();
    await identity.getByText(x.uploaded ?? '').waitFor();
    const proof = page.getByTestId('upload-address');
    await proof.getByLabel(x.address_label ?? '').setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await proof.getByRole('button', { name: x.upload ?? '' }).click();
    await page
      .getByTestId('verification-status')
      .filter({ hasText: x.status_verified ?? '' })
      .waitFor({ timeout: 20_000 });

    // A withdrawal of ₹2,500.00, cancelled (the money comes back), then asked for again.
    await openTab(page, 3);
    await requestWithdrawal(page, '2500');
    await total.filter({ hasText: inr(5470) }).waitFor();
    await page.getByTestId('pending-withdrawal').first().getByRole('button').click();
    await page.locator('.toast-success', { hasText: t.withdrawal_cancelled ?? '' }).waitFor();
    await total.filter({ hasText: inr(7970) }).waitFor();
    await openTab(page, 3);
    await requestWithdrawal(page, '2500');
    await total.filter({ hasText: inr(5470) }).waitFor();

    // Staff: the desk lists it, approves it; the sandbox bank pays it out by webhook.
    const waiting = await payments('list');
    const id = /#(\d+)\s+player #\d+\s+₹?[\d,.\sINR₹]*2,500\.00/.exec(waiting)?.[1] ?? /#(\d+)/.exec(waiting)?.[1];
    expect(id, waiting).toBeDefined();
    expect(await payments('approve', id ?? '')).toContain('Done');

    // The player sees it complete: nothing pending, the withdrawal "Complete" in the list.
    await openTab(page, 3);
    await page
      .getByTestId('pending-withdrawals')
      .getByText(p.pending_empty ?? '')
      .waitFor();
    await openTab(page, 7);
    const row = transactions.locator('tbody tr', { hasText: inr(2500) }).filter({ hasText: t.status_complete ?? '' });
    await row.first().waitFor();
    await total.filter({ hasText: inr(5470) }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('announces a popup payment in the open deposit tab by push', async () => {
    // PwClick takes euros: a player from Germany, on the German pages.
    const player = await register(`popup_${Date.now().toString(36)}${randomInt(100)}`, 'DE');
    const dp = catalog('de').payments as Record<string, string>;
    const eur = (n: number) => formatMoney(n, 'de', 'EUR');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, player, 'de');
    await openTab(page, 2, 'de');
    await page.getByTestId('deposit').locator('form').waitFor();
    await choose(page, 'PwClick');
    await page.getByTestId('deposit').locator('input[name=amount]').fill('150');
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByTestId('deposit').locator('button[type=submit]').click()]);
    await popup.getByRole('button', { name: 'Approve payment' }).click();
    // The opener never left its page: the push tells it.
    await page.locator('.toast-success', { hasText: fill(dp.deposit_success ?? '', eur(150)) }).waitFor();
    await depositShown(page, fill(dp.deposit_success ?? '', eur(150)), eur(150));
    await context.close();
  }, 120_000);
});
