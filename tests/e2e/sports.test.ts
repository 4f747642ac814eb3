// The sportsbook as a new visitor meets it: a guest sees the simulated feed's prices and
// is asked to log in to bet; logged in as demo (without leaving the page) they place a
// single and an accumulator of two, see both in My bets and in the account's bet list
// (provider "Sports"), the header balance drops by the stakes, and the single is cashed
// out. A phone-width run uses the bottom sheet by keyboard and keeps the slip across a
// reload; live prices move by push with their cue. Screenshots at 375, 768 and 1280 px land in test-results/screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/format.ts';
import type { SportBetsReply } from '../../src/shared/sports.ts';
import { fillLogin, launchBrowser, e2eServer } from '../helpers/e2e.ts';
import { ROOT } from '../helpers/spawn.ts';
import { callAs, DEMO } from '../helpers/staff.ts';

const { baseUrl } = e2eServer();
const shots = join(ROOT, 'test-results/screenshots');

async function asDemo<T>(path: string, body: object = {}): Promise<T> {
  return (await (await callAs(baseUrl, DEMO, path, body)).json()) as T;
}

const totalNow = async () => (await asDemo<{ player: { total_balance: number } }>('front/get_player_balance')).player.total_balance;

/** A price that can be taken now, of an event not yet in the slip. */
function openPrice(page: Page, skipEvents: string[] = []) {
  const events = page.locator(`.sb-event${skipEvents.map((id) => `:not([data-event="${id}"])`).join('')}`);
  return events.locator('.sb-market').first().locator('.sb-price:not([disabled])').first();
}

/** Picks an open price and answers its event id. */
async function pick(page: Page, skipEvents: string[] = []): Promise<string> {
  const price = openPrice(page, skipEvents);
  await price.waitFor({ timeout: 60_000 });
  const event = await price.evaluate((el) => el.closest('.sb-event')?.getAttribute('data-event') ?? '');
  await price.click();
  return event;
}

/** Presses "Place bets", accepting moved prices when the live feed moved one in between; waits for the confirmation. */
async function place(page: Page): Promise<void> {
  const slip = page.locator('.sb-slip');
  for (let attempt = 0; attempt < 5; attempt++) {
    await slip.locator('.sb-place').click();
    const outcome = await Promise.race([
      slip
        .locator('.alert-success')
        .waitFor({ timeout: 15_000 })
        .then(() => 'placed'),
      slip
        .locator('.sb-place', { hasText: 'Accept new odds' })
        .waitFor({ timeout: 15_000 })
        .then(() => 'moved'),
    ]);
    if (outcome === 'placed') return;
  }
  throw new Error('the slip was never placed');
}

describe('sportsbook', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(shots, { recursive: true });
  });
  afterAll(() => browser.close());

  it('shows a guest the prices, takes a single and an accumulator after login, shows them in My bets, the bet list and the balance, and cashes the single out', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${baseUrl}/sports`, { waitUntil: 'networkidle' });
    await expect(page.locator('h1').textContent()).resolves.toBe('Sports betting');
    await expect(page.locator('text=Sports betting is not available').count()).resolves.toBe(0);

    // A guest sees prices, may fill a slip, and is asked to log in to bet.
    const first = await pick(page);
    const slip = page.locator('.sb-slip');
    await slip.locator('.sb-slip-item').first().waitFor();
    await expect(slip.locator('.hint', { hasText: 'Log in to place a bet.' }).count()).resolves.toBe(1);
    await page.screenshot({ path: join(shots, 'sports-guest-1280.png') });
    await slip.locator('.sb-place', { hasText: 'Login' }).click();
    await fillLogin(page);
    const header = page.getByTestId('total-balance');
    await header.waitFor();
    expect(new URL(page.url()).pathname).toBe('/sports');

    // A single of 1.00.
    const before = await totalNow();
    await header.filter({ hasText: formatMoney(before, 'en') }).waitFor();
    // A stake under the minimum is refused with its message, and nothing is taken.
    await slip.getByLabel('Stake').first().fill('0.05');
    await slip.locator('.sb-place').click();
    await slip.locator('.feedback', { hasText: 'The stake is below the minimum.' }).waitFor();
    await slip.getByLabel('Stake').first().fill('1');
    await slip
      .locator('.sb-return strong', { hasNotText: formatMoney(0, 'en') })
      .first()
      .waitFor();
    await place(page);
    await expect(slip.locator('.alert-success').textContent()).resolves.toBe('1 bet placed.');
    await header.filter({ hasText: formatMoney(before - 1, 'en') }).waitFor({ timeout: 10_000 });
    expect(await slip.locator('.sb-slip-item').count()).toBe(0);

    // An accumulator of two selections of two events, 1.00.
    const a = await pick(page, [first]);
    await pick(page, [first, a]);
    await slip.locator('.sb-acc', { hasText: 'Accumulator of 2 selections' }).waitFor();
    await slip.locator('input[name="stake-acc"]').fill('1');
    await page.screenshot({ path: join(shots, 'sports-slip-1280.png') });
    await place(page);
    await header.filter({ hasText: formatMoney(before - 2, 'en') }).waitFor({ timeout: 10_000 });
    const mine = await asDemo<SportBetsReply>('front/get_sport_bets', { state: 'open' });
    const acc = mine.bets.find((b) => b.kind === 'accumulator');
    expect(acc?.legs).toHaveLength(2);
    expect(acc?.stake).toBe(1);
    expect(mine.bets.some((b) => b.kind === 'single' && b.legs[0]?.event_id === Number(first))).toBe(true);

    // My bets lists both.
    await page.locator('.sb-sections .chip', { hasText: 'My bets' }).click();
    const list = page.getByTestId('my-bets');
    await list.locator('.sb-bet', { hasText: 'Accumulator of 2 selections' }).first().waitFor();
    await list.locator('.sb-bet', { hasText: 'Single' }).first().waitFor();
    await page.screenshot({ path: join(shots, 'sports-my-bets-1280.png') });

    // Cash-out of the open single, by keyboard: the card asks to confirm the amount offered,
    // "Keep the bet" (or Escape) changes nothing, and confirmed the bet leaves the open bets
    // with "Cashed out €x" said, the balance rising by that amount.
    const single = list.locator('.sb-bet', { hasText: 'Single' }).first();
    const id = await single.getAttribute('data-bet');
    const card = list.locator(`.sb-bet[data-bet="${id}"]`);
    const offered = async () => (await asDemo<SportBetsReply>('front/get_sport_bets', { state: 'open' })).bets.find((b) => b.id === Number(id))?.cash_out;
    await card.locator('.sb-cash-out').focus();
    await page.keyboard.press('Enter');
    const confirm = card.locator('fieldset.sb-cash-confirm');
    await confirm.waitFor();
    await expect(page.evaluate(() => document.activeElement?.classList.contains('sb-cash-yes'))).resolves.toBe(true);
    await expect(confirm.locator('legend').textContent()).resolves.toMatch(/^Cash out this bet for €\d+\.\d\d\?$/);
    await page.screenshot({ path: join(shots, 'sports-cash-out-confirm-1280.png') });
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.classList.contains('sb-cash-out'))).resolves.toBe(true);
    expect(await totalNow()).toBeCloseTo(before - 2, 2);
    const said = page.locator('.sb-cashed-out[role=status]');
    // An offer that changed in between is refused with the new offer asked instead: confirm that one.
    for (let attempt = 0; attempt < 5 && (await card.count()) > 0; attempt++) {
      if ((await confirm.count()) === 0) await card.locator('.sb-cash-out').click();
      await confirm.locator('.sb-cash-yes').focus();
      await page.keyboard.press('Enter');
      await Promise.race([card.waitFor({ state: 'detached', timeout: 10_000 }), card.locator('[role=alert]').waitFor({ timeout: 10_000 })]).catch(() => {});
      if ((await card.count()) > 0) {
        await expect(card.locator('[role=alert]').textContent()).resolves.toBe('The cash-out value has changed. Check the new value and try again.');
        const now = await offered();
        if (now != null) await confirm.locator('legend', { hasText: formatMoney(now, 'en') }).waitFor();
      }
    }
    await card.waitFor({ state: 'detached' });
    await said.waitFor();
    const paid = Number((await said.textContent())?.match(/^Cashed out €(\d+\.\d\d)$/)?.[1]);
    expect(paid).toBeGreaterThan(0);
    await expect(page.evaluate(() => document.activeElement?.classList.contains('sb-cashed-out'))).resolves.toBe(true);
    await header.filter({ hasText: formatMoney(before - 2 + paid, 'en') }).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: join(shots, 'sports-cashed-out-1280.png') });
    await page.locator('.sb-my-bets .chip', { hasText: 'Settled' }).click();
    await list.locator(`.sb-bet[data-bet="${id}"]`, { hasText: 'Cashed out' }).waitFor();
    expect(await totalNow()).toBeCloseTo(before - 2 + paid, 2);

    // The account's bet list knows the provider "Sports".
    await page.goto(`${baseUrl}/user-management?tab=0`, { waitUntil: 'networkidle' });
    const provider = page.locator('.acct-filters').getByLabel('Provider');
    await provider.locator('option[value="Sports"]').waitFor({ state: 'attached' });
    await provider.selectOption('Sports');
    const rows = page.getByTestId('bet-table').locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    await expect(rows.first().textContent()).resolves.toContain('@');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone: the slip is a bottom sheet, works by keyboard, and survives a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/sports`, { waitUntil: 'networkidle' });
    const price = openPrice(page);
    await price.waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(shots, 'sports-375.png') });
    // Whole team names on the price buttons and in the titles (two lines allowed), never cut
    // or ended in an ellipsis, in the main markets and in those behind "More markets".
    await page.locator('.sb-more').first().click();
    await page.locator('.sb-event .sb-market + .sb-market, .sb-event [id^="sb-markets-"] .sb-market').first().waitFor();
    const clipped = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.sb-price-label, .sb-event-title span')]
        .filter((el) => el.scrollWidth > el.clientWidth || getComputedStyle(el).textOverflow === 'ellipsis')
        .map((el) => el.textContent),
    );
    expect(clipped).toEqual([]);
    const labels = await page.locator('.sb-event:has(.sb-vs)').first().locator('.sb-market').first().locator('.sb-price-label').allTextContents();
    const names = await page.locator('.sb-event:has(.sb-vs)').first().locator('.sb-event-title span:not(.sb-vs):not(.sb-score)').allTextContents();
    expect(labels).toContain(names[0]);
    // Keyboard: focus a price and press Enter; the bar counts it.
    await price.focus();
    await page.keyboard.press('Enter');
    const toggle = page.locator('.sb-sheet-toggle');
    await toggle.getByTestId('slip-count').filter({ hasText: '1' }).waitFor();
    await expect(page.locator('.sb-slip').isVisible()).resolves.toBe(false);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.locator('.sb-slip').waitFor({ state: 'visible' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    const stake = page.locator('.sb-slip').getByLabel('Stake').first();
    await stake.focus();
    await page.keyboard.type('2,5');
    await page
      .locator('.sb-slip .sb-return strong', { hasNotText: formatMoney(0, 'en') })
      .first()
      .waitFor();
    await page.screenshot({ path: join(shots, 'sports-slip-375.png') });
    await page.keyboard.press('Escape');
    await page.locator('.sb-slip').waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => document.activeElement?.classList.contains('sb-sheet-toggle'))).resolves.toBe(true);

    // The slip is this tab's: a reload brings it back with its stake.
    await page.reload({ waitUntil: 'networkidle' });
    await toggle.getByTestId('slip-count').filter({ hasText: '1' }).waitFor();
    await toggle.click();
    await expect(page.locator('.sb-slip').getByLabel('Stake').first().inputValue()).resolves.toBe('2,5');

    await page.setViewportSize({ width: 768, height: 1000 });
    await page.screenshot({ path: join(shots, 'sports-slip-768.png') });
    await context.close();
  });

  it('moves live prices by push, with an up or down cue', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/sports`, { waitUntil: 'networkidle' });
    // The first interaction opens the socket (and fetches the list once more, for what changed before).
    await page.locator('.sb-sections .chip', { hasText: 'Live' }).click();
    await page.locator('.sb-event .sb-live').first().waitFor({ timeout: 60_000 });
    // The simulated feed moves in-play prices minute by minute. A list fetched anew marks no
    // move: a cue comes only from a push.
    await page.locator('.sb-price.sb-up, .sb-price.sb-down').first().waitFor({ timeout: 100_000 });
    await expect(page.locator('.sb-price.sb-up .visually-hidden, .sb-price.sb-down .visually-hidden').first().textContent()).resolves.toMatch(
      /^odds (up|down)$/,
    );
    await context.close();
  }, 150_000);

  it('has no accessibility violations with events and a filled slip, and never scrolls sideways, from 320 px in long-worded locales', async () => {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/sports`, { waitUntil: 'networkidle' });
      await pick(page);
      await page.locator('.sb-more').first().click();
      if (width < 990) await page.locator('.sb-sheet-toggle').click();
      await page.locator('.sb-slip .sb-slip-item').waitFor();
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        `at ${width}px`,
      ).toEqual([]);
      await context.close();
    }
    const context = await browser.newContext({ viewport: { width: 320, height: 700 } });
    const page = await context.newPage();
    for (const locale of ['de', 'ru', 'gr', 'fi', 'jp']) {
      await page.goto(`${baseUrl}/${locale}/sports`, { waitUntil: 'networkidle' });
      await page.locator('.sb-event .sb-price').first().waitFor({ timeout: 60_000 });
      await page.locator('.sb-more').first().click();
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('main *')].filter((el) => el.getBoundingClientRect().right > 320.5).map((el) => `${el.tagName}.${el.className}`),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${locale}: ${wide.slice(0, 8).join(' ')}`).toBeLessThanOrEqual(320);
    }
    await context.close();
  });
});
