import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_TAG, LOCALES, type Locale, localizePath } from '../../src/shared/locales.ts';
import { launchBrowser, e2eServer } from '../helpers/e2e.ts';
import { ROOT } from '../helpers/spawn.ts';
import { asStaff } from '../helpers/staff.ts';

const { baseUrl } = e2eServer();
const catalog = (locale: Locale) => JSON.parse(readFileSync(join(ROOT, 'locales', `${locale}.json`), 'utf8')) as Record<string, Record<string, string>>;
const en = catalog('en');

// Every route of SPEC §2 plus the info pages and the service pages.
const ROUTES = [
  '/',
  '/online-casino',
  '/live-casino',
  '/sports',
  '/contact-us',
  '/promotion',
  '/promotion/1',
  '/faq',
  '/faq/0',
  '/faq/5',
  '/sign-up',
  '/user-management',
  '/restriction',
  '/welcome',
  '/welcome1/aus',
  '/welcome1/canada',
  '/welcome1/south-africa',
  '/welcome1/uk',
  '/ip/aviator',
  '/ip/aviatorfr',
  '/10freeallcurrency',
  '/10freeaus',
  '/10freeca',
  '/10freeuk',
  '/bingo50',
  '/de10free',
  '/en3000welcomebonus',
  '/fr10free',
  '/frbingo50',
  '/no10free',
  '/se10free',
  '/about-us',
  '/privacy-policy',
  '/terms-of-use',
  '/refund-policy',
  '/responsible-gaming',
];

describe('the site in every locale', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(() => browser.close());

  it('answers every route with 200, the right lang and a translated title in a sample of locales', async () => {
    const titles = new Map<string, string>();
    for (const locale of ['en', 'de', 'jp', 'br', 'in'] as Locale[]) {
      for (const route of ROUTES) {
        const url = `${baseUrl}${localizePath(route, locale)}`;
        const response = await fetch(url, { redirect: 'manual' });
        expect(response.status, url).toBe(200);
        const html = await response.text();
        expect(html, url).toContain(`<html lang="${LANGUAGE_TAG[locale]}"`);
        const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '';
        expect(title, url).not.toBe('');
        if (locale === 'en') titles.set(route, title);
        else if (locale === 'de' || locale === 'jp') expect(title, `${url} is translated`).not.toBe(titles.get(route));
      }
    }
  });

  it('sends the root page to the browser language once and remembers it in i18n_redirected', async () => {
    context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/?tracking_code=abc`);
    await page.waitForURL(/\/de\?tracking_code=abc$/);
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('de');
    expect(cookie && cookie.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    // Only the root path redirects; other pages keep the language in their address.
    await page.goto(`${baseUrl}/online-casino`);
    expect(new URL(page.url()).pathname).toBe('/online-casino');
  });

  it('keeps an English browser on the unprefixed root', async () => {
    context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('opens the same page in the language chosen in the switcher, and remembers the choice', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/de/promotion`);
    await page.locator('#lang-header summary').click();
    // Each language by its own name and by the interface's (SPEC's language entry).
    expect(((await page.locator('#lang-header a[data-locale-choice="fr"]').textContent()) ?? '').replace(/\s+/g, ' ').trim()).toBe('Français — Französisch');
    expect(((await page.locator('#lang-header a[data-locale-choice="de"]').textContent()) ?? '').trim()).toBe('Deutsch');
    await page.locator('#lang-header a[data-locale-choice="fr"]').click();
    await page.waitForURL(`${baseUrl}/fr/promotion`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('fr');
  });

  it('shows the localized 404 page with a link home for an unknown path', async () => {
    const response = await fetch(`${baseUrl}/de/gibt-es-nicht`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain(catalog('de').errors?.page_not_found ?? '');
    expect(html).toContain('href="/de"');
    expect(await (await fetch(`${baseUrl}/nothing/here`)).text()).toContain(en.errors?.page_not_found ?? '');
  });

  it('keeps out a blacklisted address or country before any HTML, and lets others in', async () => {
    try {
      await asStaff(baseUrl, 'admin/update_setting', { ip_black_list: ['203.0.113.9'], country_black_list: ['US'] });
      const blocked = await fetch(`${baseUrl}/de/online-casino`, { redirect: 'manual', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(blocked.status).toBe(302);
      expect(blocked.headers.get('location')).toBe('/de/restriction');
      const american = await fetch(`${baseUrl}/`, { redirect: 'manual', headers: { 'x-forwarded-for': '8.8.8.8' } });
      expect(american.headers.get('location')).toBe('/restriction');
      const welcome = await fetch(`${baseUrl}/de/online-casino`, { redirect: 'manual', headers: { 'x-forwarded-for': '81.2.69.142' } });
      expect(welcome.status).toBe(200);
      // The restriction page itself stays reachable for the blocked visitor.
      expect((await fetch(`${baseUrl}/de/restriction`, { redirect: 'manual', headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(200);

      context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '8.8.8.8' } });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/fr/promotion`);
      expect(new URL(page.url()).pathname).toBe('/fr/restriction');
      expect(await page.textContent('h1')).toBe(catalog('fr').errors?.disable_site_access);
    } finally {
      await asStaff(baseUrl, 'admin/update_setting', { ip_black_list: [], country_black_list: [] });
    }
  });

  it('redirects in the browser when the settings blacklist the visitor (the client-side fallback)', async () => {
    context = await browser.newContext();
    const page = await context.newPage();
    await page.route('**/api/front/get_setting', (route) =>
      route.fulfill({ json: { status: 1, setting: { country_black_list: [], ip_black_list: ['127.0.0.1'] } } }),
    );
    await page.goto(`${baseUrl}/it/online-casino`);
    await page.waitForURL(`${baseUrl}/it/restriction`);
  });

  it('marks the page ready when the location calls fail (fail-open) and logs the failure', async () => {
    context = await browser.newContext();
    const page = await context.newPage();
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    await page.route('**/api/front/get_setting', (route) =>
      route.fulfill({ json: { status: 1, setting: { country_black_list: ['US'], ip_black_list: ['1.2.3.4'] } } }),
    );
    await page.route('**/api/front/auth/get_ip', (route) => route.abort('failed'));
    await page.goto(`${baseUrl}/es/online-casino`);
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    expect(new URL(page.url()).pathname).toBe('/es/online-casino');
    expect(logged.some((l) => l.includes('visitor IP check failed'))).toBe(true);
  });

  // One test a width: axe takes seconds a page, and ten pages twice must not share one time limit.
  for (const width of [375, 1280]) {
    it(`has no accessibility violations on the main pages at ${width} px`, async () => {
      const pages = ['/', '/online-casino', '/promotion', '/promotion/1', '/sign-up', '/contact-us', '/faq/0', '/de/10freeuk', '/restriction', '/about-us'];
      context = await browser.newContext({ viewport: { width, height: 900 } });
      for (const path of pages) {
        const page = await context.newPage();
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
        const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        expect(
          violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          `${path} at ${width}px`,
        ).toEqual([]);
        await page.close();
      }
      await context.close();
      context = undefined;
    }, 300_000);
  }

  it('takes screenshots of the home page at 375, 768 and 1280 px for review', async () => {
    const dir = join(ROOT, 'test-results/screenshots');
    mkdirSync(dir, { recursive: true });
    for (const width of [375, 768, 1280]) {
      context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
      await page.screenshot({ path: join(dir, `home-${width}.png`), fullPage: true });
      // Nothing may stick out sideways on any width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
      context = undefined;
    }
  });

  it('fits a 320 px phone in every locale: the header and lobby never scroll sideways', async () => {
    context = await browser.newContext({ viewport: { width: 320, height: 700 } });
    const page = await context.newPage();
    for (const locale of LOCALES) {
      await page.goto(`${baseUrl}${localizePath('/online-casino', locale)}`, { waitUntil: 'load' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), locale).toBeLessThanOrEqual(320);
    }
  });

  it('remembers the dark theme across pages', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/promotion`);
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.locator('.header-end .theme-button').click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.goto(`${baseUrl}/online-casino`);
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
  });

  it('follows the browser connectivity with the offline notice', async () => {
    context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/online-casino`, { waitUntil: 'networkidle' });
    await context.setOffline(true);
    await page.locator('#connectivity').waitFor({ state: 'visible' });
    expect(await page.textContent('#connectivity')).toBe(en.common?.offline);
    await context.setOffline(false);
    await page.locator('#connectivity').waitFor({ state: 'hidden' });
  });

  it('registers the service worker at /sw.js with scope / and serves the manifest', async () => {
    context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl}/`);
    const manifest = (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as { theme_color: string };
    expect(manifest.theme_color).toBe('#0b692f');
  });

  it('opens the FAQ as a 1024×768 popup and contact as a modal from the main menu', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/de/online-casino`, { waitUntil: 'networkidle' });
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator('.tab-list [data-action="faq"]').click()]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe('/de/faq/0');
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([1024, 768]);
    await page.locator('.tab-list [data-action="contact"]').click();
    await page.locator('dialog.modal').waitFor();
    expect(new URL(page.url()).pathname).toBe('/de/online-casino');
  });

  it('offers the left sidebar with language, casino, sports, FAQ, contact and promotion on a phone', async () => {
    context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/de`, { waitUntil: 'networkidle' });
    await page.locator('.menu-button').click();
    const sidebar = page.locator('#sidebar');
    await sidebar.waitFor();
    const links = await sidebar.locator('.drawer-nav a').allTextContents();
    const menu = catalog('de').menu ?? {};
    expect(links).toEqual([menu.casino, menu.live_casino, menu.sports, menu.faq, menu.contact_us, menu.promotion]);
    await page.keyboard.press('Escape');
    await sidebar.waitFor({ state: 'hidden' });
  });
});
