// Bingo 90 as a player sees it on a phone: tickets bought in the sale, the draw watched
// live with the tickets daubed as the balls come, the prizes paid into the balance.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatMoney } from '../../src/lib/format.ts';
import { launchBrowser, e2eServer } from '../helpers/e2e.ts';
import { callAs, DEMO } from '../helpers/staff.ts';

const { baseUrl } = e2eServer();

type BingoState = {
  round: { round: number; phase: string; saleEndsAt: string; serverTime: string; drawn: number[] } | null;
  purchase: { tickets: (number | null)[][][]; amount: number; status: string; win: number } | null;
};
async function state(session: string): Promise<BingoState> {
  const response = await fetch(`${baseUrl}/api/studio/bingo/state`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session }),
  });
  return (await response.json()) as BingoState;
}
const balanceOf = async () =>
  ((await (await callAs(baseUrl, DEMO, 'front/get_player_balance')).json()) as { player: { total_balance: number } }).player.total_balance;

describe('bingo on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('buys two tickets, watches the balls daub them, and is paid the prizes', { timeout: 600_000 }, async () => {
    const { gameURL } = (await (await callAs(baseUrl, DEMO, 'front/get_game_url', { game_code: 'bingo-90', is_real: true, lang: 'en' })).json()) as {
      gameURL: string;
    };
    const session = new URLSearchParams(gameURL.split('#')[1]).get('s') as string;
    const page: Page = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
    await page.goto(`${baseUrl}${gameURL}`, { waitUntil: 'networkidle' });
    await page.locator('#mode[data-mode=real]').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // A sale with time enough left to buy (else the next one: a game lasts at most 90 balls).
    await expect
      .poll(
        async () => {
          const { round } = await state(session);
          return round?.phase === 'sale' && Date.parse(round.saleEndsAt) - Date.parse(round.serverTime) > 6_000;
        },
        { timeout: 300_000, interval: 1_000 },
      )
      .toBe(true);
    await page.locator('#bingo-phase', { hasText: 'Tickets on sale' }).waitFor();
    const before = await balanceOf();
    await page.locator('#bingo-count').selectOption('2');
    await page.locator('#bingo-buy').click();
    await page.locator('#message', { hasText: 'Tickets bought' }).waitFor();
    await expect.poll(() => page.locator('#bingo-tickets .bingo-ticket').count()).toBe(2);
    await page.locator('#balance', { hasText: formatMoney(before - 2, 'en') }).waitFor();
    expect(await page.locator('#bingo-buy').isDisabled()).toBe(true);

    // The draw: balls come out one by one, and every drawn number on the tickets is daubed, nothing else.
    await page.locator('#game[data-phase=drawing]').waitFor({ timeout: 45_000 });
    await expect.poll(() => page.locator('#bingo-board [data-drawn]').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    const { round, purchase } = await state(session);
    const numbers = (purchase?.tickets ?? []).flat(2).filter((n): n is number => n !== null);
    const drawnNow = new Set(round?.drawn ?? []);
    await expect.poll(async () => (await page.locator('#bingo-tickets [data-daubed]').count()) >= numbers.filter((n) => drawnNow.has(n)).length).toBe(true);
    const daubed = await page.locator('#bingo-tickets [data-daubed]').evaluateAll((cells) => cells.map((c) => Number(c.textContent)));
    const drawnAfter = new Set((await state(session)).round?.drawn ?? []);
    for (const n of daubed) expect(drawnAfter.has(n)).toBe(true);

    // The full house ends the game; the prizes reach the balance and the page says so.
    await page.locator('#game[data-phase=done]').waitFor({ timeout: 200_000 });
    const done = await state(session);
    expect(done.purchase?.status).toBe('settled');
    const win = done.purchase?.win ?? 0;
    expect(await balanceOf()).toBeCloseTo(before - 2 + win, 2);
    await page.locator('#balance', { hasText: formatMoney(before - 2 + win, 'en') }).waitFor();
    await page.locator('#message', { hasText: win > 0 ? 'You won' : 'No win' }).waitFor();
    // Every number of the tickets that was drawn is daubed.
    const all = new Set(done.round?.drawn ?? []);
    expect(await page.locator('#bingo-tickets [data-daubed]').count()).toBe(numbers.filter((n) => all.has(n)).length);
  });
});
