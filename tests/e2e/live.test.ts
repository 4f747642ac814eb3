// Live roulette as two players see it: a phone and a desktop watch the same shared round,
// both bet while the countdown runs, both see the same result, and both balances end right.
import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/format.ts';
import { browserAndMail, type Credentials, openRealGame, postJson, registerWithTenfree, totalBalance, e2eServer } from '../helpers/e2e.ts';
import { DEMO } from '../helpers/staff.ts';

const { baseUrl } = e2eServer();

const post = <T = Record<string, unknown>>(path: string, body: object) => postJson<T>(baseUrl, path, body);
type LiveState = {
  round: { round: number; phase: string; bettingEndsAt: string; serverTime: string; outcome: { number: number } | null } | null;
  bet: { status: string; amount: number; win: number } | null;
};
const balanceOf = (account: Credentials) => totalBalance(baseUrl, account);
const open = (browser: Browser, account: Credentials, viewport: { width: number; height: number }) =>
  openRealGame(browser, baseUrl, account, 'live-roulette', viewport);

describe('live roulette in two browsers', () => {
  const { browser, mail } = browserAndMail();
  const suffix = `${Date.now().toString(36)}${randomInt(1000)}`;
  const second = { username: `wheel_${suffix}`, password: 'wheel-Pass1' };

  beforeAll(async () => {
    // A second player, with TENFREE's 10.00 once the mailed link is followed.
    await registerWithTenfree(baseUrl, mail, second, {
      email: `wheel.${suffix}@example.test`,
      first_name: `Wheel${suffix}`,
      last_name: 'Live',
      gender: 'male',
      birthday: '1990-02-03',
      phone_number1: `152${String(randomInt(10 ** 8)).padStart(8, '0')}`,
      city: 'Bonn',
      address: 'Markt 2',
      postal_code: '53111',
    });
  });

  it('shows one round to a phone and a desktop; both bet, both see the result and the right balance', { timeout: 300_000 }, async () => {
    const a = await open(browser, DEMO, { width: 375, height: 740 });
    const b = await open(browser, second, { width: 1280, height: 800 });
    // The cloth fits the phone: nothing wider than the screen.
    expect(await a.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // A betting window with time enough left for both to bet (else the next one).
    await expect
      .poll(
        async () => {
          const { round } = await post<LiveState>('studio/live/state', { session: a.session });
          return round?.phase === 'betting' && Date.parse(round.bettingEndsAt) - Date.parse(round.serverTime) > 7_000;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
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
