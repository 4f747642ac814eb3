// Tabs of one browser share the refresh cookie. Opening two at the same moment used to
// send one refresh token twice, which the server took for theft: both tabs, and every
// page after them, were signed out.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logInFromHeader, e2eServer } from '../helpers/e2e.ts';

const { baseUrl } = e2eServer();

/** What the header shows once the page knows who is there: 'player' or 'guest'. */
async function headerState(page: Page): Promise<string | null> {
  const area = page.locator('.account-area[data-state=player], .account-area[data-state=guest]').first();
  await area.waitFor({ timeout: 20_000 });
  return area.getAttribute('data-state');
}

async function logInThroughTheModal(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/online-casino`, { waitUntil: 'networkidle' });
  await logInFromHeader(page);
  await page.locator('.account-area[data-state=player]').waitFor();
  return page;
}

describe('a player with several tabs', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('stays logged in in two tabs opened at the same moment, and on the next page load', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await logInThroughTheModal(context);

    // Refreshes are held until two are waiting (or 3 s have passed) and then let go
    // together, so that two tabs refreshing side by side meet at the server for certain,
    // however fast or slow each page hydrates. Chromium reads the cookie jar when a held
    // request goes on, so both would carry the token the jar held then.
    const sentCookies: string[] = [];
    const held: (() => void)[] = [];
    await context.route('**/api/front/auth/refresh', async (route) => {
      const cookie = (await route.request().allHeaders()).cookie ?? '';
      sentCookies.push(/front\._refresh_token\.local=([^;]+)/.exec(cookie)?.[1] ?? '');
      await new Promise<void>((resolve) => {
        held.push(resolve);
        if (held.length >= 2) for (const release of held) release();
        setTimeout(resolve, 3_000);
      });
      await route.continue();
    });

    const [first, second] = [await context.newPage(), await context.newPage()];
    await Promise.all([first.goto(`${baseUrl}/online-casino`), second.goto(`${baseUrl}/de/online-casino`)]);
    expect(await Promise.all([headerState(first), headerState(second)])).toEqual(['player', 'player']);
    // They took turns: the second tab sent the token the first was handed, not the same one again.
    expect(sentCookies).toHaveLength(2);
    expect(new Set(sentCookies).size).toBe(2);

    const third = await context.newPage();
    await third.goto(`${baseUrl}/promotions`);
    expect(await headerState(third)).toBe('player');
    // And the tabs' own tokens work: the header balance came from the API in each.
    for (const page of [first, second, third]) expect(await page.locator('[data-testid=total-balance]').textContent()).toMatch(/\d/);
    await context.close();
  });
});
