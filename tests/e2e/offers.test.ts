// Every call to action goes where it says, and every offer is stated in the page's
// currency: a guest and a logged-in player follow each button of the home page (slides,
// hero, promotion cards), every landing, every promotion and every welcome page in English,
// German and the `in` locale, and land on what the button names; the `in` pages state the
// rupee figures of the promotions' data; the bingo landings answer in all 24 locales.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDINGS } from '../../src/build/landing.ts';
import { formatMoney } from '../../src/lib/format.ts';
import { ACCOUNT_TAB } from '../../src/shared/account-menu.ts';
import { LANGUAGE_TAG, LOCALES, type Locale, localizePath } from '../../src/shared/locales.ts';
import { e2eServer, fillLogin, launchBrowser, postJson } from '../helpers/e2e.ts';
import { DEMO } from '../helpers/staff.ts';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import inCatalog from '../../locales/in.json' with { type: 'json' };

const { baseUrl } = e2eServer();
const CTA_LOCALES: Locale[] = ['en', 'de', 'in'];
const WELCOME_PAGES = ['/welcome1/aus', '/welcome1/canada', '/welcome1/south-africa', '/welcome1/uk', '/welcome'];

let browser: Browser;
let promotions: { bonus_id: number; promo_code: string }[];
beforeAll(async () => {
  browser = await launchBrowser();
  promotions = (await postJson<{ templateList: { bonus_id: number; promo_code: string }[] }>(baseUrl, 'front/get_promotion_template', { language: 'en' }))
    .templateList;
});
afterAll(() => browser?.close());

const catalogs: Partial<Record<Locale, typeof en>> = { en, de, in: inCatalog };

/** The address the page is at, without the server. */
const here = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
  // The shell's click handler is on once the page's scripts ran.
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
}

/** A context whose pages are a guest's, or the demo player's once logged in. */
async function visitor(locale: Locale, player: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  if (player) {
    await open(page, localizePath('/online-casino', locale));
    await page.locator('.header-login').click();
    await fillLogin(page, DEMO);
    await page.getByTestId('total-balance').waitFor();
  }
  return { context, page };
}

/** The sign-up page opened with the offer's code in its promo field. */
async function signUpWith(page: Page, locale: Locale, code: string): Promise<void> {
  await page.waitForURL(`${baseUrl}${localizePath('/sign-up', locale)}?promo_code=${code}`);
  await page.waitForFunction((c) => document.querySelector<HTMLInputElement>('form.register-form [name="promo_code"]')?.value === c, code);
}

/** The account's deposit tab with the offer's code in its promo field. */
async function depositWith(page: Page, locale: Locale, code: string): Promise<void> {
  await page.waitForURL(`${baseUrl}${localizePath('/user-management', locale)}?tab=${ACCOUNT_TAB.deposit}`);
  await page.waitForFunction((c) => document.querySelector<HTMLInputElement>('[name="promo_code"]')?.value === c, code);
}

/** Goes to a slide with its dot (which also stops the autoplay: focus is inside) and presses its button. */
async function pressSlide(page: Page, index: number): Promise<void> {
  await page.locator(`[data-slide-to="${index}"]`).click();
  await page.locator(`#slide-${index + 1} .slide-caption .btn`).click();
}

describe.each(CTA_LOCALES)('calls to action on the %s pages', (locale) => {
  const t = () => catalogs[locale] ?? en;

  it('a guest: the welcome slide opens sign-up with WELCOME100, the crash slide Eagle Crash in free play, the sports slide the sportsbook', async () => {
    const { context, page } = await visitor(locale, false);
    await open(page, localizePath('/', locale));
    // The crash slide shows crash art, not cards.
    expect(await page.locator('#slide-2 img').getAttribute('src')).toBe('/slider/2.svg');
    await pressSlide(page, 0);
    await signUpWith(page, locale, 'WELCOME100');

    await open(page, localizePath('/', locale));
    await pressSlide(page, 1);
    const player = page.locator('[data-game-player]');
    await player.waitFor();
    expect(await player.getAttribute('data-mode')).toBe('fun');
    expect(await page.locator('[data-game-player] .game-title').textContent()).toContain('Eagle Crash');
    expect(await page.locator('[data-game-player] iframe').getAttribute('src')).toMatch(/\/play\/crash/);

    await open(page, localizePath('/', locale));
    await pressSlide(page, 2);
    await page.waitForURL(`${baseUrl}${localizePath('/sports', locale)}`);
    await context.close();
  });

  it('a player: the welcome slide opens the deposit with WELCOME100, the crash slide Eagle Crash for real money, the sports slide the sportsbook', async () => {
    const { context, page } = await visitor(locale, true);
    await open(page, localizePath('/', locale));
    await pressSlide(page, 0);
    await depositWith(page, locale, 'WELCOME100');

    await open(page, localizePath('/', locale));
    await pressSlide(page, 1);
    await page.locator('[data-game-player][data-mode="real"]').waitFor();
    expect(await page.locator('[data-game-player] .game-title').textContent()).toContain('Eagle Crash');

    await open(page, localizePath('/', locale));
    await pressSlide(page, 2);
    await page.waitForURL(`${baseUrl}${localizePath('/sports', locale)}`);
    await context.close();
  });

  it('the home page’s other buttons: sign-up, the casino, and each promotion card’s page', async () => {
    const { context, page } = await visitor(locale, false);
    await open(page, localizePath('/', locale));
    await page.locator('.hero .btn-primary').click();
    await page.waitForURL(`${baseUrl}${localizePath('/sign-up', locale)}`);
    await open(page, localizePath('/', locale));
    await page.locator('.hero .btn-secondary').click();
    await page.waitForURL(`${baseUrl}${localizePath('/online-casino', locale)}`);
    await open(page, localizePath('/', locale));
    const cards = await page.locator('.promo-card').count();
    expect(cards).toBe(3);
    for (let i = 0; i < cards; i++) {
      await open(page, localizePath('/', locale));
      const card = page.locator('.promo-card').nth(i);
      const title = (await card.locator('h3').textContent()) ?? '';
      await card.locator('.btn').click();
      await page.waitForURL(/\/promotion\/\d+$/);
      expect(await page.locator('h1').textContent()).toBe(title);
    }
    await context.close();
  });

  it('every landing: "Sign up now" opens sign-up with its code, "Log in" the login', async () => {
    const { context, page } = await visitor(locale, false);
    for (const [slug, landing] of Object.entries(LANDINGS)) {
      await open(page, localizePath(`/${slug}`, locale));
      await page.locator('.landing-cta').click();
      if (landing.promoCode) await signUpWith(page, locale, landing.promoCode);
      await open(page, localizePath(`/${slug}`, locale));
      await page.locator('.landing-login a').click();
      await page.locator('dialog.modal[open] input[name=username]').waitFor();
      expect(here(page)).toBe(localizePath('/online-casino', locale));
    }
    await context.close();
  });

  it('the crash campaign (/ip/aviator, /ip/aviatorfr) names our crash game, and its button opens Eagle Crash', async () => {
    const { context, page } = await visitor(locale, false);
    for (const game of ['aviator', 'aviatorfr']) {
      await open(page, localizePath(`/ip/${game}`, locale));
      expect(await page.locator('h1').textContent()).toBe(t().landing?.aviator_title);
      await page.locator('.landing-cta', { hasText: t().landing?.aviator_play ?? '' }).click();
      const player = page.locator('[data-game-player]');
      await player.waitFor();
      expect(await player.getAttribute('data-mode')).toBe('fun');
      expect(await page.locator('[data-game-player] .game-title').textContent()).toContain('Eagle Crash');
    }
    await context.close();
  });

  it('every promotion’s "Get bonus now": a guest signs up with its code; a player deposits with it, or learns a sign-up offer is for new accounts', async () => {
    const guest = await visitor(locale, false);
    const player = await visitor(locale, true);
    for (const { bonus_id, promo_code } of promotions) {
      const path = localizePath(`/promotion/${bonus_id}`, locale);
      await open(guest.page, path);
      await guest.page.locator('[data-action="bonus"]').click();
      await signUpWith(guest.page, locale, promo_code);

      await open(player.page, path);
      await player.page.locator('[data-action="bonus"]').click();
      if (promo_code === 'TENFREE') {
        await player.page.locator('.toast', { hasText: t().promo.signup_offer_only }).waitFor();
        expect(here(player.page)).toBe(path);
      } else await depositWith(player.page, locale, promo_code);
    }
    await guest.context.close();
    await player.context.close();
  });

  it('every welcome page’s claim: sign-up with WELCOME100 for a guest, the deposit with it for a player', async () => {
    const guest = await visitor(locale, false);
    const player = await visitor(locale, true);
    for (const route of WELCOME_PAGES) {
      await open(guest.page, localizePath(route, locale));
      await guest.page.locator('.welcome .btn-primary[data-action="bonus"]').click();
      await signUpWith(guest.page, locale, 'WELCOME100');
      await open(player.page, localizePath(route, locale));
      await player.page.locator('.welcome .welcome-art').click();
      await depositWith(player.page, locale, 'WELCOME100');
    }
    await guest.context.close();
    await player.context.close();
  });
});

describe('a game’s call to action where guests may not play for free', () => {
  it('a guest in Great Britain pressing "Play Eagle Crash" is asked to log in, and then plays it for real', async () => {
    // An address in Great Britain: the strict profile, no free play for guests.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { 'x-forwarded-for': '212.58.244.20' } });
    const page = await context.newPage();
    await open(page, '/');
    await pressSlide(page, 1);
    await page.locator('dialog.modal[open] input[name=username]').waitFor();
    expect(await page.locator('[data-game-player]').count()).toBe(0);
    await fillLogin(page, DEMO);
    await page.locator('[data-game-player][data-mode="real"]').waitFor();
    expect(await page.locator('[data-game-player] .game-title').textContent()).toContain('Eagle Crash');
    await context.close();
  });
});

describe('offers in the page’s currency', () => {
  const rupees = (n: number) => formatMoney(n, 'in', 'INR');

  it('the in pages state the rupee figures: slides, promotion cards and pages, landings', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await open(page, '/in/');
    const slider = (await page.locator('.slider').textContent()) ?? '';
    expect(slider).toContain(`Welcome bonus: 100% up to ${rupees(20_000)}`);
    expect(slider).toContain(`Min. deposit ${rupees(1_000)}`);
    expect(slider).toContain(`${rupees(2_000)} free bet with code SPORTS20 on a first deposit of ${rupees(5_000)} or more`);
    const cards = (await page.locator('.promo-card').allTextContents()).join(' ');
    expect(cards).toContain(`100% Welcome Bonus up to ${rupees(20_000)}`);
    expect(cards).toContain(`${rupees(1_000)} Free on Registration`);
    expect(cards).toContain(`50% Weekly Reload up to ${rupees(10_000)}`);

    const welcome = promotions.find((p) => p.promo_code === 'WELCOME100')?.bonus_id;
    await open(page, `/in/promotion/${welcome}`);
    const body = (await page.locator('.promo-detail').textContent()) ?? '';
    expect(body).toContain(`Deposit at least ${rupees(1_000)}.`);
    expect(body).toContain(`deposit ${rupees(20_000)} or more and you receive the full ${rupees(20_000)} bonus`);

    await open(page, '/in/10freeallcurrency');
    expect(await page.locator('h1').textContent()).toBe(`${rupees(1_000)} free, no deposit needed`);
    expect(await page.locator('.terms').textContent()).toContain(`maximum cash-out ${rupees(10_000)}`);
    await open(page, '/in/bingo50');
    expect(await page.locator('.landing-lead').textContent()).toBe(
      `Deposit ${rupees(1_000)} or more with code BINGO50 and get 50% extra up to ${rupees(5_000)}.`,
    );
    for (const path of ['/in/', '/in/promotion', '/in/10freeallcurrency', '/in/en3000welcomebonus']) {
      await open(page, path);
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text, path).not.toContain('€');
      expect(text, path).not.toMatch(/\{[A-Za-z0-9_.]+\}/);
    }
    await context.close();
  });

  it('/bingo50 and /frbingo50 answer in all 24 locales with the page’s lang, offering BINGO50 in its currency', async () => {
    for (const slug of ['/bingo50', '/frbingo50']) {
      for (const locale of LOCALES) {
        const response = await fetch(`${baseUrl}${localizePath(slug, locale)}`);
        expect(response.status, `${locale}${slug}`).toBe(200);
        const html = await response.text();
        expect(html, `${locale}${slug}`).toContain(`<html lang="${LANGUAGE_TAG[locale]}"`);
        expect(html, `${locale}${slug}`).toContain('promo_code=BINGO50');
        expect(html, `${locale}${slug}`).toContain(locale === 'in' ? formatMoney(5_000, 'in', 'INR') : formatMoney(50, locale));
      }
    }
  });
});
