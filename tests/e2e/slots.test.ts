// The slot features in the browser, as a player meets them: the lobby's bonus buy,
// megaways and jackpot rows list games that have those mechanics; a guest buys the
// free spins of a bonus-buy slot and watches all ten play out; a megaways slot shows six
// reels whose height changes. And the lobby filters a catalogue of 5,000 games within
// one frame.
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { GAMES } from '../../src/server/demo/games.ts';
import type { ListedGame } from '../../src/shared/schemas/games.ts';
import { launchBrowser, e2eServer } from '../helpers/e2e.ts';

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

  it('filters a lobby of 5,000 games within one frame', async () => {
    // The API answers from a catalogue of 5,000 games: the site's titles again and again.
    const real = (await (
      await fetch(`${baseUrl}/api/front/get_games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"type":"online","itemsPerPage":100}',
      })
    ).json()) as { gameList: { rows: ListedGame[] } };
    const big: ListedGame[] = Array.from({ length: 5_000 }, (_, i) => {
      const g = real.gameList.rows[i % real.gameList.rows.length]!;
      return { ...g, id: 100_000 + i, name: `${g.name} ${i}`, slug: `${g.slug}-${i}` };
    });
    const answer = async (route: Route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { page?: number; itemsPerPage?: number; filterProvider?: number };
      const perPage = body.itemsPerPage ?? 24;
      const matching = big.filter((g) => !body.filterProvider || g.provider_id === body.filterProvider);
      const from = ((body.page ?? 1) - 1) * perPage;
      await route.fulfill({ json: { status: 1, gameList: { count: matching.length, rows: matching.slice(from, from + perPage) } } });
    };
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.route('**/api/front/get_games', answer);
    const page = await context.newPage();
    const catalogue = page.waitForResponse((r) => r.url().endsWith('/api/front/get_games') && r.request().postData()?.includes('"page":50') === true);
    await page.goto(`${baseUrl}/online-casino`);
    // The lobby hydrates, and reads its catalogue, when the visitor reaches for it.
    await page.locator('.lobby-games').hover();
    await catalogue;
    await page.locator('astro-island:not([ssr]) .lobby-games[aria-busy="false"]').waitFor();
    const providers = await page
      .getByLabel(en.lobby.provider)
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    // From the change of the provider to the grid showing the answer: the filter, React's render and the DOM's update.
    const times: number[] = [];
    for (const provider of [...providers.slice(1), '0', ...providers.slice(1)]) {
      const ms = await page.evaluate(
        (value) =>
          new Promise<number>((resolve) => {
            const select = document.querySelector<HTMLSelectElement>('.lobby-filters select[name=provider]') as HTMLSelectElement;
            const grid = document.querySelector('.lobby-games') as HTMLElement;
            const t0 = performance.now();
            const observer = new MutationObserver(() => {
              observer.disconnect();
              resolve(performance.now() - t0);
            });
            observer.observe(grid, { childList: true, subtree: true, characterData: true });
            select.value = value;
            select.dispatchEvent(new Event('change', { bubbles: true }));
          }),
        provider,
      );
      times.push(ms);
    }
    // The grid shows the first page of the chosen provider's games, from the 5,000.
    const last = Number(providers.at(-1));
    const expected = big
      .filter((g) => g.provider_id === last)
      .slice(0, 24)
      .map((g) => g.name);
    await expect.poll(() => page.locator('.lobby-games .game-grid .game-name').allTextContents()).toEqual(expected);
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(`lobby filter over 5,000 games: median ${median.toFixed(1)} ms, worst ${times.at(-1)?.toFixed(1)} ms of ${times.length}`);
    expect(median).toBeLessThan(1000 / 60);
    await context.close();
  });
});
