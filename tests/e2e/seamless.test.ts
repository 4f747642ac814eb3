// An outside provider's game, from the lobby to the ledger: the sandbox studio's Coin Flip
// opens in the lobby's frame for real money, its page (its own server side) takes the
// stake and pays the win through the seamless-wallet API, and the header balance follows
// by push without a reload; the bet list names the game under the provider's label.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { formatMoney } from '../../src/lib/format.ts';
import { launchBrowser, e2eServer } from '../helpers/e2e.ts';
import { callAs, DEMO } from '../helpers/staff.ts';

const { baseUrl } = e2eServer();

async function asDemo<T>(path: string, body: object = {}): Promise<T> {
  return (await (await callAs(baseUrl, DEMO, path, body)).json()) as T;
}

const totalNow = async () => (await asDemo<{ player: { total_balance: number } }>('front/get_player_balance')).player.total_balance;

describe('an outside provider’s game', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('plays Coin Flip of the sandbox studio for real money in the lobby frame, the header following by push', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/online-casino`, { waitUntil: 'networkidle' });
    await page.locator('.header-login').click();
    await page.locator('dialog.modal input[name=username]').fill('demo');
    await page.locator('dialog.modal input[name=password]').fill('demo1234');
    const reloaded = page.waitForEvent('load');
    await page.locator('dialog.modal button[type=submit]').click();
    await reloaded;
    await page.locator('.account-area[data-state="player"]').waitFor();
    const before = await totalNow();
    const header = page.getByTestId('total-balance');
    await header.filter({ hasText: formatMoney(before, 'en') }).waitFor();
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));

    await page.getByLabel(en.lobby.search).fill('Coin Flip');
    const card = page.locator('.lobby-games .game-card', { has: page.locator('.game-name', { hasText: /^Coin Flip$/ }) });
    await card.locator('.btn-primary').click();
    const player = page.locator('[data-game-player]');
    await player.locator('.game-title', { hasText: 'Coin Flip' }).waitFor();
    expect(await player.locator('iframe').getAttribute('src')).toMatch(
      /^\/api\/sandbox\/games\/launch\?game_id=sandbox-studio%3Asandbox-coin-flip&.*mode=real/,
    );
    const game = page.frameLocator('[data-game-player] iframe');
    await game.locator('[role=status]', { hasText: formatMoney(before, 'en') }).waitFor();

    await game.getByLabel('Stake').selectOption('100');
    await game.getByLabel('Heads').check();
    await game.getByRole('button', { name: 'Play' }).click();
    await game.locator('[role=alert]').waitFor();
    const bets = await asDemo<{ transactions: { rows: { bet: number; win: number; name?: string; provider?: string }[] } }>('front/get_bet_list');
    const last = bets.transactions.rows[0];
    expect(JSON.stringify(last)).toContain('Coin Flip');
    expect(last?.bet).toBe(1);
    expect([0, 1.96]).toContain(last?.win);
    const after = await totalNow();
    expect(after).toBeCloseTo(before - 1 + (last?.win ?? 0), 2);
    // The frame says it, and the header heard it by push: the lobby page was never reloaded.
    await game.locator('[role=status]', { hasText: formatMoney(after, 'en') }).waitFor();
    await header.filter({ hasText: formatMoney(after, 'en') }).waitFor();
    expect(loads).toEqual([]);
    await context.close();
  });
});
