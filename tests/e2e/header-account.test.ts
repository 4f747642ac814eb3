// The header and the account as a player meets them (issue 19 §6): after login, and on
// every page load after it, the header never shows "Login / Register" (a remembered login
// draws the player's place until the session check answers; a login that no longer holds
// brings the buttons back); the desktop header shows total, real and bonus balances from
// 992 px; a logged-in player is not offered "Create your account" and /sign-up sends them
// home; the sign-up form preselects the locale's country (India, +91 on /in) and none on an
// English page for a visitor of unknown country.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Credentials, e2eServer, launchBrowser, logInFromHeader, registerPlayer } from '../helpers/e2e.ts';

const { baseUrl } = e2eServer();

declare global {
  interface Window {
    /** What the watcher saw visible since the page started: `.header-login`, `[data-guest-only]`. */
    seen?: string[];
  }
}

/**
 * From the page's first script on, every DOM change and every frame, notes whether the
 * header's login button or a guest-only offer is visible (checkVisibility: laid out, not
 * hidden by CSS).
 */
async function watchGuestControls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.seen = [];
    const look = () => {
      for (const selector of ['.header-login', '[data-guest-only]']) {
        const el = document.querySelector(selector);
        if (el?.checkVisibility() && !window.seen?.includes(selector)) window.seen?.push(selector);
      }
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
    document.addEventListener('DOMContentLoaded', look);
    const frame = () => {
      look();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const seen = (page: Page) => page.evaluate(() => window.seen ?? []);

describe('the header and the account', () => {
  let browser: Browser;
  let account: Credentials;
  beforeAll(async () => {
    browser = await launchBrowser();
    account = await registerPlayer(baseUrl, { prefix: 'hdr' });
  });
  afterAll(() => browser.close());

  it('never shows "Login / Register" to a logged-in player, on any later page load, and brings it back once the login is gone', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/promotion`, { waitUntil: 'networkidle' });
    await logInFromHeader(page, account);
    await page.getByTestId('total-balance').waitFor();
    await watchGuestControls(page);
    for (const path of ['/', '/online-casino', '/de/sports', '/promotion']) {
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
      await page.locator('.account-area[data-state="player"]').waitFor();
      await page.getByTestId('total-balance').waitFor();
      expect(await seen(page), path).toEqual([]);
    }
    await page.reload({ waitUntil: 'networkidle' });
    expect(await seen(page)).toEqual([]);

    // The home page offers a player no "Create your account"; /sign-up sends them home.
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await expect(page.locator('a[data-guest-only]').isVisible()).resolves.toBe(false);
    await expect(page.locator('.hero a', { hasText: 'Go to the casino' }).isVisible()).resolves.toBe(true);
    await page.goto(`${baseUrl}/sign-up`);
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/de/sign-up`);
    await page.waitForURL(`${baseUrl}/de`);
    // Settled (its session check answered and its cookie rotated) before the cookie goes.
    await page.locator('.account-area[data-state="player"]').waitFor();
    expect(await seen(page)).toEqual([]);

    // A remembered login that no longer holds (its cookie gone): the buttons come back.
    await context.clearCookies();
    await page.goto(`${baseUrl}/promotion`, { waitUntil: 'domcontentloaded' });
    await page.locator('.account-area[data-state="guest"] .header-login').waitFor({ state: 'visible' });
    await expect(page.evaluate(() => document.documentElement.dataset.session)).resolves.toBeUndefined();
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await expect(page.locator('a[data-guest-only]').isVisible()).resolves.toBe(true);
    await page.goto(`${baseUrl}/sign-up`, { waitUntil: 'networkidle' });
    expect(new URL(page.url()).pathname).toBe('/sign-up');
    await context.close();
  });

  it('shows total, real and bonus balances in the desktop header from 992 px, and the total alone below', async () => {
    const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/promotion`, { waitUntil: 'networkidle' });
    await logInFromHeader(page, account);
    await page.getByTestId('total-balance').waitFor();
    const shown = () =>
      page.locator('.balances dd').evaluateAll((dds) => dds.filter((dd) => dd.getBoundingClientRect().width > 0).map((dd) => dd.getAttribute('data-testid')));
    for (const [width, expected] of [
      [1280, ['total-balance', 'real-balance', 'bonus-balance']],
      [992, ['total-balance', 'real-balance', 'bonus-balance']],
      [991, ['total-balance']],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(shown, { message: `${width} px` }).toEqual(expected);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
    }
    await context.close();
  });

  it('preselects the locale’s country on the sign-up form (India and +91 on /in), and none on an English page for a visitor of unknown country', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/in/sign-up`, { waitUntil: 'networkidle' });
    const form = page.locator('form.register-form');
    await expect(form.locator('select[name="country"]').inputValue()).resolves.toBe('IN');
    await expect(form.locator('select[name="countryPhone"]').inputValue()).resolves.toBe('+91');

    await page.goto(`${baseUrl}/sign-up`, { waitUntil: 'networkidle' });
    const country = form.locator('select[name="country"]');
    await expect(country.inputValue()).resolves.toBe('');
    await expect(country.locator('option:checked').textContent()).resolves.toBe('Choose a country');
    await expect(form.locator('select[name="countryPhone"]').inputValue()).resolves.toBe('');
    await expect(form.locator('select[name="countryPhone"] option:checked').textContent()).resolves.toBe('Choose');
    // Sent without one, the form says to choose a country, beside its field.
    await page.locator('[name="checkTerms"]').check();
    await form.locator('button[type=submit]').click();
    await form.locator('#reg-country-feedback', { hasText: 'Please choose a country.' }).waitFor();
    // Chosen, the dial code follows.
    await country.focus();
    await country.selectOption('CZ');
    await expect(form.locator('select[name="countryPhone"]').inputValue()).resolves.toBe('+420');
    await expect(form.locator('#reg-country-feedback').count()).resolves.toBe(0);
    await context.close();
  });
});
