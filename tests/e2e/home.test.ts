import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_TAG, LOCALES, localizePath } from '../../src/shared/locales.ts';
import { launchBrowser, e2eServer } from '../helpers/e2e.ts';

const { baseUrl } = e2eServer();

describe('home page in every locale', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('is prerendered in all 24 locales with the right lang and a translated title', async () => {
    const titles = new Set<string>();
    for (const locale of LOCALES) {
      const response = await fetch(`${baseUrl}${localizePath('/', locale)}`);
      expect(response.status, locale).toBe(200);
      const html = await response.text();
      expect(html, locale).toContain(`<html lang="${LANGUAGE_TAG[locale]}"`);
      titles.add(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
    }
    // English variants share English text; every other locale has its own.
    expect(titles.size).toBe(LOCALES.length - 4);
  });

  it('hydrates without errors and reads the settings through the API', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push(new URL(r.url()).pathname);
    });
    await page.goto(`${baseUrl}/de`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await page.locator('.account-area[data-state="guest"]').waitFor();
    expect(calls).toContain('/api/front/get_setting');
    expect(errors).toEqual([]);
    await page.close();
  });
});
