// The crash game as two players see it: two browsers watch the same shared round, one
// cashes out by hand, the other rides it to the crash; both balances end right.
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/format.ts';
import { browserAndMail, type Credentials, openRealGame, postJson, registerWithTenfree, totalBalance, e2eServer } from '../helpers/e2e.ts';
import { DEMO } from '../helpers/staff.ts';
import { ROOT } from '../helpers/spawn.ts';
import en from '../../locales/en.json';

const { baseUrl } = e2eServer();

const post = (path: string, body: object) => postJson(baseUrl, path, body);
const balanceOf = (account: Credentials) => totalBalance(baseUrl, account);
const open = (browser: Browser, account: Credentials) => openRealGame(browser, baseUrl, account, 'eagle-crash', { width: 900, height: 700 });

describe('crash game in two browsers', () => {
  const { browser, mail } = browserAndMail();
  const suffix = `${Date.now().toString(36)}${randomInt(1000)}`;
  const rider = { username: `rider_${suffix}`, password: 'crash-Pass1' };

  beforeAll(async () => {
    // A second player, with TENFREE's 10.00 once the mailed link is followed.
    await registerWithTenfree(baseUrl, mail, rider, {
      email: `rider.${suffix}@example.test`,
      first_name: `Rider${suffix}`,
      last_name: 'Crash',
      gender: 'female',
      birthday: '1991-05-06',
      phone_number1: `151${String(randomInt(10 ** 8)).padStart(8, '0')}`,
      city: 'Köln',
      address: 'Domplatz 1',
      postal_code: '50667',
    });
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
      const { round } = ((await post('studio/crash/state', { session: a.session })) as { bet: { round: number } }).bet;
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
      const state = (await post('studio/crash/state', { session: a.session, round })) as { bet: { status: string; win: number } };
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

  it("takes the auto cash-out in the form kit's field: a visible label, the catalogue's message for a multiplier it does not take, and no bet with it", {
    timeout: 300_000,
  }, async () => {
    const { page, session } = await open(browser, DEMO);
    const field = page.getByLabel(en.studio.crash_auto, { exact: true });
    await page.locator('[data-crash-auto][data-ready]').waitFor();
    expect(await page.locator('.crash-auto label').isVisible()).toBe(true);
    const message = page.locator('.crash-auto .feedback');
    // 1.00× is no cash-out: the message under the field, once it is left.
    await field.fill('1');
    await field.blur();
    await message.filter({ hasText: en.studio.crash_auto_out_of_range }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await page.locator('#crash-bet:not([disabled])').waitFor({ timeout: 150_000 });
    const before = await balanceOf(DEMO);
    await page.locator('#crash-bet').click();
    await message.filter({ hasText: en.studio.crash_auto_out_of_range }).waitFor();
    expect(await page.locator('#message').textContent()).not.toContain('Bet placed');
    const none = (await post('studio/crash/state', { session })) as { bet: unknown };
    expect(none.bet).toBeNull();
    expect(await balanceOf(DEMO)).toBeCloseTo(before, 2);
    // A multiplier it takes (a comma is read as the decimal point): the message goes, the bet carries it.
    await field.fill('2,5');
    expect(await message.count()).toBe(0);
    await page.locator('#crash-bet:not([disabled])').waitFor({ timeout: 150_000 });
    await page.locator('#crash-bet').click();
    await page.locator('#message', { hasText: 'Bet placed' }).waitFor();
    type Bet = { round: number; status: string; win: number; autoCashout: number | null; cashedAt: number | null };
    const placed = ((await post('studio/crash/state', { session })) as { bet: Bet }).bet;
    expect(placed.autoCashout).toBe(250);
    // The bet asked for by its round, which may have ended by the time it is asked.
    const betNow = async () => ((await post('studio/crash/state', { session, round: placed.round })) as { bet: Bet }).bet;
    // The round flies on: the bet is paid 2.5× once the multiplier passes it, or lost when the
    // round crashes first; the test ends with the money settled, none of it still in flight.
    await expect.poll(async () => (await betNow()).status, { timeout: 300_000, interval: 250 }).toMatch(/^(cashed|lost)$/);
    const settled = await betNow();
    if (settled.status === 'cashed') {
      expect(settled.cashedAt).toBe(250);
      expect(settled.win).toBeCloseTo(2.5, 2);
    } else expect(settled.win).toBe(0);
    expect(await balanceOf(DEMO)).toBeCloseTo(before - 1 + settled.win, 2);
    mkdirSync(join(ROOT, 'test-results/screenshots'), { recursive: true });
    await page.screenshot({ path: join(ROOT, 'test-results/screenshots/crash-auto-900.png') });
  });
});
