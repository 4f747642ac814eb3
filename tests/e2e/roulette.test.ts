// Roulette with chips, as a player meets it: the table's limits, chips on several spots by
// pointer and by keyboard, undo, a spot's maximum refused, repeat and double, and spins
// that move the balance by exactly the stake and the win the screen shows; then the
// same table on phones of 320 and 375 px; and an American table on a 375 px phone, a chip on
// 00 and on the five-number bet for real money.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import { AMERICAN_ROULETTE_SPOT_BY_KEY, DOUBLE_ZERO, ROULETTE_SPOT_BY_KEY, type RouletteSpot, rouletteMultiplier } from '../../src/shared/game-tables.ts';
import { fmt } from '../../src/lib/plural.ts';
import { LANGUAGE_TAG } from '../../src/shared/locales.ts';
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
const cents = (amount: number) => Math.round(amount * 100);
/** An amount as the game page writes it in a locale. */
const money = (amount: number, locale: 'en' | 'de' = 'en') =>
  new Intl.NumberFormat(LANGUAGE_TAG[locale], { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);

/** What the screen's message says for a finished round. */
function resultMessage(stake: number, win: number): string {
  if (win === stake) return en.studio.stake_returned;
  return win > 0 ? fmt(en.studio.you_won, money(win)) : en.studio.no_win;
}

/** What a layout (spot key → cents) returns on a pocket, in cents, by the table's rules. */
function exactWin(layout: Record<string, number>, pocket: number, spots: ReadonlyMap<string, RouletteSpot> = ROULETTE_SPOT_BY_KEY): number {
  return Object.entries(layout).reduce((sum, [key, amount]) => {
    const spot = spots.get(key) as RouletteSpot;
    return sum + (spot.numbers.includes(pocket) ? amount * rouletteMultiplier(spot) : 0);
  }, 0);
}

describe('roulette chips', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(shots, { recursive: true });
  });
  afterAll(() => browser.close());

  const pickChip = (page: Page, amount: number, locale: 'en' | 'de' = 'en') =>
    page.locator('.roulette-pick').filter({ has: page.getByRole('radio', { name: money(amount, locale), exact: true }) });
  const spot = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

  it('places chips by pointer and keyboard, undoes, refuses a spot over its maximum, repeats and doubles, and moves the balance by exactly the shown result', async () => {
    const { gameURL } = await asDemo<{ gameURL: string }>('front/get_game_url', { game_code: 'european-roulette', is_real: true, lang: 'en' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}${gameURL}`, { waitUntil: 'networkidle' });
    await page.locator('#mode[data-mode=real]').waitFor();
    const spinButton = page.getByRole('button', { name: en.studio.spin, exact: true });
    const total = page.locator('.roulette-total output');
    const message = page.locator('#message');

    // The table's limits are on it; the shared stake picker is gone, and nothing can spin yet.
    expect(await page.locator('.roulette-limits').textContent()).toBe(fmt(en.studio.roulette_limits, money(0.1), money(25), money(100)));
    expect(await page.locator('#stake').isVisible()).toBe(false);
    expect(await page.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.getAttribute('value')))).toEqual([
      '10',
      '50',
      '100',
      '500',
      '1000',
      '2500',
    ]);
    expect(await spinButton.isDisabled()).toBe(true);
    expect(await total.textContent()).toBe(money(0));

    await pickChip(page, 1).click();
    await spot(page, 'Straight 17').click();
    await spot(page, en.studio.roulette_red).click();
    await pickChip(page, 0.5).click();
    await spot(page, 'Split 17/20').click();
    // The keyboard path: a spot is a button that Enter bets on.
    await spot(page, 'Dozen 13–24').focus();
    await page.keyboard.press('Enter');
    await spot(page, 'Dozen 13–24: €0.50 bet').waitFor();
    expect(await total.textContent()).toBe(money(3));
    await page.getByRole('button', { name: en.studio.roulette_undo }).click();
    await spot(page, 'Dozen 13–24').waitFor();
    expect(await total.textContent()).toBe(money(2.5));
    for (const name of ['Straight 17: €1.00 bet', 'Red: €1.00 bet', 'Split 17/20: €0.50 bet']) await spot(page, name).waitFor();

    // Tab goes from the chips through the edit buttons to the table.
    await page.getByRole('radio', { name: money(0.5), exact: true }).focus();
    let focused = '';
    for (let i = 0; i < 8 && !focused; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() =>
        document.activeElement?.classList.contains('roulette-spot') ? (document.activeElement.getAttribute('aria-label') ?? '') : '',
      );
    }
    expect(focused).toBe('Straight 0');

    // 1.00 + 25.00 on one number is over the spot's 25.00: refused, with the limit named.
    await pickChip(page, 25).click();
    await page.locator('[data-key="straight-17"]').click();
    expect(await message.textContent()).toBe(fmt(en.studio.roulette_spot_max, money(25)));
    await spot(page, 'Straight 17: €1.00 bet').waitFor();
    expect(await total.textContent()).toBe(money(2.5));

    const layout = { 'straight-17': 100, red: 100, 'split-17-20': 50 };
    const spinAndCheck = async (stake: number, bets: Record<string, number>) => {
      const before = await totalNow();
      await spinButton.click();
      await page.locator('.roulette-result[data-colour]').waitFor();
      const pocket = Number(await page.locator('.roulette-result-number').textContent());
      const win = exactWin(bets, pocket) / 100;
      const last = (await asDemo<{ transactions: { rows: { bet: number; win: number }[] } }>('front/get_bet_list')).transactions.rows[0];
      expect(last).toMatchObject({ bet: stake, win });
      expect(await message.textContent()).toBe(resultMessage(stake, win));
      const after = await totalNow();
      expect(cents(after)).toBe(cents(before) - cents(stake) + cents(win));
      await page.locator('#balance', { hasText: money(after) }).waitFor();
    };
    await spinAndCheck(2.5, layout);
    await page.screenshot({ path: join(shots, 'roulette-1280.png') });

    // After the spin, won or lost, the table shows the last bet as a ghost for Repeat, the
    // total line saying so: never a chip beside "Total bet €0.00".
    const totalLabel = page.locator('.roulette-total span');
    expect(await spinButton.isDisabled()).toBe(true);
    expect(await totalLabel.textContent()).toBe(en.studio.roulette_last_bet);
    expect(await total.textContent()).toBe(money(2.5));
    expect(await page.locator('.roulette-table[data-settled]').count()).toBe(1);
    // Each ghost is drawn as one (dotted, not a coloured chip), a winning spot's ringed.
    const ghosts = (stacks: Element[]) => stacks.map((s) => getComputedStyle(s).borderTopStyle);
    expect(await page.locator('.roulette-spot[data-placed] .roulette-stack').evaluateAll(ghosts)).toEqual(['dotted', 'dotted', 'dotted']);
    // Clear takes the ghost away: an empty table and a total of nothing.
    await page.getByRole('button', { name: en.studio.clear }).click();
    expect(await page.locator('.roulette-spot[data-placed]').count()).toBe(0);
    expect([await totalLabel.textContent(), await total.textContent()]).toEqual([en.studio.roulette_total, money(0)]);

    // Repeat brings the last bets back, double doubles them.
    await page.getByRole('button', { name: en.studio.roulette_repeat }).click();
    expect(await totalLabel.textContent()).toBe(en.studio.roulette_total);
    expect(await total.textContent()).toBe(money(2.5));
    await page.getByRole('button', { name: en.studio.roulette_double }).click();
    await spot(page, 'Straight 17: €2.00 bet').waitFor();
    expect(await total.textContent()).toBe(money(5));
    await page.getByRole('button', { name: en.studio.roulette_undo }).click();
    expect(await total.textContent()).toBe(money(2.5));
    await spinAndCheck(2.5, layout);

    const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });

  /** The controls that stick out: the chips and edit buttons out of the game's panel, the buttons under it out of the window. */
  const controlsOutside = (page: Page) =>
    page.evaluate(() => {
      const panel = (document.querySelector('.roulette') as HTMLElement).getBoundingClientRect();
      const out = (selector: string, left: number, right: number) =>
        [...document.querySelectorAll(selector)].filter((el) => {
          const box = el.getBoundingClientRect();
          return box.left < left - 0.5 || box.right > right + 0.5;
        });
      return [...out('.roulette-tools button, .roulette-pick', panel.left, panel.right), ...out('#actions button', 0, innerWidth)].map((el) => el.textContent);
    });

  it('keeps every control inside the game on phones in the languages with the longest words', async () => {
    for (const width of [320, 375]) {
      for (const locale of ['gr', 'hu', 'fi', 'de', 'ru']) {
        const context = await browser.newContext({ viewport: { width, height: 640 }, hasTouch: true, isMobile: true });
        const page = await context.newPage();
        await page.goto(`${baseUrl}/${locale}/play/roulette#demo=european-roulette`, { waitUntil: 'networkidle' });
        await page.locator('.roulette-table').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${locale} at ${width}px`).toBeLessThanOrEqual(width);
        expect(await controlsOutside(page), `${locale} at ${width}px`).toEqual([]);
        await context.close();
      }
    }
  });

  it('plays an American table on a 375 px phone: a chip on 00 and on the five-number bet for real money, the return stated, the balance moved by the result', async () => {
    const { gameURL } = await asDemo<{ gameURL: string }>('front/get_game_url', { game_code: 'american-roulette', is_real: true, lang: 'en' });
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${baseUrl}${gameURL}`, { waitUntil: 'networkidle' });
    await page.locator('#mode[data-mode=real]').waitFor();
    // The rules say both returns, the five-number bet's worse one named.
    expect(await page.locator('.roulette-help').textContent()).toContain(fmt(en.studio.roulette_american, '94.74%', '92.11%'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await pickChip(page, 1).tap();
    await spot(page, 'Straight 00').tap();
    await pickChip(page, 0.5).tap();
    await spot(page, fmt(en.studio.roulette_five, '0/1/2/3/00')).tap();
    await spot(page, fmt(en.studio.roulette_bet_on, 'Straight 00', money(1))).waitFor();
    expect(await page.locator('.roulette-total output').textContent()).toBe(money(1.5));
    expect(await controlsOutside(page)).toEqual([]);

    const before = await totalNow();
    await page.getByRole('button', { name: en.studio.spin, exact: true }).tap();
    await page.locator('.roulette-result[data-colour]').waitFor();
    const shown = await page.locator('.roulette-result-number').textContent();
    const pocket = shown === '00' ? DOUBLE_ZERO : Number(shown);
    expect(pocket).toBeGreaterThanOrEqual(0);
    expect(pocket).toBeLessThanOrEqual(DOUBLE_ZERO);
    const win = exactWin({ [`straight-${DOUBLE_ZERO}`]: 100, 'five-0-1-2-3-37': 50 }, pocket, AMERICAN_ROULETTE_SPOT_BY_KEY) / 100;
    const last = (await asDemo<{ transactions: { rows: { bet: number; win: number }[] } }>('front/get_bet_list')).transactions.rows[0];
    expect(last).toMatchObject({ bet: 1.5, win });
    expect(await page.locator('#message').textContent()).toBe(resultMessage(1.5, win));
    const after = await totalNow();
    expect(cents(after)).toBe(cents(before) - 150 + cents(win));
    await page.locator('#balance', { hasText: money(after) }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: join(shots, 'roulette-american-375.png') });
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });

  it('fits phones of 320 and 375 px: no sideways scroll, chips placed by touch, the table scrolls under the chips', async () => {
    for (const width of [320, 375]) {
      const context = await browser.newContext({ viewport: { width, height: 640 }, hasTouch: true, isMobile: true, locale: 'de-DE' });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/de/play/roulette#demo=european-roulette`, { waitUntil: 'networkidle' });
      await page.locator('#mode[data-mode=fun]').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await pickChip(page, 5, 'de').tap();
      await page.locator('[data-key="black"]').tap();
      await pickChip(page, 0.5, 'de').tap();
      await page.locator('[data-key="corner-31-32-34-35"]').tap();
      await page.locator('[data-key="street-0-1-2"]').tap();
      expect(await page.locator('.roulette-total output').textContent()).toBe(money(6, 'de'));
      await spot(page, fmt(de.studio.roulette_bet_on, fmt(de.studio.roulette_corner, '31/32/34/35'), money(0.5, 'de'))).waitFor();
      expect(await controlsOutside(page)).toEqual([]);
      await page.getByRole('button', { name: de.studio.spin, exact: true }).tap();
      await page.locator('.roulette-result[data-colour]').waitFor();
      await page.locator('#message:not(:empty)').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: join(shots, `roulette-${width}.png`) });
      if (width === 375) {
        const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      }
      await context.close();
    }
  });
});
