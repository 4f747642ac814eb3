// The page layout a player sees in every language and width: a one-row header that
// never scrolls sideways nor cuts a control, "More" for the tabs that do not fit, deposit
// in the phone header, the chat bubble off the text, and game names and hints sized
// for phones.
import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMoney } from '../../src/lib/format.ts';
import { issueAccessToken } from '../../src/server/auth/tokens.ts';
import { LOCALES, type Locale, localizePath } from '../../src/shared/locales.ts';
import { launchBrowser, logInFromHeader, e2eServer } from '../helpers/e2e.ts';
import { ROOT } from '../helpers/spawn.ts';

const { baseUrl } = e2eServer();
const DEMO_ID = 1;
const WIDTHS = [320, 375, 768, 992, 1024, 1280, 1440];
/** The desktop header (SPEC §9: 990 px); below it the header is the phone and tablet one. */
const DESKTOP = 990;
const SCREENSHOTS = join(ROOT, 'test-results/screenshots');

type Catalog = Record<string, Record<string, string>>;
const catalog = (locale: Locale) => JSON.parse(readFileSync(join(ROOT, 'locales', `${locale}.json`), 'utf8')) as Catalog;
const en = catalog('en');

async function asDemo<T>(path: string, body: object = {}): Promise<T> {
  const token = await issueAccessToken(inject('jwtSecret'), { playerId: DEMO_ID, scope: ['player'] });
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

/** A game studio's signed wallet call for the demo player, as the studio makes it. */
async function studio(kind: 'bet' | 'win', body: Record<string, unknown>): Promise<void> {
  const raw = JSON.stringify({ playerId: DEMO_ID, ...body });
  const signature = createHmac('sha256', inject('webhookSecret')).update(raw).digest('hex');
  const response = await fetch(`${baseUrl}/api/games/wallet/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signature },
    body: raw,
  });
  expect(((await response.json()) as { status: number }).status).toBe(1);
}

/** Brings the demo player's balance to five digits (12,345.67) through the wallet: a bet and its win. */
/** Tops the demo player up to a five-digit balance; answers it with the wallet's currency. */
async function giveFiveDigitBalance(): Promise<{ total: number; currency: string }> {
  const balance = async () => (await asDemo<{ player: { total_balance: number; currency: string } }>('front/get_player_balance')).player;
  const before = (await balance()).total_balance;
  if (before < 10_000) {
    const bet = `bet-${randomUUID()}`;
    await studio('bet', { transactionId: bet, amount: 1, gameId: 'eagle-slots', gameName: 'Eagle Slots', roundId: `round-${randomUUID()}` });
    await studio('win', { transactionId: `win-${randomUUID()}`, betTransactionId: bet, amount: Math.round((12_345.67 - before + 1) * 100) / 100 });
  }
  const after = await balance();
  return { total: after.total_balance, currency: after.currency };
}

async function logIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/promotion`, { waitUntil: 'networkidle' });
  await logInFromHeader(page);
  await page.locator('.account-area[data-state="player"]').waitFor();
}

/** After a resize: two frames, so the header's ResizeObserver has run and the page has been laid out again. */
const settle = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** What a player would see wrong in the header: sideways scroll, a second row, controls off-screen, overlapping or with cut text. */
function headerProblems({ desktop, mustShow }: { desktop: boolean; mustShow: string[] }): string[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  if (document.documentElement.scrollWidth > width) problems.push(`page scrolls sideways (${document.documentElement.scrollWidth} px)`);
  const bar = document.querySelector('.site-header .header-bar') as HTMLElement;
  const row = bar.getBoundingClientRect();
  if (desktop && row.height > 64.5) problems.push(`header is ${row.height} px high, more than one row`);
  const shown = (el: Element) => {
    const box = el.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('.dropdown-panel, [hidden]');
  };
  const label = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 24)}"`;
  const controls = [
    ...bar.querySelectorAll(
      '.menu-button, .logo, .tab-list a, .more-tabs > summary, .balances > div, .account-area .btn, .account-area .icon-btn, .lang-switch > summary, .theme-button',
    ),
  ].filter(shown);
  const boxes = controls.map((el) => ({ el, box: el.getBoundingClientRect() }));
  for (const { el, box } of boxes) {
    if (box.left < -0.5 || box.right > width + 0.5 || box.top < row.top - 0.5 || box.bottom > row.bottom + 0.5) {
      problems.push(
        `${label(el)} lies outside the header (${Math.round(box.left)}–${Math.round(box.right)} × ${Math.round(box.top)}–${Math.round(box.bottom)})`,
      );
    }
  }
  boxes.forEach(({ el, box }, i) => {
    for (const other of boxes.slice(i + 1)) {
      const b = other.box;
      if (box.left < b.right - 0.5 && b.left < box.right - 0.5 && box.top < b.bottom - 0.5 && b.top < box.bottom - 0.5)
        problems.push(`${label(el)} overlaps ${label(other.el)}`);
    }
  });
  const tabs = controls.filter((el) => el.matches('.tab-list a')).map((el) => el.textContent);
  for (const tab of desktop ? mustShow : []) if (!tabs.includes(tab)) problems.push(`the ${tab} tab is not in the bar`);
  for (const el of bar.querySelectorAll('a, button, summary, dt, dd')) {
    if (shown(el) && el.clientWidth > 0 && el.scrollWidth > el.clientWidth)
      problems.push(`${label(el)} cuts its text (${el.scrollWidth} > ${el.clientWidth} px)`);
  }
  return problems;
}

describe('the layout in every locale and width', () => {
  let browser: Browser;
  let guest: BrowserContext;
  let player: BrowserContext;
  let playerPage: Page;
  let total = 0;
  let currency = 'EUR';
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ total, currency } = await giveFiveDigitBalance());
    guest = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    player = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    playerPage = await player.newPage();
    await logIn(playerPage);
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(() => browser.close());

  it('fits the header in one row without sideways scroll or cut controls, in all 24 locales from 320 to 1440 px, for a guest and a player with a five-digit balance', async () => {
    expect(total).toBeGreaterThanOrEqual(10_000);
    const guestPage = await guest.newPage();
    const problems: string[] = [];
    for (const [state, page] of [
      ['guest', guestPage],
      ['player', playerPage],
    ] as const) {
      for (const locale of LOCALES) {
        const menu = catalog(locale).menu ?? {};
        await page.goto(`${baseUrl}${localizePath('/promotion', locale)}`, { waitUntil: 'load' });
        await page.locator(`.account-area[data-state="${state}"]`).waitFor();
        if (state === 'player')
          await page
            .getByTestId('total-balance')
            .filter({ hasText: formatMoney(total, locale, currency) })
            .waitFor();
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await settle(page);
          // SPEC §2: the desktop header has the casino and sports tabs.
          const mustShow = [menu.casino ?? '', menu.sports ?? ''];
          for (const problem of await page.evaluate(headerProblems, { desktop: width >= DESKTOP, mustShow }))
            problems.push(`${state} ${locale} ${width}px: ${problem}`);
          if (state === 'player' && width >= 992) {
            // SPEC §2: the desktop header shows total, real and bonus balances, from the large breakpoint (992 px) up.
            const balances = await page.locator('.balances dd').evaluateAll((dds) => dds.filter((dd) => dd.getBoundingClientRect().width > 0).length);
            if (balances !== 3) problems.push(`player ${locale} ${width}px: ${balances} balances shown, not 3`);
          }
          if ((locale === 'jp' || locale === 'pt' || locale === 'gr') && (width === 1024 || width === 375)) {
            await page.screenshot({ path: join(SCREENSHOTS, `header-${locale}-${width}-${state}.png`), clip: { x: 0, y: 0, width, height: 72 } });
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists the tabs that do not fit under "More", a disclosure that opens and closes from the keyboard', async () => {
    const page = await guest.newPage();
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto(`${baseUrl}/pt/promotion`, { waitUntil: 'load' });
    await settle(page);
    const menu = catalog('pt').menu ?? {};
    const inBar = await page.locator('.tab-list a:visible').allTextContents();
    const more = page.locator('.more-tabs > summary');
    expect(await more.textContent()).toBe(menu.more);
    // Casino and sports stay in the bar the longest (SPEC §2: the desktop header has them).
    expect(inBar).toEqual(expect.arrayContaining([menu.casino, menu.sports]));
    await more.focus();
    expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.more-tabs').getAttribute('open')).not.toBeNull();
    // What assistive technology is told: a disclosure, now expanded.
    const cdp = await guest.newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value: string }; name?: { value: string }; properties?: { name: string; value: { value: unknown } }[] }[];
    };
    const disclosure = nodes.find((n) => n.name?.value === menu.more && n.role?.value !== 'StaticText');
    expect(disclosure?.role?.value).toBe('DisclosureTriangle');
    expect(disclosure?.properties?.find((p) => p.name === 'expanded')?.value.value).toBe(true);
    const inMore = await page.locator('.more-list a:visible').allTextContents();
    // Every main menu entry is in exactly one of the two places.
    expect([...inBar, ...inMore].sort()).toEqual([menu.casino, menu.live_casino, menu.sports, menu.promotion, menu.faq, menu.contact_us].sort());
    expect(inMore.length).toBeGreaterThan(0);
    expect(inBar.filter((t) => inMore.includes(t))).toEqual([]);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(inMore[0]);
    await page.keyboard.press('Escape');
    expect(await page.locator('.more-tabs').getAttribute('open')).toBeNull();
    expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
    // With room for every tab there is nothing more to show.
    await page.setViewportSize({ width: 1440, height: 800 });
    await page.goto(`${baseUrl}/promotion`, { waitUntil: 'load' });
    await settle(page);
    expect(await page.locator('.more-tabs').isVisible()).toBe(false);
    expect(await page.locator('.tab-list a:visible').count()).toBe(6);
    await page.close();
  });

  it("moves a player's theme toggle into the account menu on desktop, where the balances need the bar's room", async () => {
    const page = playerPage;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/promotion`, { waitUntil: 'load' });
    await page.locator('.account-area[data-state="player"]').waitFor();
    expect(await page.locator('.header-end > .theme-button').isVisible()).toBe(false);
    await page.locator('.user-menu-button').click();
    await page.locator('.user-menu-list [data-action="theme"]').click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.locator('.user-menu-list [data-action="theme"]').click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
  });

  it('gives a player on a 320 px phone a deposit button in every locale that clears the bonus code and opens the deposit tab', async () => {
    const page = playerPage;
    await page.setViewportSize({ width: 320, height: 700 });
    for (const locale of LOCALES) {
      await page.goto(`${baseUrl}${localizePath('/promotion', locale)}`, { waitUntil: 'load' });
      await page.locator('.account-area[data-state="player"]').waitFor();
      const deposit = page.getByRole('button', { name: catalog(locale).menu?.deposit, exact: true });
      const box = await deposit.boundingBox();
      expect(box, locale).not.toBeNull();
      expect(box && box.x >= 0 && box.x + box.width <= 320 && box.y >= 0 && box.y + box.height <= 64, locale).toBe(true);
    }
    await page.goto(`${baseUrl}/de/promotion`, { waitUntil: 'load' });
    await page.locator('.account-area[data-state="player"]').waitFor();
    await page.evaluate(() => sessionStorage.setItem('front.bonusCode', 'WELCOME3000'));
    await page.getByRole('button', { name: catalog('de').menu?.deposit, exact: true }).click();
    await page.waitForURL(`${baseUrl}/de/user-management?tab=2`);
    expect(await page.evaluate(() => sessionStorage.getItem('front.bonusCode'))).toBeNull();
  });

  it('keeps the chat bubble off the text on a 375 px phone, on the home and a promotion page, all the way down', async () => {
    const page = await guest.newPage();
    await page.setViewportSize({ width: 375, height: 700 });
    const covered: string[] = [];
    for (const path of ['/', '/promotion/1']) {
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 150) {
        const target = await page.evaluate(() => Math.min(scrollY + 150, document.documentElement.scrollHeight - innerHeight));
        await page.mouse.wheel(0, 150);
        // The page has scrolled, the tuck has been decided (on the next frame) and its transition is over.
        await page.waitForFunction((to) => Math.abs(scrollY - to) < 1, target);
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        await page.waitForFunction(() => (document.querySelector('.chat-widget')?.getAnimations() ?? []).every((a) => a.playState !== 'running'));
        const texts = await page.evaluate(() => {
          const bubble = document.querySelector('.chat-launcher') as HTMLElement;
          const b = bubble.getBoundingClientRect();
          if (getComputedStyle(bubble.closest('.chat-widget') as HTMLElement).opacity === '0' || b.top >= window.innerHeight) return [];
          const hits: string[] = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent?.trim() || !node.parentElement?.closest('main, footer')) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const r of range.getClientRects()) {
              if (r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom) hits.push(node.textContent.trim().slice(0, 40));
            }
          }
          return hits;
        });
        covered.push(...texts.map((t) => `${path} at ${y}px: "${t}"`));
      }
      // At the end of the page the bubble is back, beside the footer's text rather than on it.
      expect(await page.locator('.chat-launcher').isVisible()).toBe(true);
      expect(await page.locator('.chat-widget').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    }
    expect(covered).toEqual([]);
    await page.close();
  });

  it('shows whole game names on two lines on a 375 px phone, never cutting a word', async () => {
    const page = await guest.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${baseUrl}/online-casino`, { waitUntil: 'networkidle' });
    const names = page.locator('.lobby .game-card:not(.skeleton) .game-name');
    await names.first().waitFor();
    const cut = await names.evaluateAll((els) =>
      els.flatMap((el) => {
        const name = el.textContent ?? '';
        if (el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1) return [`${name}: cut`];
        // A word split over two lines has two boxes.
        const text = el.firstChild as Text;
        const split: string[] = [];
        let at = 0;
        for (const word of name.split(' ')) {
          const range = document.createRange();
          range.setStart(text, at);
          range.setEnd(text, at + word.length);
          if (range.getClientRects().length > 1) split.push(`${name}: "${word}" split`);
          at += word.length + 1;
        }
        return split;
      }),
    );
    expect(await names.count()).toBeGreaterThan(10);
    expect(cut).toEqual([]);
    expect(await names.allTextContents()).toContain('Instant Fortune');
    await page.close();
  });

  it('names the video poker keys only where there is a keyboard', async () => {
    const hint = async (context: BrowserContext) => {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/play/video-poker#demo=jacks-or-better`, { waitUntil: 'networkidle' });
      await page.locator('#actions button.primary').click();
      const result = page.locator('.vp-result');
      await result.filter({ hasText: en.studio?.poker_hint ?? '' }).waitFor();
      // The text as rendered: a hint hidden by CSS must not count.
      // biome-ignore lint/performance/useDomNodeTextContent: what the player sees is the point
      const shown = await result.innerText();
      await page.close();
      return shown;
    };
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const onPhone = await hint(phone);
    await phone.close();
    expect(onPhone).toContain(en.studio?.poker_hint);
    expect(onPhone).not.toContain('1–5');
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const onDesktop = await hint(desktop);
    await desktop.close();
    expect(onDesktop).toContain(en.studio?.poker_keys);
  });
});
