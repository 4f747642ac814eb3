import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { fillLogin, launchBrowser, e2eServer } from '../helpers/e2e.ts';

const { baseUrl } = e2eServer();

/** The account texts the page shipped in its embedded catalog (English fills what a locale lacks). */
function shippedAccountText(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => (JSON.parse(document.getElementById('i18n-catalog')?.textContent ?? '{}') as { account: Record<string, string> }).account);
}

/** A namespace of the page's embedded catalog. */
function shippedText(page: Page, namespace: string): Promise<Record<string, string>> {
  return page.evaluate(
    (ns) => (JSON.parse(document.getElementById('i18n-catalog')?.textContent ?? '{}') as Record<string, Record<string, string>>)[ns] ?? {},
    namespace,
  );
}

describe('account page (/user-management)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('sends a guest to the home page of the same locale, with the login open and saying why', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/user-management?tab=1`);
    await page.waitForURL(`${baseUrl}/`);
    await page.locator('dialog.modal input[name=username]').waitFor();
    expect(await page.getByTestId('login-for-account').textContent()).toBe(en.auth.login_to_continue);
    await page.goto(`${baseUrl}/de/user-management`);
    await page.waitForURL(`${baseUrl}/de`);
    await page.locator('dialog.modal input[name=username]').waitFor();
    const german = (await shippedText(page, 'auth')).login_to_continue;
    expect(german).toBeTruthy();
    expect(await page.getByTestId('login-for-account').textContent()).toBe(german);
    await context.close();
  });

  it('on a phone, logs the guest in from the dialog that opened by itself and returns to the tab they asked for', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/pl/user-management?tab=5`);
    await page.waitForURL(`${baseUrl}/pl`);
    const username = page.locator('dialog.modal input[name=username]');
    await username.waitFor();
    // The dialog fits the phone's width and takes the keyboard at once.
    const box = await page.locator('dialog.modal').boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 375).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');
    await username.fill('demo');
    await page.locator('dialog.modal input[name=password]').fill('demo1234');
    await page.locator('dialog.modal input[name=password]').press('Enter');
    await page.waitForURL(`${baseUrl}/pl/user-management?tab=5`);
    await page.locator('[data-testid=password-form]').waitFor();
    await context.close();
  });

  it('lets the player edit the profile, list transactions and get a wrong old password refused', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // A guest asking for the page is sent home, where the login opens by itself; after logging in they come back to it.
    await page.goto(`${baseUrl}/de/user-management?tab=1`);
    await page.waitForURL(`${baseUrl}/de`);
    await fillLogin(page);
    await page.waitForURL(`${baseUrl}/de/user-management?tab=1`);

    // Tab 1: change the city; the success toast shows the catalog's text.
    const text = await shippedAccountText(page);
    expect(text.profile_updated).toBeTruthy();
    const city = page.locator('[data-testid=profile-form] input[name=city]');
    await city.waitFor();
    expect(await page.locator('#acct-tab-1').getAttribute('aria-selected')).toBe('true');
    const newCity = `Hamburg ${Date.now() % 100_000}`;
    await city.fill(newCity);
    await page.locator('[data-testid=profile-form] button[type=submit]').click();
    await page.locator('.toast-success', { hasText: text.profile_updated! }).waitFor();

    await page.reload();
    await city.waitFor();
    expect(await city.inputValue()).toBe(newCity);

    // The country decides the market: shown among the facts with who changes it, never offered in the form.
    expect(await page.locator('[data-testid=profile-form] [name=country]').count()).toBe(0);
    expect(await page.getByTestId('profile-country').textContent()).toBe('Deutschland');
    expect(await page.getByTestId('profile-country-note').textContent()).toBe(text.country_note);

    // Tab 7 by keyboard from the tablist: the list shows rows or its empty state.
    await page.locator('#acct-tab-5').click();
    await page.locator('#acct-tab-5').focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.waitForURL(`${baseUrl}/de/user-management?tab=7`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('acct-tab-7');
    await page.locator('[data-testid=transaction-table], .acct-empty').first().waitFor();

    // Tab 5: a wrong old password is refused with the catalog's text.
    await page.locator('#acct-tab-5').click();
    await page.waitForURL(`${baseUrl}/de/user-management?tab=5`);
    await page.locator('[data-testid=password-form] input[name=oldPassword]').fill('not-the-password');
    await page.locator('[data-testid=password-form] input[name=newPassword]').fill('another-pass');
    await page.locator('[data-testid=password-form] input[name=confirmPassword]').fill('another-pass');
    await page.locator('[data-testid=password-form] button[type=submit]').click();
    const outcome = page.locator('[data-testid=password-outcome]');
    await outcome.waitFor();
    expect(await outcome.textContent()).toBe(text.wrong_old_password);
    expect(await outcome.getAttribute('class')).toContain('alert-danger');
    expect(en.account.wrong_old_password).toBe('Old password is wrong.');

    // No hydration mismatch (React #418) or other error anywhere on the way.
    expect(errors).toEqual([]);
    await context.close();
  });
});
