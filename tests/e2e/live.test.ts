// Live roulette as two players see it: a phone and a desktop watch the same shared round,
// both bet while the countdown runs, both see the same result, and both balances end right.
import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMoney } from '../../src/lib/format.ts';
import { launchBrowser } from '../helpers/e2e.ts';
import { type MailCatcher, startMailCatcher } from '../helpers/mail.ts';
import { callAs, DEMO } from '../helpers/staff.ts';

const baseUrl = inject('baseUrl');

async function post<T = Record<string, unknown>>(path: string, body: object): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as T;
}

type Account = { username: string; password: string };
type LiveState = {
  round: { round: number; phase: string; bettingEndsAt: string; serverTime: string; outcome: { number: number } | null } | null;
  bet: { status: string; amount: number; win: number } | null;
};
const balanceOf = async (account: Account) =>
  ((await (await callAs(baseUrl, account, 'front/get_player_balance')).json()) as { player: { total_balance: number } }).player.total_balance;

async function open(browser: Browser, account: Account, viewport: { width: number; height: number }): Promise<{ page: Page; session: string }> {
  const { gameURL } = (await (await callAs(baseUrl, account, 'front/get_game_url', { game_code: 'live-roulette', is_real: true, lang: 'en' })).json()) as {
    gameURL: string;
  };
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(`${baseUrl}${gameURL}`, { waitUntil: 'networkidle' });
  await page.locator('#mode[data-mode=real]').waitFor();
  return { page, session: new URLSearchParams(gameURL.split('#')[1]).get('s') as string };
}

describe('live roulette in two browsers', () => {
  let browser: Browser;
  let mail: MailCatcher;
  const suffix = `${Date.now().toString(36)}${randomInt(1000)}`;
  const second = { username: `wheel_${suffix}`, password: 'wheel-Pass1' };

  beforeAll(async () => {
    browser = await launchBrowser();
    mail = await startMailCatcher(inject('smtpPort'));
    // A second player, with TENFREE's 10.00 once the mailed link is followed.
    const email = `wheel.${suffix}@example.test`;
    expect(
      await post('front/register_player', {
        ...second,
        confirmPassword: second.password,
        email,
        first_name: `Wheel${suffix}`,
        last_name: 'Live',
        gender: 'male',
        birthday: '1990-02-03',
        country: 'DE',
        countryPhone: '+49',
        phone_number1: `152${String(randomInt(10 ** 8)).padStart(8, '0')}`,
        city: 'Bonn',
        address: 'Markt 2',
        postal_code: '53111',
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

  it('shows one round to a phone and a desktop; both bet, both see the result and the right balance', { timeout: 300_000 }, async () => {
    const a = await open(browser, DEMO, { width: 375, height: 740 });
    const b = await open(browser, second, { width: 1280, height: 800 });
    // The cloth fits the phone: nothing wider than the screen.
    expect(await a.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // A betting window with time enough left for both to bet (else the next one).
    for (let i = 0; i < 60; i++) {
      const { round } = await post<LiveState>('studio/live/state', { session: a.session });
      if (round?.phase === 'betting' && Date.parse(round.bettingEndsAt) - Date.parse(round.serverTime) > 7_000) break;
      await new Promise((r) => setTimeout(r, 1_000));
    }
    await a.page.locator('#live-phase', { hasText: 'Bets close in' }).waitFor();
    await b.page.locator('#live-phase', { hasText: 'Bets close in' }).waitFor();
    const before = { a: await balanceOf(DEMO), b: await balanceOf(second) };

    // A puts 1.00 on red and 1.00 more on it (2.00); B puts 1.00 on black and 1.00 on 17.
    await a.page.locator('[data-spot=red]').click();
    await a.page.locator('[data-spot=red]').click();
    await expect.poll(() => a.page.locator('#live-total').textContent()).toBe(formatMoney(2, 'en'));
    await b.page.locator('[data-spot=black]').click();
    await b.page.locator('[data-spot="straight:17"]').click();
    await Promise.all([a.page.locator('#live-place').click(), b.page.locator('#live-place').click()]);
    await a.page.locator('#message', { hasText: 'Bets placed' }).waitFor();
    await b.page.locator('#message', { hasText: 'Bets placed' }).waitFor();
    await a.page.locator('#balance', { hasText: formatMoney(before.a - 2, 'en') }).waitFor();
    // The board takes no more chips this round.
    expect(await a.page.locator('[data-spot=red]').isDisabled()).toBe(true);

    // No more bets, then the same result on both screens.
    await a.page.locator('#live-phase', { hasText: 'No more bets' }).waitFor({ timeout: 20_000 });
    await a.page.locator('#game[data-phase=result]').waitFor({ timeout: 15_000 });
    await b.page.locator('#game[data-phase=result]').waitFor({ timeout: 15_000 });
    const shown = { a: await a.page.locator('#live-result').textContent(), b: await b.page.locator('#live-result').textContent() };
    expect(shown.a).toBe(shown.b);

    // The payout follows the result at once; the result stays 6 s on the table before the next round clears it.
    let [stateA, stateB] = [{} as LiveState, {} as LiveState];
    for (let i = 0; i < 20 && (stateA.bet?.status !== 'settled' || stateB.bet?.status !== 'settled'); i++) {
      [stateA, stateB] = await Promise.all([
        post<LiveState>('studio/live/state', { session: a.session }),
        post<LiveState>('studio/live/state', { session: b.session }),
      ]);
    }
    const drawn = stateA.round?.outcome?.number ?? -1;
    expect(shown.a).toBe(String(drawn));
    const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(drawn);
    const winA = red ? 4 : 0;
    const winB = (drawn !== 0 && !red ? 2 : 0) + (drawn === 17 ? 36 : 0);
    // Each page says what the round did for its player, and shows the balance after the payout.
    await Promise.all([
      a.page.locator('#message', { hasText: winA > 0 ? 'You won' : 'No win' }).waitFor({ timeout: 5_000 }),
      b.page.locator('#message', { hasText: winB > 0 ? 'You won' : 'No win' }).waitFor({ timeout: 5_000 }),
      a.page.locator('#balance', { hasText: formatMoney(before.a - 2 + winA, 'en') }).waitFor({ timeout: 5_000 }),
      b.page.locator('#balance', { hasText: formatMoney(before.b - 2 + winB, 'en') }).waitFor({ timeout: 5_000 }),
    ]);
    expect(stateA.bet).toMatchObject({ status: 'settled', amount: 2, win: winA });
    expect(stateB.bet).toMatchObject({ status: 'settled', amount: 2, win: winB });
    expect(await balanceOf(DEMO)).toBeCloseTo(before.a - 2 + winA, 2);
    expect(await balanceOf(second)).toBeCloseTo(before.b - 2 + winB, 2);
    // The result joins the last results, a link that verifies it on /fairness.
    const verify = a.page.locator('#live-history a').first();
    await expect.poll(() => verify.textContent()).toBe(String(drawn));
    expect(await verify.getAttribute('href')).toContain('/fairness#engine=roulette');
  });
});
