// Two-factor login as a player meets it: enrol an authenticator app from the Security tab
// (the test reads the key shown and computes the app's codes), log out, log in with a code;
// then add a passkey in Chromium's virtual authenticator (DevTools protocol) and log in with it.
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { launchBrowser, registerPlayer, e2eServer } from '../helpers/e2e.ts';

const { baseUrl } = e2eServer();
// Browsers refuse an IP address as a passkey's relying party: the server announced on the
// loopback address is the relying party `localhost` (config.ts), so the page is opened there.
const site = baseUrl.replace('127.0.0.1', 'localhost');
const s = en.security;
const a = en.auth;

/** The password step of the login modal, opened by the home page's #login. */
async function passwordStep(page: Page, account: { username: string; password: string }) {
  await page.goto(`${site}/#login`);
  await page.locator('dialog.modal input[name=username]').fill(account.username);
  await page.locator('dialog.modal input[name=password]').fill(account.password);
  await page.locator('dialog.modal button[type=submit]').click();
  await page.getByTestId('second-factor').waitFor();
}

async function logOut(page: Page) {
  await page.goto(`${site}/user-management?tab=6`);
  await page.waitForURL(`${site}/online-casino`);
  await page.locator('.account-area[data-state=guest]').waitFor();
}

describe('two-factor login', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('enrols an authenticator app and a passkey from the Security tab, and logs in with each', async () => {
    const account = await registerPlayer(baseUrl, { prefix: 'tfa' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // The Security tab, reached from the login the account page opens.
    await page.goto(`${site}/user-management?tab=10`);
    await page.waitForURL(`${site}/`);
    await page.locator('dialog.modal input[name=username]').fill(account.username);
    await page.locator('dialog.modal input[name=password]').fill(account.password);
    await page.locator('dialog.modal button[type=submit]').click();
    await page.waitForURL(`${site}/user-management?tab=10`);
    await page.getByRole('tab', { name: en.menu.security }).waitFor();

    // Authenticator app: the password, then the QR code and the key, then the app's first code.
    const app = page.getByTestId('totp-section');
    await app.getByLabel(s.password).fill(account.password);
    await app.getByRole('button', { name: s.set_up }).click();
    await app.getByRole('img', { name: s.qr_alt }).waitFor();
    const secret = (await app.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await app.getByLabel(s.code).fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
    await app.getByRole('button', { name: s.confirm }).click();
    const codes = app.getByTestId('recovery-codes');
    await codes.getByRole('heading', { name: s.codes_title }).waitFor();
    expect(await codes.locator('li').count()).toBe(10);
    await codes.getByRole('button', { name: s.codes_done }).click();
    await app.getByTestId('totp-on').waitFor();

    // Log out; the password alone now leads to the code step.
    await logOut(page);
    await passwordStep(page, account);
    const step = page.getByTestId('second-factor');
    // The code of the next 30-second step: the one of this step was spent confirming the app,
    // and the server takes a code one step either side of its clock.
    await step.getByLabel(a.totp_code).fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await step.getByRole('button', { name: a.verify }).click();
    await page.locator('.account-area[data-state=player]').waitFor();
    await expect(page.locator('dialog.modal[open]').count()).resolves.toBe(0);

    // A passkey, created by Chromium's virtual authenticator (a platform authenticator that verifies the user).
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    await page.goto(`${site}/user-management?tab=10`);
    const keys = page.getByTestId('passkey-section');
    await keys.getByLabel(s.passkey_name).fill('Work laptop');
    await keys.getByLabel(s.password).fill(account.password);
    await keys.getByRole('button', { name: s.add_passkey }).click();
    await page.getByTestId('passkey-outcome').filter({ hasText: s.passkey_added }).waitFor();
    await keys.getByTestId('passkey-list').filter({ hasText: 'Work laptop' }).waitFor();

    // Log out, and in with the passkey.
    await logOut(page);
    await passwordStep(page, account);
    await page.getByTestId('second-factor').getByRole('button', { name: a.use_passkey }).click();
    await page.locator('.account-area[data-state=player]').waitFor();
    await page.goto(`${site}/user-management?tab=10`);
    await page.getByTestId('passkey-list').filter({ hasText: 'Work laptop' }).waitFor();

    // A wrong code is refused in words, on the step itself.
    await logOut(page);
    await passwordStep(page, account);
    const again = page.getByTestId('second-factor');
    const now = Math.floor(Date.now() / 1000);
    const taken = await Promise.all([-30, 0, 30, 60].map((d) => generate({ secret, epoch: now + d })));
    const wrong = ['000000', '111111', '222222', '333333', '444444'].find((c) => !taken.includes(c)) as string;
    await again.getByLabel(a.totp_code).fill(wrong);
    await again.getByRole('button', { name: a.verify }).click();
    await again.getByRole('alert').filter({ hasText: en.validation.wrong_second_factor }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
