// A player on a slow phone types as soon as the page is there, long before its scripts
// have run: with the CPU six times slower (DevTools' CPU throttling), every form is typed
// into right after the page's `load` event, waiting for nothing else. Every character stays
// where it was typed, and the form does what it should when sent.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { formatMoney } from '../../src/lib/format.ts';
import { fmt } from '../../src/lib/plural.ts';
import { verifyOnServer } from '../helpers/documents.ts';
import { browserAndMail, chooseCountry, type Credentials, e2eServer, registerPlayer } from '../helpers/e2e.ts';
import { apiLogin } from '../helpers/staff.ts';

const { baseUrl } = e2eServer();
const SLOWDOWN = 6;
const eur = (n: number) => formatMoney(n, 'en', 'EUR');

let addresses = 0;
/** A phone-sized context of a visitor address of its own (registrations are limited per address), its CPU six times slower. */
async function slowPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  addresses++;
  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${(process.pid % 100) + 100 + addresses}` },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  return { context, page };
}

/**
 * Holds the script of the island `component` until the returned function is called: on a
 * network slower than the player's fingers, the prerendered form is typed into before its
 * island has hydrated.
 */
async function holdIsland(page: Page, component: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/_astro/${component}\\.[\\w-]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Opens `path` and returns as soon as its `load` event has fired. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
}

/** Types `text` key by key, as a person does, into the field. */
const type = (field: Locator, text: string) => field.pressSequentially(text);

/** What each field holds now, by name. */
const valuesOf = (form: Locator, names: string[]) =>
  form.evaluate(
    (el, wanted) => Object.fromEntries(wanted.map((name) => [name, (el.querySelector(`[name="${name}"]`) as HTMLInputElement | null)?.value ?? null])),
    names,
  );

/** Logs `account` in through the header's dialog on the home page. */
async function logIn(page: Page, account: Credentials): Promise<void> {
  await open(page, '/');
  await page.locator('.header-login').first().click();
  await type(page.locator('dialog.modal input[name=username]'), account.username);
  await type(page.locator('dialog.modal input[name=password]'), account.password);
  await page.locator('dialog.modal button[type=submit]').click();
  await page.locator('.account-area[data-state="player"]').waitFor();
}

describe('forms typed into right after load on a phone six times slower', () => {
  const { browser } = browserAndMail();

  it('keeps every character of the sign-up page and registers the player', async () => {
    const { context, page } = await slowPhone(browser);
    const username = `slow_${randomUUID().slice(0, 8)}`;
    const typed = {
      username,
      password: 'pass-1234',
      confirmPassword: 'pass-1234',
      email: `${username}@example.test`,
      first_name: 'Jana',
      last_name: 'Nováková',
      city: 'Brno',
      address: 'Náměstí Svobody 1',
      postal_code: '60200',
      phone_number1: '601234567',
    };
    const release = await holdIsland(page, 'SignUp');
    await open(page, '/sign-up');
    const form = page.locator('form.register-page');
    const { phone_number1, ...first } = typed;
    for (const [name, text] of Object.entries(first)) await type(form.locator(`[name="${name}"]`), text);
    await form.locator('[name="birthday"]').fill('1990-05-17');
    await form.locator('[name="gender"][value="female"]').check();
    await form.locator('[name="checkTerms"]').check();
    // The island's script arrives while the player is still typing.
    release();
    await type(form.locator('[name="phone_number1"]'), phone_number1);
    expect(await valuesOf(form, Object.keys(typed))).toEqual(typed);
    expect(await form.locator('[name="gender"][value="female"]').isChecked()).toBe(true);
    expect(await form.locator('[name="checkTerms"]').isChecked()).toBe(true);
    // The English page preselects no country for a visitor of unknown country: the player picks theirs.
    await chooseCountry(form, 'CZ');
    await expect(form.locator('[name="countryPhone"]').inputValue()).resolves.toBe('+420');
    await form.locator('button[type=submit]').click();
    // Registered: the site logs the new player in and welcomes them.
    await page.getByTestId('welcome-dialog').waitFor({ timeout: 60_000 });
    await context.close();
  });

  it('keeps the login dialog’s username and password and logs the player in', async () => {
    const account = await registerPlayer(baseUrl, { prefix: 'slow_login' });
    const { context, page } = await slowPhone(browser);
    await logIn(page, account);
    await context.close();
  });

  describe('a player’s account page', () => {
    let account: Credentials;
    beforeAll(async () => {
      account = await registerPlayer(baseUrl, { prefix: 'slow_pay' });
    });

    it('keeps the card deposit’s amount and card, and pays', async () => {
      const { context, page } = await slowPhone(browser);
      await logIn(page, account);
      await open(page, '/user-management?tab=2');
      const form = page.getByTestId('deposit').locator('form');
      await form.locator('label[data-processor="46"] input').check();
      const typed = {
        amount: '10',
        'cc-name': 'Erika Mustermann',
        'cc-number': '4242 4242 4242 4242',
        'cc-exp-month': '12',
        'cc-exp-year': String(new Date().getFullYear() + 3),
        'cc-csc': '123',
      };
      for (const [name, text] of Object.entries(typed)) await type(form.locator(`input[name="${name}"]`), text);
      expect(await valuesOf(form, Object.keys(typed))).toEqual(typed);
      await form.locator('button[type=submit]').click();
      await page
        .getByTestId('deposit-outcome')
        .filter({ hasText: fmt(en.payments.deposit_success, eur(10)) })
        .waitFor({ timeout: 60_000 });
      await page
        .getByTestId('total-balance')
        .filter({ hasText: eur(10) })
        .waitFor();
      await context.close();
    });

    it('keeps the bank withdrawal’s fields, and requests the withdrawal', async () => {
      // Withdrawals wait for a verified identity: the sandbox verifier approves these documents.
      await verifyOnServer(baseUrl, await apiLogin(baseUrl, account.username, account.password));
      const { context, page } = await slowPhone(browser);
      await logIn(page, account);
      await open(page, '/user-management?tab=3');
      const form = page.getByTestId('withdraw').locator('form');
      // Several methods pay out; the player picks the bank, whose form asks for the account.
      await form.locator('label', { hasText: 'Bank transfer' }).click();
      const typed = {
        amount: '10',
        accountNumber: 'DE89 3704 0044 0532 0130 00',
        beneficiaryName: 'Erika Mustermann',
        swiftCode: 'COBADEFFXXX',
        bankName: 'Commerzbank',
        city: 'Berlin',
        zipCode: '10115',
        registrationAddress: 'Unter den Linden 1',
      };
      for (const [name, text] of Object.entries(typed)) await type(form.locator(`input[name="${name}"]`), text);
      expect(await valuesOf(form, Object.keys(typed))).toEqual(typed);
      await form.locator('button[type=submit]').click();
      const sent = page.getByTestId('withdrawal-sent');
      await sent.getByRole('heading', { name: en.payments.withdraw_sent_title }).waitFor({ timeout: 60_000 });
      expect(await sent.textContent()).toContain(fmt(en.payments.withdraw_scheduled, eur(10)));
      await context.close();
    });
  });

  it('keeps every character of the contact page and sends the message', async () => {
    const { context, page } = await slowPhone(browser);
    const release = await holdIsland(page, 'ContactForm');
    await open(page, '/contact-us');
    const form = page.locator('form.contact-form');
    const typed = {
      player_name: 'Jana Nováková',
      email: 'jana@example.test',
      phone_number1: '15112345678',
      note: 'Where is my withdrawal?',
    };
    const { note, ...first } = typed;
    for (const [name, text] of Object.entries(first)) await type(form.locator(`[name="${name}"]`), text);
    // The island's script arrives while the player is still typing.
    release();
    await type(form.locator('[name="note"]'), note);
    expect(await valuesOf(form, Object.keys(typed))).toEqual(typed);
    await form.locator('button[type=submit]').click();
    await page.getByTestId('contact-sent').waitFor({ timeout: 60_000 });
    await context.close();
  });
});
