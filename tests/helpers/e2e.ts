// What every browser test starts with: a real Chromium (tests/helpers/chromium.ts), driven by
// Playwright (which cannot download its own here), and the login through the site's own
// dialog, as a player would do it.
import { randomBytes } from 'node:crypto';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { latestBirthday } from '../../src/shared/schemas/player.ts';
import type { E2eServer } from './e2e-setup.ts';
import { late } from './late.ts';
import { type MailCatcher, startMailCatcher } from './mail.ts';
import { callAs, DEMO } from './staff.ts';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The server of the worker running this file (tests/helpers/e2e-setup.ts starts one per
 * worker): files that run at the same time never share a player, a setting or a mail port.
 */
export function e2eServer(): E2eServer {
  const servers = inject('e2eServers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(worker - 1) % servers.length];
  if (!server) throw new Error('no e2e server: run the file in the e2e project');
  return server;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_ARGS });
}

/**
 * A browser and the catcher of the e2e server's mail for the suite it is called in:
 * started before its first test, closed after its last.
 */
export function browserAndMail(): { browser: Browser; mail: MailCatcher } {
  let browser: Browser | undefined;
  let mail: MailCatcher | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    mail = await startMailCatcher(e2eServer().smtpPort);
  });
  afterAll(async () => {
    await browser?.close();
    await mail?.close();
  });
  return { browser: late(() => browser), mail: late(() => mail) };
}

export interface Credentials {
  username: string;
  password: string;
}

/**
 * Resolves once the page shows what it will show: its fonts loaded, no transition or
 * finite animation running, and two frames painted since. For screenshots after a resize.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Fills the open login dialog with `account` (the demo player by default) and sends it; the caller waits for what should follow. */
export async function fillLogin(page: Page, account: Credentials = DEMO): Promise<void> {
  await page.locator('dialog.modal input[name=username]').fill(account.username);
  await page.locator('dialog.modal input[name=password]').fill(account.password);
  await page.locator('dialog.modal button[type=submit]').click();
}

/** Opens the login dialog from the header's Login button and logs `account` in (the demo player by default). */
export async function logInFromHeader(page: Page, account: Credentials = DEMO): Promise<void> {
  await page.locator('.header-login').click();
  await fillLogin(page, account);
}

/**
 * A new German player registered through the API (from an address of its own, so the
 * registration limit per address never bites), ready to log in; `prefix` names the test.
 */
export async function registerPlayer(
  baseUrl: string,
  { prefix, lastName = 'Mustermann', newsletter = false }: { prefix: string; lastName?: string; newsletter?: boolean },
): Promise<Credentials> {
  const username = `${prefix}_${randomBytes(4).toString('hex')}`;
  const password = 'secret123';
  const b = randomBytes(3);
  const response = await fetch(`${baseUrl}/api/front/register_player`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${b[0]}.${b[1]}.${b[2]}` },
    body: JSON.stringify({
      username,
      password,
      confirmPassword: password,
      email: `${username}@mail.test`,
      countryPhone: { text: 'Germany', value: '+49' },
      phone_number1: '15112345678',
      phone_number: '+4915112345678',
      city: 'Berlin',
      country: 'DE',
      promo_code: null,
      gender: 'female',
      birthday: latestBirthday(),
      first_name: 'Erika',
      last_name: lastName,
      address: 'Unter den Linden 1',
      postal_code: '10117',
      interface_local: 'en',
      checkTerms: true,
      notify_newletter: newsletter,
      tracking_code: null,
      ip_address: '',
    }),
  });
  const reply = await response.text();
  if (reply !== '{"status":1}') throw new Error(`registration of ${username} refused: ${reply}`);
  return { username, password };
}

/** POSTs a contract call without a login and returns the reply's body. */
export async function postJson<T = Record<string, unknown>>(baseUrl: string, path: string, body: object): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as T;
}

/** The player's total balance, as the API tells it. */
export async function totalBalance(baseUrl: string, account: Credentials): Promise<number> {
  return ((await (await callAs(baseUrl, account, 'front/get_player_balance')).json()) as { player: { total_balance: number } }).player.total_balance;
}

/**
 * Opens `slug` for real money as `account` in a browser context of its own, and waits until
 * the page shows its real-money mode; the page and the game session of its URL.
 */
export async function openRealGame(
  browser: Browser,
  baseUrl: string,
  account: Credentials,
  slug: string,
  viewport: { width: number; height: number },
): Promise<{ page: Page; session: string }> {
  const { gameURL } = (await (await callAs(baseUrl, account, 'front/get_game_url', { game_code: slug, is_real: true, lang: 'en' })).json()) as {
    gameURL: string;
  };
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(`${baseUrl}${gameURL}`, { waitUntil: 'networkidle' });
  await page.locator('#mode[data-mode=real]').waitFor();
  return { page, session: new URLSearchParams(gameURL.split('#')[1]).get('s') as string };
}

/** What tells apart the German players registerWithTenfree makes. */
export interface GermanPlayer {
  email: string;
  first_name: string;
  last_name: string;
  gender: 'female' | 'male';
  birthday: string;
  phone_number1: string;
  city: string;
  address: string;
  postal_code: string;
}

/**
 * Registers `account` through the API with the code TENFREE and follows the activation link
 * of the mail `mail` catches for it, so TENFREE's 10.00 is paid.
 */
export async function registerWithTenfree(baseUrl: string, mail: MailCatcher, account: Credentials, details: GermanPlayer): Promise<void> {
  const { email, first_name, last_name, gender, birthday, phone_number1, city, address, postal_code } = details;
  expect(
    await postJson(baseUrl, 'front/register_player', {
      ...account,
      confirmPassword: account.password,
      email,
      first_name,
      last_name,
      gender,
      birthday,
      country: 'DE',
      countryPhone: '+49',
      phone_number1,
      city,
      address,
      postal_code,
      interface_local: 'en',
      promo_code: 'TENFREE',
      checkTerms: true,
      notify_newletter: false,
    }),
  ).toEqual({ status: 1 });
  const link = (await mail.next(email)).links.find((l) => l.includes('activation_token=')) ?? '';
  expect(await postJson(baseUrl, 'front/activate_account', { token: new URL(link).searchParams.get('activation_token') ?? '' })).toMatchObject({ status: 1 });
}

/** Opens the casino page of `locale` and logs `account` in from the header; waits for the header's balance. */
export async function logInOnCasino(page: Page, baseUrl: string, locale: string, account: Credentials): Promise<void> {
  const prefix = locale === 'en' ? '' : `/${locale}`;
  await page.goto(`${baseUrl}${prefix}/online-casino`, { waitUntil: 'networkidle' });
  await logInFromHeader(page, account);
  await page.getByTestId('total-balance').waitFor();
}

/** The deposit tab's card form, filled in the name of `holder` and sent; `enter` sends it from the keyboard. */
export async function payByCard(page: Page, amount: string, number: string, enter = false, holder = 'Erika Mustermann'): Promise<void> {
  const form = page.getByTestId('deposit').locator('form');
  await form.locator('input[name=amount]').fill(amount);
  await form.locator('input[name=cc-name]').fill(holder);
  await form.locator('input[name=cc-number]').fill(number);
  await form.locator('input[name=cc-exp-month]').fill('12');
  await form.locator('input[name=cc-exp-year]').fill(String(new Date().getFullYear() + 3));
  await form.locator('input[name=cc-csc]').fill('123');
  if (enter) await form.locator('input[name=cc-csc]').press('Enter');
  else await form.locator('button[type=submit]').click();
}

/** Waits until the deposit tab tells the outcome `outcome` and the header the total balance `balance`. */
export async function depositShown(page: Page, outcome: string, balance: string): Promise<void> {
  await page.getByTestId('deposit-outcome').filter({ hasText: outcome }).waitFor();
  await page.getByTestId('total-balance').filter({ hasText: balance }).waitFor();
}

/**
 * Chooses the registration form's country (its dial code follows), as a visitor must where
 * the form preselects none: an English page for a visitor whose country is unknown. The
 * country list is built when the select is reached for, once the form has hydrated — on a
 * phone six times slower that can take seconds after the island's script arrives.
 */
export async function chooseCountry(form: Locator, country: string): Promise<void> {
  const select = form.locator('select[name="country"]');
  const option = select.locator(`option[value="${country}"]`);
  await expect
    .poll(
      async () => {
        await select.evaluate((el) => el.blur());
        await select.focus();
        return option.count();
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  await select.selectOption(country);
}
