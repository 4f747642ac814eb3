// The slot features in the browser, as a player meets them: the lobby's bonus buy,
// megaways and jackpot rows list games that have those mechanics; a guest buys the
// free spins of a bonus-buy slot and watches all ten play out; a megaways slot shows six
// reels whose height changes. And the lobby filters a catalogue of 5,000 games.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { GAMES } from '../../src/server/demo/games.ts';
import { launchBrowser, e2eServer } from '../helpers/e2e.ts';
import { bigCatalogue, openBigLobby, timeFilter } from '../helpers/lobby-catalogue.ts';

const { baseUrl } = e2eServer();
const variantOf = (slug: string) => String(GAMES.find((g) => g.slug === slug)?.config?.variant ?? '');

/** The game names of a lobby section row. */
async function sectionNames(page: Page, title: string): Promise<string[]> {
  const section = page.locator('.lobby-section', { has: page.locator('h2', { hasText: new RegExp(`^${title}$`) }) });
  return section.locator('.game-name').allTextContents();
}

describe('slot features', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lists games with the mechanics of the bonus buy, megaways and jackpot rows', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/online-casino`, { waitUntil: 'networkidle' });
    const bySlugOfName = (name: string) => GAMES.find((g) => g.name === name)?.slug ?? '';
    const rows = {
      [en.lobby.bonus_buy]: (v: string) => v === 'freespins',
      [en.lobby.megaways]: (v: string) => v.startsWith('megaways'),
      [en.lobby.jackpot_games]: (v: string) => v.endsWith('-jackpot'),
    };
    for (const [title, has] of Object.entries(rows)) {
      const names = await sectionNames(page, title);
      expect(names.length, title).toBeGreaterThanOrEqual(5);
      for (const name of names) expect(has(variantOf(bySlugOfName(name))), `${title}: ${name}`).toBe(true);
    }
    await context.close();
  });

  it('buys the free spins of a bonus-buy slot in free play and plays all ten out', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/play/slot#demo=lucky-clover`, { waitUntil: 'networkidle' });
    await page.locator('#mode[data-mode=fun]').waitFor();
    const balance = async () => Number((await page.locator('#balance').textContent())?.replace(/[^\d.]/g, ''));
    await page.locator('#balance', { hasText: '1,000.00' }).waitFor();
    const before = await balance();
    const buy = page.locator('#actions button', { hasText: /^Buy free spins · / });
    await expect(buy.textContent()).resolves.toBe('Buy free spins · €50.00');
    const reply = page.waitForResponse((r) => r.url().endsWith('/api/studio/start'));
    await buy.click();
    const round = (await (await reply).json()) as { round: { stake: number; win: number; view: { bought: boolean; free: unknown[] } } };
    expect(round.round.stake).toBe(50);
    expect(round.round.view.bought).toBe(true);
    expect(round.round.view.free).toHaveLength(10);
    // Every free spin shows in turn; the last one says so, then the round's result.
    await page.locator('.slot-wins-title', { hasText: 'Free spin 10 of 10' }).waitFor();
    await page.locator('#message', { hasText: round.round.win > 0 ? /You won/ : /No win/ }).waitFor();
    await expect.poll(balance).toBeCloseTo(before - 50 + round.round.win, 2);
    await context.close();
  });

  it('shows six megaways reels of 2 to 7 symbols that change from spin to spin', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/play/slot#demo=viking-gold`, { waitUntil: 'networkidle' });
    await page.locator('#mode[data-mode=fun]').waitFor();
    const heights = new Set<string>();
    for (let spin = 0; spin < 4; spin++) {
      const reply = page.waitForResponse((r) => r.url().endsWith('/api/studio/start'));
      await page.locator('#actions button.primary').click();
      const round = (await (await reply).json()) as { round: { view: { reels: string[][] } } };
      const expected = round.round.view.reels.map((reel) => reel.length);
      await expect.poll(() => page.locator('.slot-reel').evaluateAll((reels) => reels.map((r) => r.children.length))).toEqual(expected);
      for (const n of expected) {
        expect(n).toBeGreaterThanOrEqual(2);
        expect(n).toBeLessThanOrEqual(7);
      }
      heights.add(expected.join());
      await page.locator('#actions button.primary:not([disabled])').waitFor();
    }
    expect(heights.size).toBeGreaterThan(1);
    await context.close();
  });

  it('filters a lobby of 5,000 games to the chosen provider', async () => {
    // How fast it does so is `npm run bench lobby-filter`'s (a frame, 16.7 ms, beside a bare DOM update in the same page).
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const big = await bigCatalogue(context, baseUrl);
    const page = await context.newPage();
    const providers = await openBigLobby(page, baseUrl, en.lobby.provider);
    for (const provider of [...providers.slice(1), '0', ...providers.slice(1)]) await timeFilter(page, provider);
    // The grid shows the first page of the chosen provider's games, from the 5,000.
    const last = Number(providers.at(-1));
    const expected = big
      .filter((g) => g.provider_id === last)
      .slice(0, 24)
      .map((g) => g.name);
    await expect.poll(() => page.locator('.lobby-games .game-grid .game-name').allTextContents()).toEqual(expected);
    await context.close();
  });
});
