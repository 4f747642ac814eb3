import { createHmac, randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMoney } from '../../src/lib/format.ts';
import { fillLogin, launchBrowser, e2eServer } from '../helpers/e2e.ts';
import { callAs, DEMO } from '../helpers/staff.ts';

const { baseUrl } = e2eServer();
const DEMO_ID = 1;

/** What a game studio does for a player's bet or win: a signed server-to-server call. */
async function studio(kind: 'bet' | 'win', body: Record<string, unknown>) {
  const raw = JSON.stringify({ playerId: DEMO_ID, ...body });
  const signature = createHmac('sha256', inject('webhookSecret')).update(raw).digest('hex');
  const response = await fetch(`${baseUrl}/api/games/wallet/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signature },
    body: raw,
  });
  const reply = (await response.json()) as { status: number };
  expect(reply.status).toBe(1);
}

async function balanceNow(): Promise<{ total: number; real: number }> {
  const reply = (await (await callAs(baseUrl, DEMO, 'front/get_player_balance')).json()) as {
    player: { total_balance: number; real_balance: number };
  };
  return { total: reply.player.total_balance, real: reply.player.real_balance };
}

describe('balance in real time', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('updates the header and the account sidebar without a reload after every committed bet and win', async () => {
    for (const width of [1280, 375]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/de/online-casino`, { waitUntil: 'networkidle' });
      await page
        .locator(width > 600 ? '.header-login' : '.menu-button')
        .first()
        .waitFor();
      if (width > 600) await page.locator('.header-login').click();
      else await page.evaluate(() => document.querySelector<HTMLElement>('.header-login')?.click());
      await fillLogin(page);
      await page.waitForURL(`${baseUrl}/de/online-casino`);
      const total = page.getByTestId('total-balance');
      const before = await balanceNow();
      await total.filter({ hasText: formatMoney(before.total, 'de') }).waitFor();
      const loads: string[] = [];
      page.on('load', () => loads.push(page.url()));

      const bet = `bet-${randomUUID()}`;
      await studio('bet', { transactionId: bet, amount: 12.34, gameId: 'eagle-slots', gameName: 'Eagle Slots', roundId: `round-${randomUUID()}` });
      await total.filter({ hasText: formatMoney(before.total - 12.34, 'de') }).waitFor({ timeout: 5000 });
      await studio('win', { transactionId: `win-${randomUUID()}`, betTransactionId: bet, amount: 20 });
      await total.filter({ hasText: formatMoney(before.total - 12.34 + 20, 'de') }).waitFor({ timeout: 5000 });

      if (width < 600) {
        // The account sidebar shows the same live real balance.
        await page.locator('.account-sidebar-button').click();
        await page
          .locator('#account-sidebar .panel-balances dd', { hasText: formatMoney(before.real - 12.34 + 20, 'de') })
          .first()
          .waitFor();
      }
      expect(loads).toEqual([]);
      await context.close();
    }
  });
});
