import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import type { ListedGame } from '../../src/shared/schemas/games.ts';
import { launchBrowser, logInFromHeader, e2eServer, settled } from '../helpers/e2e.ts';
import { ROOT } from '../helpers/spawn.ts';

const { baseUrl } = e2eServer();
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function api<T>(path: string, body: object): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as T;
}

type GamesReply = { gameList: { count: number; rows: ListedGame[] } };
const onlineGames = (filter: object = {}) => api<GamesReply>('front/get_games', { type: 'online', itemsPerPage: 100, ...filter }).then((r) => r.gameList);

/** The grid's cards (not the section rows). */
// Games shown, not the loading placeholders of the next page (skeleton cards have empty names).
const cards = (page: Page) => page.locator('.lobby-games .game-grid .game-card:not(.skeleton)');
const cardNames = (page: Page) => page.locator('.lobby-games .game-grid .game-card:not(.skeleton) .game-name').allTextContents();

/**
 * A lobby page the visitor has reached for (the pointer over its games: the lobby hydrates
 * when reached), with its first refresh from the API done.
 */
async function openLobby(context: BrowserContext, path = '/online-casino'): Promise<Page> {
  const page = await context.newPage();
  const refreshed = page.waitForResponse((r) => {
    if (!r.url().endsWith('/api/front/get_games')) return false;
    const body = JSON.parse(r.request().postData() ?? '{}') as { itemsPerPage?: number };
    return body.itemsPerPage !== 100;
  });
  await page.goto(`${baseUrl}${path}`);
  await page.locator('.lobby-games').hover();
  await refreshed;
  await page.locator('astro-island:not([ssr]) .lobby-games[aria-busy="false"]').waitFor();
  return page;
}

/** Presses a button of a grid card; with a mouse the buttons show on hover. */
async function pressCardButton(page: Page, index: number, label: string): Promise<void> {
  const card = cards(page).nth(index);
  await card.hover();
  await card.locator('button', { hasText: label }).click();
}

async function logIn(page: Page): Promise<void> {
  // A login from the header goes to /online-casino: this very page, loaded again.
  const reloaded = page.waitForEvent('load');
  await logInFromHeader(page);
  await reloaded;
  await page.locator('.account-area[data-state="player"]').waitFor();
}

describe('game lobby (/online-casino, /live-casino) and the in-game header', () => {
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

  it('lists the database games in the prerendered HTML and in the lobby, with the named sections', async () => {
    const all = await onlineGames();
    expect(all.count).toBeGreaterThan(12);
    const first = all.rows[0]!;
    const html = await (await fetch(`${baseUrl}/online-casino`)).text();
    expect(html).toContain(`alt="${first.name}"`);
    expect(html).toContain(`src="${first.game_info.thumbnail}"`);

    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openLobby(context);
    expect(await cards(page).count()).toBe(Math.min(24, all.count));
    expect((await cardNames(page)).slice(0, 3)).toEqual(all.rows.slice(0, 3).map((g) => g.name));
    const sections = await page.locator('.lobby-section h2').allTextContents();
    expect(sections).toContain(en.lobby.mini_games);
    expect(sections).toContain(en.lobby.top_casino_games);
    // Every picture has its size, so nothing moves when it arrives.
    const unsized = await page.locator('.game-card img:not([width]), .game-card img:not([height])').count();
    expect(unsized).toBe(0);
  });

  it('narrows the list as the player searches and says "No game found" when nothing matches', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openLobby(context);
    const expected = (await onlineGames({ filterGame: 'dice' })).rows.map((g) => g.name);
    expect(expected.length).toBeGreaterThan(0);
    await page.getByLabel(en.lobby.search).fill('dice');
    await expect.poll(() => cardNames(page)).toEqual(expected);
    // While searching only the results are shown.
    expect(await page.locator('.lobby-section').count()).toBe(0);
    await page.getByLabel(en.lobby.search).fill('no such game at all');
    await page.locator('.lobby-games .empty', { hasText: en.lobby.no_matches_found }).waitFor();
    expect(await cards(page).count()).toBe(0);
    await page.getByLabel(en.lobby.search).fill('');
    await expect.poll(() => page.locator('.lobby-section').count()).toBeGreaterThan(0);
  });

  it('filters the games by provider', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openLobby(context);
    const { gameProviderList } = await api<{ gameProviderList: { id: number; provider_name: string }[] }>('front/get_game_providers', {
      type: 'online',
      status: 'activated',
    });
    const options = await page.getByLabel(en.lobby.provider).locator('option').allTextContents();
    expect(options).toEqual([en.lobby.all_providers, ...gameProviderList.map((p) => p.provider_name)]);
    const provider = gameProviderList[1]!;
    const expected = (await onlineGames({ filterProvider: provider.id })).rows.slice(0, 24).map((g) => g.name);
    await page.getByLabel(en.lobby.provider).selectOption(String(provider.id));
    await expect.poll(() => cardNames(page)).toEqual(expected);
    const providers = await page.locator('.lobby-games .game-provider').allTextContents();
    expect(new Set(providers)).toEqual(new Set([provider.provider_name]));
  });

  it("shows the chosen group's games under its name when a tab is chosen", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openLobby(context);
    const { gameGroupList } = await api<{ gameGroupList: { id: number; group_slug: string }[] }>('front/get_game_group_list', {
      type: 'online',
      status: 'activated',
    });
    const group = gameGroupList.find((g) => g.group_slug === 'dice')!;
    const expected = (await onlineGames({ filterGroup: group.id })).rows.map((g) => g.name);
    const tab = page.locator('.group-tabs button', { hasText: en.categories.dice });
    await tab.click();
    expect(await tab.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => cardNames(page)).toEqual(expected);
    expect(await page.locator('.lobby-games h2').textContent()).toBe(en.categories.dice);
    expect(await page.locator('.lobby-section').count()).toBe(0);
  });

  it("draws each group with its type theme: the tab, the chosen group's heading and its games' tiles in the theme's accent and icon", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openLobby(context);
    const themes = await page.locator('.group-tabs button[data-theme]').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-theme')));
    expect(themes).toEqual(expect.arrayContaining(['slot', 'table', 'video_poker', 'instant', 'arcade', 'lottery']));
    const look = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el, pseudo) => {
          const icon = getComputedStyle(el.matches('.game-card') ? (el.querySelector('.game-thumb') as Element) : el, pseudo);
          const style = getComputedStyle(el);
          return { icon: icon.content, accent: style.getPropertyValue('--theme-accent') };
        }, '::before');
    const table = await look('.group-tabs button[data-theme="table"]');
    expect(table.icon).toContain('♠');
    const tab = page.locator('.group-tabs button', { hasText: en.categories.blackjack });
    await tab.click();
    await page.locator('.lobby-games h2[data-theme="table"]').waitFor();
    expect(await page.locator('.lobby-games h2').textContent()).toBe(en.categories.blackjack);
    expect(await look('.lobby-games h2')).toEqual(table);
    await expect.poll(() => cards(page).evaluateAll((all) => [...new Set(all.map((c) => c.getAttribute('data-theme')))])).toEqual(['table']);
    expect(await look('.lobby-games .game-card')).toEqual(table);
    const slots = await look('.group-tabs button[data-theme="slot"]');
    expect(slots.accent).not.toBe(table.accent);
    mkdirSync(join(ROOT, 'test-results/screenshots'), { recursive: true });
    await page.screenshot({ path: join(ROOT, 'test-results/screenshots/lobby-themes-1280.png') });
  });

  it('loads 12 games a page below 990 px, the next page after "More games" as the list scrolls, and stops at the end', async () => {
    const all = await onlineGames();
    expect(all.count).toBeGreaterThan(12);
    context = await browser.newContext({ viewport: { width: 800, height: 700 } });
    const page = await openLobby(context);
    expect(await cards(page).count()).toBe(12);
    const more = page.locator('.more-games button', { hasText: en.lobby.more_games });
    await more.click();
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(Math.min(24, all.count));
    expect((await cardNames(page)).slice(0, 24)).toEqual(all.rows.slice(0, 24).map((g) => g.name));
    // Scrolling on loads page after page, each game once, until everything is listed; then neither the button nor more loading remains.
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 20_000);
          return cards(page).count();
        },
        { timeout: 60_000 },
      )
      .toBe(all.count);
    const names = await cardNames(page);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(await page.locator('.lobby-sentinel, .more-games').count()).toBe(0);
  });

  it('shows an error with a retry button when the games cannot be loaded', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Without the whole catalogue in the browser, a search asks the API.
    await context.route('**/api/front/get_games', (route) =>
      (JSON.parse(route.request().postData() ?? '{}') as { itemsPerPage?: number }).itemsPerPage === 100 ? route.abort('failed') : route.continue(),
    );
    const page = await openLobby(context);
    await page.route('**/api/front/get_games', (route) => route.abort('failed'));
    await page.getByLabel(en.lobby.search).fill('dice');
    const error = page.locator('.lobby-error', { hasText: en.lobby.load_failed });
    await error.waitFor();
    await page.unroute('**/api/front/get_games');
    await error.locator('button', { hasText: en.lobby.retry }).click();
    await error.waitFor({ state: 'detached' });
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0);
  });

  it("opens the login modal for a guest's Real Play", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openLobby(context);
    await pressCardButton(page, 0, en.lobby.real_play);
    await page.locator('dialog.modal input[name=username]').waitFor();
    expect(await page.locator('.game-player').count()).toBe(0);
  });

  it("opens a guest's Fun Play with the in-game header, follows fullscreen, keeps it in the address and closes back to the lobby", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openLobby(context);
    const game = (await onlineGames()).rows[0]!;
    await pressCardButton(page, 0, en.lobby.fun_play);
    const player = page.locator('.game-player');
    await player.waitFor();

    expect(await player.locator('h2').textContent()).toBe(game.name);
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('game-title'))).toBe(true);
    const frame = player.locator('iframe');
    expect(await frame.getAttribute('title')).toBe(game.name);
    expect(await frame.getAttribute('src')).toMatch(/^\/play\/[a-z-]+#s=[\w-]+$/);
    expect(await player.locator('button.game-login').textContent()).toBe(en.menu.login);
    expect(await player.locator('button.game-register').textContent()).toBe(en.menu.register);
    expect(await player.locator('button.game-deposit').count()).toBe(0);
    await player.locator('.free-play', { hasText: en.common.free_play_notice }).waitFor();
    expect(new URL(page.url()).search).toBe(`?play=${game.slug}&mode=fun`);
    // 16:9 above the lobby on a wide screen.
    const box = (await frame.boundingBox())!;
    expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.02);

    const fullscreen = player.locator('button.game-fullscreen');
    expect(await fullscreen.textContent()).toBe(en.lobby.fullscreen);
    await fullscreen.click();
    await expect.poll(() => fullscreen.textContent()).toBe(en.lobby.exit_fullscreen);
    expect(await page.evaluate(() => document.fullscreenElement?.classList.contains('game-player'))).toBe(true);
    // Leaving fullscreen another way (the browser's Esc) is followed too.
    await page.evaluate(() => document.exitFullscreen());
    await expect.poll(() => fullscreen.textContent()).toBe(en.lobby.fullscreen);

    // Escape does not close the game; only the close button does.
    await page.keyboard.press('Escape');
    expect(await player.count()).toBe(1);

    // A reload reopens the game from the address.
    await page.reload();
    await player.waitFor();
    expect(await player.locator('h2').textContent()).toBe(game.name);

    await player.locator('button.game-close', { hasText: en.lobby.close_game }).click();
    await player.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    expect(await cards(page).count()).toBeGreaterThan(0);
  });

  it('gives focus back to the card button that opened the game when it closes', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openLobby(context);
    const fun = cards(page).nth(1).locator('button', { hasText: en.lobby.fun_play });
    await fun.focus();
    await page.keyboard.press('Enter');
    const player = page.locator('.game-player');
    await player.waitFor();
    await player.locator('button.game-close').click();
    await player.waitFor({ state: 'detached' });
    await expect.poll(() => fun.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('gives a logged-in player real play with the Deposit button, and turns free play into real play', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openLobby(context);
    await logIn(page);
    const player = page.locator('.game-player');

    await pressCardButton(page, 0, en.lobby.fun_play);
    await player.waitFor();
    expect(await player.locator('button.game-deposit').textContent()).toBe(en.menu.deposit);
    expect(await player.locator('button.game-login').count()).toBe(0);
    const notice = player.locator('.free-play');
    await notice.locator('button', { hasText: en.common.play_for_real }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('mode')).toBe('real');
    await notice.waitFor({ state: 'detached' });
    expect(await player.locator('iframe').getAttribute('src')).toMatch(/^\/play\/[a-z-]+#s=/);

    await player.locator('button.game-deposit').click();
    await page.waitForURL(`${baseUrl}/user-management?tab=2`);
  });

  it('covers a phone screen with the game and a compact header bar', async () => {
    context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const page = await openLobby(context);
    // On touch the play buttons are always visible.
    const fun = page.locator('.lobby-games .game-card').first().locator('button').nth(1);
    expect(await fun.isVisible()).toBe(true);
    await fun.tap();
    const player = page.locator('.game-player');
    await player.waitFor();
    const [width, height] = await page.evaluate(() => [innerWidth, innerHeight]);
    expect(await player.boundingBox()).toEqual({ x: 0, y: 0, width, height });
    const frame = (await player.locator('iframe').boundingBox())!;
    expect(frame.width).toBe(width);
    expect(frame.y + frame.height).toBe(height);
    // The game's name keeps room beside or above the header's buttons.
    expect((await player.locator('h2').boundingBox())!.width).toBeGreaterThanOrEqual(96);
    await player.locator('button.game-close').tap();
    await player.waitFor({ state: 'detached' });
  });

  it('has no accessibility violations with the player open, on a phone and a desktop', async () => {
    for (const width of [375, 1280]) {
      context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await openLobby(context);
      await pressCardButton(page, 0, en.lobby.fun_play);
      await page.locator('.game-player').waitFor();
      const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        `${width}px`,
      ).toEqual([]);
      await context.close();
      context = undefined;
    }
  });

  it('opens free play on the live page from the demo link, in the page locale, without asking for a game URL', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openLobby(context, '/de/live-casino');
    const de = JSON.parse((await page.locator('#i18n-catalog').textContent()) ?? '{}') as typeof en;
    const live = (await api<GamesReply>('front/get_games', { type: 'live', itemsPerPage: 100 })).gameList.rows;
    expect(await cardNames(page)).toEqual(live.slice(0, 24).map((g) => g.name));
    expect(await page.locator('.lobby-games h2').textContent()).toBe(de.lobby.all_games);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/front/get_game_url')) asked.push(r.url());
    });
    await pressCardButton(page, 0, de.lobby.fun_play);
    const frame = page.locator('.game-player iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(`/de${live[0]!.demo_url}`);
    expect(asked).toEqual([]);
  });

  it('takes screenshots of /online-casino at 375, 768 and 1280 px with and without a game, for review', async () => {
    const dir = join(ROOT, 'test-results/screenshots');
    mkdirSync(dir, { recursive: true });
    for (const width of [375, 768, 1280]) {
      const touch = width < 990;
      context = await browser.newContext({ viewport: { width, height: 900 }, hasTouch: touch, isMobile: touch });
      const page = await openLobby(context);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The whole page through a tall window: a fullPage shot drops the touch emulation, and with it the touch layout.
      await page.setViewportSize({ width, height: await page.evaluate(() => document.documentElement.scrollHeight) });
      await settled(page);
      await page.screenshot({ path: join(dir, `lobby-${width}.png`) });
      await page.setViewportSize({ width, height: 900 });
      const fun = cards(page).first().locator('button', { hasText: en.lobby.fun_play });
      if (touch) await fun.tap();
      else await pressCardButton(page, 0, en.lobby.fun_play);
      // The game's own page has loaded in the player (not the blank frame before it).
      const game = await (await page.locator('.game-player iframe').elementHandle())?.contentFrame();
      await game?.waitForURL(/^http/);
      await game?.waitForLoadState('load');
      await settled(page);
      await page.screenshot({ path: join(dir, `lobby-${width}-game.png`) });
      await context.close();
      context = undefined;
    }
  });
});
