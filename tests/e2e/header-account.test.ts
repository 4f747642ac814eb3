// The sign-up form preselects the locale's country (India, +91 on /in) and none on an
// English page for a visitor of unknown country (issue 19 §6).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eServer, launchBrowser } from '../helpers/e2e.ts';

const { baseUrl } = e2eServer();

describe('the header and the account', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

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
