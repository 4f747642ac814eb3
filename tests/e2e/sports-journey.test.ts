// The sportsbook's journey as a new player makes it, on a server of its own whose
// simulated feed plays fast (a kick-off every 2.5 seconds, a match in under a
// minute): register, deposit €50 by card with the code SPORTS20 and be told of the €20
// free bet, open /sports and see live prices move, add three selections of three events,
// stake the free bet on their accumulator and €5 on the first as a single, watch the
// events finish, and find both bets settled in My bets and the account's bet list with
// the header's balance brought by push to what the server says.
import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/format.ts';
import type { SportBetsReply } from '../../src/shared/sports.ts';
import { launchBrowser } from '../helpers/e2e.ts';
import { startE2eServer } from '../helpers/e2e-setup.ts';
import type { Spawned } from '../helpers/spawn.ts';
import { callAs } from '../helpers/staff.ts';

const eur = (n: number) => formatMoney(n, 'en', 'EUR');

async function register(baseUrl: string, suffix: string): Promise<{ username: string; password: string }> {
  const account = { username: `journey_${suffix}`, password: 'journey-Pass1' };
  const response = await fetch(`${baseUrl}/api/front/register_player`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...account,
      confirmPassword: account.password,
      email: `${account.username}@example.test`,
      first_name: `Punter${suffix}`,
      last_name: 'Becker',
      gender: 'male',
      birthday: '1988-04-05',
      country: 'DE',
      countryPhone: '+49',
      phone_number1: `16${String(randomInt(10 ** 8)).padStart(8, '0')}`,
      city: 'Hamburg',
      address: 'Elbchaussee 1',
      postal_code: '22763',
      interface_local: 'en',
      checkTerms: true,
      notify_newletter: false,
    }),
  });
  expect(await response.json()).toEqual({ status: 1 });
  return account;
}

/** The first open price of each of the first events of the list not yet in the slip; answers the event's id. */
async function pick(page: Page, skip: string[]): Promise<string> {
  const events = page.locator(`.sb-event${skip.map((id) => `:not([data-event="${id}"])`).join('')}`);
  await events.first().waitFor({ timeout: 60_000 });
  // Not the next kick-off or the one after: a match that starts while the slip is being placed
  // is suspended around its goals, and on a slow machine it may even be over first.
  const later = events.nth(Math.min(2, (await events.count()) - 1));
  const price = later.locator('.sb-market').first().locator('.sb-price:not([disabled])').first();
  await price.waitFor({ timeout: 60_000 });
  const event = await price.evaluate((el) => el.closest('.sb-event')?.getAttribute('data-event') ?? '');
  await price.click();
  return event;
}

describe('the sportsbook journey of a new player', () => {
  let browser: Browser;
  let server: Spawned;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ server } = await startE2eServer({
      // A kick-off of each sport every 10 s (one every 2.5 s in all), a football match in under a minute.
      SPORTS_FEED_SPEED: '120',
      SPORTS_FEED_SPACING_MINUTES: '0.17',
    }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('registers, gets the free bet with a deposit, places the free bet on an accumulator and a single, and sees them settled', async () => {
    const baseUrl = server.url;
    const account = await register(baseUrl, `${Date.now().toString(36)}${randomInt(1000)}`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Log in and deposit €50 by card with the code SPORTS20.
    await page.goto(`${baseUrl}/online-casino`, { waitUntil: 'networkidle' });
    await page.locator('.header-login').click();
    await page.locator('dialog.modal input[name=username]').fill(account.username);
    await page.locator('dialog.modal input[name=password]').fill(account.password);
    await page.locator('dialog.modal button[type=submit]').click();
    const header = page.getByTestId('total-balance');
    await header.filter({ hasText: eur(0) }).waitFor();
    await page.goto(`${baseUrl}/user-management?tab=2`);
    const deposit = page.getByTestId('deposit');
    await deposit.locator('form').waitFor();
    await page.locator('input[name=promo_code]').fill('SPORTS20');
    await page.locator('.acct-ok', { hasText: /./ }).waitFor();
    const form = deposit.locator('form');
    await form.locator('input[name=amount]').fill('50');
    await form.locator('input[name=cc-name]').fill('Jonas Becker');
    await form.locator('input[name=cc-number]').fill('4242 4242 4242 4242');
    await form.locator('input[name=cc-exp-month]').fill('12');
    await form.locator('input[name=cc-exp-year]').fill(String(new Date().getFullYear() + 3));
    await form.locator('input[name=cc-csc]').fill('123');
    await form.locator('button[type=submit]').click();
    await page
      .getByTestId('deposit-bonus')
      .filter({ hasText: `Free bet added: ${eur(20)}. Use it in the Sports betslip.` })
      .waitFor({ timeout: 30_000 });
    await header.filter({ hasText: eur(50) }).waitFor();

    // The sportsbook: live prices move by push.
    await page.goto(`${baseUrl}/sports`, { waitUntil: 'networkidle' });
    await page.locator('.sb-sections .chip', { hasText: 'Live' }).click();
    await page.locator('.sb-price.sb-up, .sb-price.sb-down').first().waitFor({ timeout: 60_000 });
    await page.locator('.sb-sections .chip', { hasText: 'Pre-match' }).click();
    // Football: its markets close only for a moment after a goal (a basketball market, after every basket, is closed most of the time).
    await page.locator('button.chip', { hasText: /^Football$/ }).click();
    await page.locator('.sb-event').first().waitFor();

    // Three selections of three events; any odds accepted, the matches being about to start.
    const slip = page.locator('.sb-slip');
    // The list changes under the pointer as matches kick off: pick until the slip holds three of three events.
    const picked: string[] = [];
    for (let attempt = 0; attempt < 12 && picked.length < 3; attempt++) {
      const event = await pick(page, picked);
      // A price taken shows at once in the slip; one that moved away under the pointer leaves it as it was.
      await expect
        .poll(() => slip.locator('.sb-slip-item').count(), { timeout: 2_000 })
        .not.toBe(picked.length)
        .catch(() => {});
      const inSlip = await slip.locator('.sb-slip-item').count();
      if (inSlip > picked.length) picked.push(event);
      else if (inSlip < picked.length) picked.splice(inSlip);
    }
    await slip.locator('.sb-acc', { hasText: 'Accumulator of 3 selections' }).waitFor();
    await slip.locator('.sb-accept select').selectOption('any');
    // The free bet stakes the accumulator (its combined odds are well over 1.50); once chosen there, the singles no longer offer it.
    const freeLabel = `Use my free bet of ${eur(20)}`;
    await slip.locator('.sb-acc').getByLabel(freeLabel).check();
    await expect(slip.locator('.sb-slip-item').getByLabel(freeLabel).count()).resolves.toBe(0);
    await slip.locator('.sb-acc .hint', { hasText: 'the stake is not returned' }).waitFor();
    // And €5 of the player's money on the first selection as a single.
    await slip.locator('.sb-slip-item').first().getByLabel('Stake').fill('5');
    await slip.locator('.sb-total strong', { hasText: eur(5) }).waitFor();
    // A market suspended for a goal in between refuses its bet for a moment: the slip keeps it, and it is placed again.
    for (let attempt = 0; attempt < 6 && (await slip.locator('.sb-slip-item').count()) > 0; attempt++) {
      await slip.locator('.sb-place').click();
      await Promise.race([
        slip.locator('.alert-success').waitFor({ timeout: 10_000 }),
        slip.locator('[role=alert]').first().waitFor({ timeout: 10_000 }),
      ]).catch(() => {});
      // The slip is done with the attempt: emptied, or ready to place what it kept.
      await expect.poll(async () => (await slip.locator('.sb-slip-item').count()) === 0 || (await slip.locator('.sb-place').first().isEnabled())).toBe(true);
    }
    expect(await slip.locator('.sb-slip-item').count(), (await slip.textContent()) ?? '').toBe(0);
    // The single's stake only: the free bet is not the player's money.
    await header.filter({ hasText: eur(45) }).waitFor({ timeout: 10_000 });

    const mine = async () => (await (await callAs(baseUrl, account, 'front/get_sport_bets', { state: 'all' })).json()) as SportBetsReply;
    const placed = (await mine()).bets;
    expect(placed.map((b) => [b.kind, b.stake, b.free_bet]).sort()).toEqual([
      ['accumulator', 20, true],
      ['single', 5, false],
    ]);

    // The matches play out in the feed; both bets settle.
    await page.locator('.sb-sections .chip', { hasText: 'My bets' }).click();
    await page.locator('.sb-my-bets .chip', { hasText: 'Settled' }).click();
    const list = page.getByTestId('my-bets');
    await expect
      .poll(async () => (await mine()).bets.filter((b) => b.state === 'open').length, {
        timeout: 240_000,
        interval: 2_000,
        message: 'the events did not finish',
      })
      .toBe(0);
    const settled = (await mine()).bets;
    await page.locator('.sb-my-bets .chip', { hasText: 'Open' }).click();
    await page.locator('.sb-my-bets .chip', { hasText: 'Settled' }).click();
    await expect.poll(() => list.locator('.sb-bet').count(), { timeout: 15_000 }).toBe(2);
    await list.locator('.sb-bet .sb-free-bet', { hasText: 'Free bet' }).waitFor();

    // What the bets paid came by push: the header shows the server's balance without a reload.
    const paid = settled.reduce((sum, b) => sum + b.paid, 0);
    const free = settled.find((b) => b.free_bet);
    if (free?.state === 'won') expect(free.paid).toBeCloseTo(free.potential_return, 2);
    await header.filter({ hasText: eur(45 + paid) }).waitFor({ timeout: 15_000 });

    // The account's bet list shows both under "Sports".
    await page.goto(`${baseUrl}/user-management?tab=0`, { waitUntil: 'networkidle' });
    const provider = page.locator('.acct-filters').getByLabel('Provider');
    await provider.locator('option[value="Sports"]').waitFor({ state: 'attached' });
    await provider.selectOption('Sports');
    const rows = page.getByTestId('bet-table').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  }, 420_000);
});
