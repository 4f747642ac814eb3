// Two of the new games for real money, as the demo player meets them: mines (a round of
// several moves: cells opened from the keyboard, then a cash-out) and plinko (one drop
// with the space bar), each moving the balance by exactly the stake and the win the
// screen shows; and both on a 375 px phone without sideways scroll.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { launchBrowser, e2eServer } from '../helpers/e2e.ts';
import { ROOT } from '../helpers/spawn.ts';
import { callAs, DEMO } from '../helpers/staff.ts';

const { baseUrl } = e2eServer();
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const shots = join(ROOT, 'test-results/screenshots');

async function asDemo<T>(path: string, body: object = {}): Promise<T> {
  return (await (await callAs(baseUrl, DEMO, path, body)).json()) as T;
}
const totalNow = async () => (await asDemo<{ player: { total_balance: number } }>('front/get_player_balance')).player.total_balance;
const lastBet = async () => (await asDemo<{ transactions: { rows: { bet: number; win: number }[] } }>('front/get_bet_list')).transactions.rows[0];
const cents = (amount: number) => Math.round(amount * 100);
const money = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
const say = (text: string, ...args: string[]) => text.replace(/\{(\d+)\}/g, (_, i: string) => args[Number(i)] ?? '');
const resultMessage = (stake: number, win: number) =>
  win === stake ? en.studio.stake_returned : win > 0 ? say(en.studio.you_won, money(win)) : en.studio.no_win;

async function open(page: Page, slug: string) {
  const { gameURL } = await asDemo<{ gameURL: string }>('front/get_game_url', { game_code: slug, is_real: true, lang: 'en' });
  await page.goto(`${baseUrl}${gameURL}`, { waitUntil: 'networkidle' });
  await page.locator('#mode[data-mode=real]').waitFor();
}

async function noViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * The round of 1.00 that won `win`× (the balance was `before`) is told, listed and paid,
 * on a page that fits the 375 px phone with no accessibility violation; `shot` is its screenshot.
 */
async function expectPaidOnPhone(page: Page, before: number, win: number, shot: string) {
  expect(await page.locator('#message').textContent()).toBe(resultMessage(1, win));
  expect(await lastBet()).toMatchObject({ bet: 1, win });
  const after = await totalNow();
  expect(cents(after)).toBe(cents(before) - 100 + cents(win));
  await page.locator('#balance', { hasText: money(after) }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: join(shots, shot) });
  await noViolations(page);
}

describe('the new games for real money', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(shots, { recursive: true });
  });
  afterAll(() => browser.close());

  it('mines: opens cells from the keyboard, cashes out, and the balance moves by the stake and the win shown', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await open(page, 'eagle-mines');
    await page.getByLabel(en.studio.mines_count, { exact: true }).selectOption('1');
    await page.locator('#stake').selectOption('1');
    // Its rules state the return before play.
    await page.locator('.card-rules summary').click();
    expect(await page.locator('.card-rules li').allTextContents()).toContain(say(en.studio.mines_rule_pays, '99.00%', '99.00%'));

    // With one mine among 25 a round almost always survives two cells; a mine ends it, and the next round starts over.
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await totalNow();
      await page.getByRole('button', { name: en.studio.bet, exact: true }).click();
      // The board opens once the stake is taken; then Tab reaches a cell and Enter opens it.
      await page.locator('.mines-cell[data-cell="0"]:not([disabled])').waitFor();
      await page.getByRole('button', { name: say(en.studio.mines_cell_closed, '1'), exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.locator('.mines-cell[data-cell="0"]:not([data-state=closed])').waitFor();
      const opened = await page.locator('.mines-cell[data-cell="0"]').getAttribute('data-state');
      if (opened === 'hit') {
        await page.locator('#message:not(:empty)').waitFor();
        expect(await page.locator('#message').textContent()).toBe(en.studio.no_win);
        expect(cents(await totalNow())).toBe(cents(before) - 100);
        continue;
      }
      // The multiplier after one safe cell of one mine: 99 % of 25/24, and the cash-out button names it.
      const cashout = page.getByRole('button', { name: say(en.studio.cashout_for, '1.03×'), exact: true });
      await cashout.waitFor();
      await cashout.click();
      await page.locator('#message:not(:empty)').waitFor();
      const win = 1.03;
      await expectPaidOnPhone(page, before, win, 'mines-375.png');
      await context.close();
      return;
    }
    throw new Error('five mines in a row on a board of one mine');
  });

  it('plinko: drops with the space bar and pays the pocket it lands in', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await open(page, 'plinko-drop');
    await page.getByLabel(en.studio.plinko_rows, { exact: true }).selectOption('8');
    await page.getByLabel(en.studio.plinko_risk, { exact: true }).selectOption('low');
    await page.locator('#stake').selectOption('1');
    expect(await page.locator('.plinko-pockets li').allTextContents()).toEqual([
      '5.62×',
      '2.10×',
      '1.10×',
      '1.00×',
      '0.50×',
      '1.00×',
      '1.10×',
      '2.10×',
      '5.62×',
    ]);
    const before = await totalNow();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press(' ');
    await page.locator('.plinko-pockets li[aria-current=true]').waitFor({ timeout: 15_000 });
    await page.locator('#message:not(:empty)').waitFor();
    const shown = (await page.locator('.plinko-pockets li[aria-current=true]').textContent()) ?? '';
    const win = Number(shown.replace('×', ''));
    await expectPaidOnPhone(page, before, win, 'plinko-375.png');
    await context.close();
  });

  it('fits every new game on a 375 px phone in free play, with no accessibility violation, a round played in each', async () => {
    const games: [slug: string, engine: string, play: (page: Page) => Promise<void>][] = [
      [
        'hi-lo-royale',
        'hilo',
        async (page) => {
          await page.getByRole('button', { name: en.studio.bet, exact: true }).click();
          await page.getByRole('button', { name: en.studio.hilo_skip, exact: true }).waitFor();
        },
      ],
      [
        'sic-bo',
        'sicbo',
        async (page) => {
          await page
            .getByRole('button', { name: say(en.studio.sicbo_spot, `${en.studio.sicbo_small} (${en.studio.sicbo_group_main})`, '1:1', money(0)) })
            .click();
          await page.getByRole('button', { name: en.studio.roll, exact: true }).click();
          await page.locator('#message:not(:empty)').waitFor();
        },
      ],
      [
        'andar-bahar',
        'andar-bahar',
        async (page) => {
          await page.getByRole('button', { name: en.studio.deal, exact: true }).click();
          await page.locator('#message:not(:empty)').waitFor();
        },
      ],
      [
        'teen-patti',
        'teen-patti',
        async (page) => {
          await page.getByRole('button', { name: en.studio.deal, exact: true }).click();
          await page.getByRole('button', { name: en.studio.tp_fold, exact: true }).click();
          await page.locator('#message:not(:empty)').waitFor();
        },
      ],
      [
        'french-roulette',
        'roulette',
        async (page) => {
          expect(await page.locator('.roulette-help').textContent()).toContain(say(en.studio.roulette_la_partage, '98.65%'));
        },
      ],
    ];
    for (const [slug, engine, play] of games) {
      const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/play/${engine}#demo=${slug}`, { waitUntil: 'networkidle' });
      await page.locator('#mode[data-mode=fun]').waitFor();
      await play(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), slug).toBeLessThanOrEqual(375);
      await page.screenshot({ path: join(shots, `${slug}-375.png`) });
      await noViolations(page);
      await context.close();
    }
  });
});
