// The crash game as two players see it: two browsers watch the same shared round, one
// cashes out by hand, the other rides it to the crash; both balances end right.
import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMoney } from '../../src/lib/format.ts';
import { launchBrowser } from '../helpers/e2e.ts';
import { type MailCatcher, startMailCatcher } from '../helpers/mail.ts';
import { callAs, DEMO } from '../helpers/staff.ts';

const baseUrl = inject('baseUrl');

async function post(path: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as Record<string, unknown>;
}

type Account = { username: string; password: string };
const balanceOf = async (account: Account) =>
  ((await (await callAs(baseUrl, account, 'front/get_player_balance')).json()) as { player: { total_balance: number } }).player.total_balance;

async function open(browser: Browser, account: Account): Promise<{ page: Page; session: string }> {
  const { gameURL } = (await (await callAs(baseUrl, account, 'front/get_game_url', { game_code: 'eagle-crash', is_real: true, lang: 'en' })).json()) as {
    gameURL: string;
  };
  const page = await (await browser.newContext({ viewport: { width: 900, height: 700 } })).newPage();
  await page.goto(`${baseUrl}${gameURL}`, { waitUntil: 'networkidle' });
  await page.locator('#mode[data-mode=real]').waitFor();
  return { page, session: new URLSearchParams(gameURL.split('#')[1]).get('s') as string };
}

describe('crash game in two browsers', () => {
  let browser: Browser;
  let mail: MailCatcher;
  const suffix = `${Date.now().toString(36)}${randomInt(1000)}`;
  const rider = { username: `rider_${suffix}`, password: 'crash-Pass1' };

  beforeAll(async () => {
    browser = await launchBrowser();
    mail = await startMailCatcher(inject('smtpPort'));
    // A second player, with TENFREE's 10.00 once the mailed link is followed.
    const email = `rider.${suffix}@example.test`;
    expect(
      await post('front/register_player', {
        ...rider,
        confirmPassword: rider.password,
        email,
        first_name: `Rider${suffix}`,
        last_name: 'Crash',
        gender: 'female',
        birthday: '1991-05-06',
        country: 'DE',
        countryPhone: '+49',
        phone_number1: `151${String(randomInt(10 ** 8)).padStart(8, '0')}`,
        city: 'Köln',
        address: 'Domplatz 1',
        postal_code: '50667',
        interface_local: 'en',
        promo_code: 'TENFREE',
        checkTerms: true,
        notify_newletter: false,
      }),
    ).toEqual({ status: 1 });
    const link = (await mail.next(email)).links.find((l) => l.includes('activation_token=')) ?? '';
    expect(await post('front/activate_account', { token: new URL(link).searchParams.get('activation_token') ?? '' })).toMatchObject({ status: 1 });
  });
  afterAll(async () => {
    await browser?.close();
    await mail?.close();
  });

  it('shows one round to both; the one who cashes out is paid, the one who rides loses the stake', { timeout: 900_000 }, async () => {
    const a = await open(browser, DEMO);
    const b = await open(browser, rider);
    // A round that crashes below 1.01× leaves nothing to cash out: then the next one is played.
    for (let attempt = 0; attempt < 4; attempt++) {
      const before = { a: await balanceOf(DEMO), b: await balanceOf(rider) };
      // A flight may last a minute or more (a 20× round flies 50 s): wait for the next betting window.
      await a.page.locator('#crash-bet:not([disabled])').waitFor({ timeout: 150_000 });
      await b.page.locator('#crash-bet:not([disabled])').waitFor({ timeout: 10_000 });
      await Promise.all([a.page.locator('#crash-bet').click(), b.page.locator('#crash-bet').click()]);
      await a.page.locator('#message', { hasText: 'Bet placed' }).waitFor();
      await b.page.locator('#message', { hasText: 'Bet placed' }).waitFor();
      // Both watch the same flight; A cashes out as soon as it can.
      await a.page.locator('#game[data-phase=running]').waitFor({ timeout: 15_000 });
      await b.page.locator('#game[data-phase=running]').waitFor({ timeout: 15_000 });
      await a.page
        .locator('#crash-cashout:not([disabled])')
        .click({ timeout: 5_000 })
        .catch(() => {});
      await a.page.locator('#game[data-phase=crashed]').waitFor({ timeout: 300_000 });
      await b.page.locator('#game[data-phase=crashed]').waitFor({ timeout: 10_000 });
      const shown = { a: await a.page.locator('#crash-multiplier').textContent(), b: await b.page.locator('#crash-multiplier').textContent() };
      expect(shown.a).toBe(shown.b);
      const state = (await post('studio/crash/state', { session: a.session })) as { bet: { status: string; win: number } };
      // The rider lost the stake whatever happened; the other was paid the cash-out.
      expect(await balanceOf(rider)).toBeCloseTo(before.b - 1, 2);
      await b.page.locator('#balance', { hasText: formatMoney(before.b - 1, 'en') }).waitFor();
      if (state.bet.status !== 'cashed') {
        expect(await balanceOf(DEMO)).toBeCloseTo(before.a - 1, 2);
        continue;
      }
      expect(state.bet.win).toBeGreaterThan(1);
      expect(await balanceOf(DEMO)).toBeCloseTo(before.a - 1 + state.bet.win, 2);
      await a.page.locator('#message', { hasText: 'Cashed out at' }).waitFor();
      return;
    }
    throw new Error('no round flew long enough to cash out in four tries');
  });
});
