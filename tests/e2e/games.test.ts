// A player's real-money round from the lobby to the ledger and back: the game opens in
// the lobby's frame, the roll goes through the studio and the wallet, the header balance
// follows without a reload, and the bet list names the game.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMoney } from '../../src/lib/format.ts';
import { issueAccessToken } from '../../src/server/auth/tokens.ts';
import { launchBrowser } from '../helpers/browser.ts';

const baseUrl = inject('baseUrl');
const DEMO_ID = 1;

async function asDemo<T>(path: string, body: object = {}): Promise<T> {
  const token = await issueAccessToken(inject('jwtSecret'), { playerId: DEMO_ID, scope: ['player'] });
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

const totalNow = async () => (await asDemo<{ player: { total_balance: number } }>('front/get_player_balance')).player.total_balance;

describe('real-money play', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('plays a dice round in the lobby frame, moves the money once and updates the header live', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/de/online-casino`, { waitUntil: 'networkidle' });
    await page.locator('.header-login').click();
    await page.locator('dialog.modal input[name=username]').fill('demo');
    await page.locator('dialog.modal input[name=password]').fill('demo1234');
    await page.locator('dialog.modal button[type=submit]').click();
    await page.waitForURL(`${baseUrl}/de/online-casino`);
    const header = page.getByTestId('total-balance');
    const before = await totalNow();
    await header.filter({ hasText: formatMoney(before, 'de') }).waitFor();
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));

    const card = page.locator('.lobby-games .game-card', { has: page.locator('.game-name', { hasText: /^Lucky Dice$/ }) });
    await card.locator('.btn-primary').click();
    const player = page.locator('[data-game-player]');
    await player.locator('.game-title', { hasText: 'Lucky Dice' }).waitFor();
    await expect(player.locator('.game-deposit').isVisible()).resolves.toBe(true);
    const game = page.frameLocator('[data-game-player] iframe');
    await game.locator('#mode[data-mode=real]').waitFor();
    await game.locator('#balance', { hasText: formatMoney(before, 'de') }).waitFor();

    await game.locator('#actions button.primary').click();
    await game.locator('#message:not(:empty)').waitFor();
    const bets = await asDemo<{ transactions: { rows: { bet: number; win: number; game_name?: string }[] } }>('front/get_bet_list');
    const last = bets.transactions.rows[0];
    expect(JSON.stringify(last)).toContain('Lucky Dice');
    expect(last?.bet).toBe(1);
    const after = await totalNow();
    expect(after).toBeCloseTo(before - 1 + (last?.win ?? 0), 2);
    // The frame and the site's header agree, and nothing reloaded.
    await game.locator('#balance', { hasText: formatMoney(after, 'de') }).waitFor();
    await header.filter({ hasText: formatMoney(after, 'de') }).waitFor({ timeout: 5000 });
    expect(loads).toEqual([]);

    await player.locator('.game-close').click();
    await player.waitFor({ state: 'detached' });
    await context.close();
  });

  it('offers free play from a demo link without an account, with pretend money', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/fr/play/roulette#demo=roulette-table`, { waitUntil: 'networkidle' });
    await page.locator('#mode[data-mode=fun]').waitFor();
    await page.locator('#balance', { hasText: formatMoney(1000, 'fr') }).waitFor();
    // The demo link became a session of its own, kept by a reload.
    expect(page.url()).toMatch(/#s=[\w-]{20,}$/);
    await page.close();
  });
});
