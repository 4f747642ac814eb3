// What every browser test starts with: a real Chromium from the system, driven by
// Playwright (which cannot download its own here), and the login through the site's own
// dialog, as a player would do it.
import { randomBytes } from 'node:crypto';
import { type Browser, chromium, type Page } from 'playwright-core';
import { latestBirthday } from '../../src/shared/schemas/player.ts';
import { DEMO } from './staff.ts';

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface Credentials {
  username: string;
  password: string;
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
