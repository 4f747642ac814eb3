// A player's real-money round from the lobby to the ledger and back: the game opens in
// the lobby's frame, the roll goes through the studio and the wallet, the header balance
// follows without a reload, and the bet list names the game.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/format.ts';
import type { StudioRound } from '../../src/shared/schemas/games.ts';
import { launchBrowser, logInFromHeader, e2eServer } from '../helpers/e2e.ts';
import { ROOT } from '../helpers/spawn.ts';
import { callAs, DEMO } from '../helpers/staff.ts';

const { baseUrl } = e2eServer();

async function asDemo<T>(path: string, body: object = {}): Promise<T> {
  return (await (await callAs(baseUrl, DEMO, path, body)).json()) as T;
}

const totalNow = async () => (await asDemo<{ player: { total_balance: number } }>('front/get_player_balance')).player.total_balance;

describe('real-money play', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('plays a dice round in the lobby frame, moves the money once and updates the header live', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/de/online-casino`, { waitUntil: 'networkidle' });
    await logInFromHeader(page);
    await page.waitForURL(`${baseUrl}/de/online-casino`);
    const header = page.getByTestId('total-balance');
    const before = await totalNow();
    await header.filter({ hasText: formatMoney(before, 'de') }).waitFor();
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));

    const card = page.locator('.lobby-games .game-card', { has: page.locator('.game-name', { hasText: /^Lucky Dice$/ }) });
    await card.locator('.btn-primary').click();
    const player = page.locator('[data-game-player]');
    await player.locator('.game-title', { hasText: 'Lucky Dice' }).waitFor();
    await expect(player.locator('.game-deposit').isVisible()).resolves.toBe(true);
    const game = page.frameLocator('[data-game-player] iframe');
    await game.locator('#mode[data-mode=real]').waitFor();
    await game.locator('#balance', { hasText: formatMoney(before, 'de') }).waitFor();

    await game.locator('#actions button.primary').click();
    await game.locator('#message:not(:empty)').waitFor();
    const bets = await asDemo<{ transactions: { rows: { bet: number; win: number; game_name?: string }[] } }>('front/get_bet_list');
    const last = bets.transactions.rows[0];
    expect(JSON.stringify(last)).toContain('Lucky Dice');
    expect(last?.bet).toBe(1);
    const after = await totalNow();
    expect(after).toBeCloseTo(before - 1 + (last?.win ?? 0), 2);
    // The frame and the site's header agree, and nothing reloaded.
    await game.locator('#balance', { hasText: formatMoney(after, 'de') }).waitFor();
    await header.filter({ hasText: formatMoney(after, 'de') }).waitFor({ timeout: 5000 });
    expect(loads).toEqual([]);

    await player.locator('.game-close').click();
    await player.waitFor({ state: 'detached' });
    await context.close();
  });

  it('brings a blackjack hand back when the game is launched again, and says under the rules what happens to a hand left too long', async () => {
    const launch = async () =>
      `${baseUrl}${(await asDemo<{ gameURL: string }>('front/get_game_url', { game_code: 'classic-blackjack', is_real: true, lang: 'en' })).gameURL}`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const first = await context.newPage();
    await first.goto(await launch(), { waitUntil: 'networkidle' });
    await first.locator('#mode[data-mode=real]').waitFor();
    const rule = '24 hours without a move: your hand stands, the dealer plays out and the hand is paid.';
    await first.locator('.card-rules summary', { hasText: 'Rules' }).click();
    await first.locator('[data-rule=abandoned]', { hasText: rule }).waitFor();
    const hit = (page: typeof first) => page.locator('#actions button', { hasText: /^Hit$/ });
    // A natural blackjack ends at the deal, and an ace showing asks about insurance first; deal until a hand stays open.
    for (
      let i = 0;
      i < 20 &&
      !(await hit(first)
        .isEnabled()
        .catch(() => false));
      i++
    ) {
      const noInsurance = first.locator('#actions button:not([disabled])', { hasText: /^No insurance$/ });
      if (await noInsurance.isVisible()) await noInsurance.click();
      else await first.locator('#actions button.primary', { hasText: /^Deal$/ }).click();
      await first.locator('#actions button:not([disabled])').first().waitFor();
    }
    await expect(hit(first).isEnabled()).resolves.toBe(true);
    const spoken = (page: typeof first) => page.locator('.bj > p.visually-hidden').textContent();
    const dealt = await spoken(first);
    expect(dealt).toMatch(/^You: .+ Dealer: .+/);

    // Opened again (a reload of the lobby launches anew): the same hand, ready to play.
    const second = await context.newPage();
    await second.goto(await launch(), { waitUntil: 'networkidle' });
    await second.locator('#message', { hasText: 'Your unfinished round is back on the table.' }).waitFor();
    await second.locator('#actions button:not([disabled])', { hasText: /^Hit$/ }).waitFor();
    expect(await spoken(second)).toBe(dealt);
    await second.locator('#actions button', { hasText: /^Stand$/ }).click();
    await second.locator('#actions button.primary:not([disabled])', { hasText: /^Deal$/ }).waitFor();
    await expect(second.locator('.bj .card-outcome').textContent()).resolves.not.toBe('');
    await context.close();
  });

  it('offers free play from a demo link without an account, with pretend money', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/fr/play/roulette#demo=roulette-table`, { waitUntil: 'networkidle' });
    await page.locator('#mode[data-mode=fun]').waitFor();
    await page.locator('#balance', { hasText: formatMoney(1000, 'fr') }).waitFor();
    // The demo link became a session of its own, kept by a reload.
    expect(page.url()).toMatch(/#s=[\w-]{20,}$/);
    await page.close();
  });
});

/** Every round the game page was answered with, by id (the last answer of each), and the balance of the last answer. */
function watchRounds(page: Page) {
  const rounds = new Map<string, StudioRound>();
  let balance: number | undefined;
  page.on('response', async (response) => {
    if (!response.url().includes('/api/studio/')) return;
    const body = (await response.json().catch(() => null)) as { status?: number; round?: StudioRound; balance?: number } | null;
    if (body?.status === 1 && body.round) rounds.set(body.round.roundId, body.round);
    if (typeof body?.balance === 'number') balance = body.balance;
  });
  const finished = () => [...rounds.values()].filter((r) => r.done);
  return {
    rounds,
    lastBalance: () => balance,
    /** Money the finished rounds took and returned, in cents. */
    net: () => finished().reduce((sum, r) => sum + Math.round(r.win * 100) - Math.round(r.stake * 100), 0),
  };
}

const button = (page: Page, name: RegExp) => page.locator('#actions button:not([disabled])', { hasText: name });
const settled = (page: Page) => page.locator('#actions button:not([disabled])').first().waitFor();

/**
 * Deals blackjack hands until one is played with a split and then a double on a split hand
 * (or, with `splitToo` false, just a double); every other hand is stood. Answers how many deals it took.
 */
async function playBlackjack(page: Page, splitToo: boolean, splitShot?: string): Promise<number> {
  for (let deal = 1; deal <= 80; deal++) {
    await button(page, /^Deal$/).click();
    await settled(page);
    let split = !splitToo;
    let doubled = false;
    while (!(await button(page, /^Deal$/).isVisible())) {
      if (await button(page, /^No insurance$/).isVisible()) await button(page, /^No insurance$/).click();
      else if (!split && (await button(page, /^Split/).isVisible())) {
        await button(page, /^Split/).click();
        split = true;
        await settled(page);
        if (splitShot) await page.screenshot({ path: splitShot });
      } else if (split && !doubled && (await button(page, /^Double/).isVisible())) {
        await button(page, /^Double/).click();
        doubled = true;
      } else await button(page, /^Stand$/).click();
      await settled(page);
    }
    if (split && doubled) return deal;
  }
  throw new Error('no hand with the moves wanted in 80 deals');
}

describe('table rules a player expects', () => {
  let browser: Browser;
  const shots = join(ROOT, 'test-results/screenshots');
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(shots, { recursive: true });
  });
  afterAll(() => browser.close());

  it('plays a free-play blackjack hand with a split and a double on a phone, each hand with its stake and result, the balance right, nothing wider than 320 px', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, reducedMotion: 'reduce', hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const watched = watchRounds(page);
    await page.goto(`${baseUrl}/play/blackjack#demo=classic-blackjack`, { waitUntil: 'networkidle' });
    await page.locator('#balance', { hasText: formatMoney(1000, 'en') }).waitFor();
    // The rules of the table, in words, under the game.
    await page.locator('.card-rules summary', { hasText: 'Rules' }).click();
    await page
      .locator('.card-rules-list li', { hasText: 'Split two cards of the same value into two hands, one stake each; the most hands you can hold is 4.' })
      .waitFor();
    await page.locator('.card-rules-list li', { hasText: 'Return to player with the best play for the cards in hand: 99.67%' }).waitFor();
    await page.screenshot({ path: join(shots, 'blackjack-rules-375.png'), fullPage: true });
    await page.locator('.card-rules summary').click();

    await playBlackjack(page, true, join(shots, 'blackjack-split-playing-375.png'));
    const hands = page.locator('.bj-hand');
    expect(await hands.count()).toBeGreaterThanOrEqual(2);
    for (const hand of await hands.all()) {
      await expect(hand.locator('.bj-stake').textContent()).resolves.toMatch(/^(Stake|Doubled:) €\d+\.\d\d$/);
      await expect(hand.locator('.bj-result').textContent()).resolves.toMatch(/^(Wins|Push|Loses|Bust|Blackjack)/);
    }
    await page
      .locator('.bj-stake', { hasText: /^Doubled: €2\.00$/ })
      .first()
      .waitFor();
    const split = [...watched.rounds.values()].find((r) => r.stakes.length >= 3);
    expect(split?.stakes.slice(0, 3)).toEqual([1, 1, 1]);
    // The balance the last reply carried is what the rounds' stakes and wins add up to.
    await expect.poll(() => (watched.lastBalance() ?? Number.NaN) - (1000 + watched.net() / 100)).toBeCloseTo(0, 2);
    await page.locator('#balance', { hasText: formatMoney(1000 + watched.net() / 100, 'en') }).waitFor();
    await page.screenshot({ path: join(shots, 'blackjack-split-375.png') });
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.screenshot({ path: join(shots, 'blackjack-split-320.png') });
    await context.close();
  });

  it("plays a free-play Casino Hold'em hand with the AA Bonus and a call, showing each bet and the balance right", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, reducedMotion: 'reduce', hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const watched = watchRounds(page);
    await page.goto(`${baseUrl}/play/holdem#demo=casino-holdem`, { waitUntil: 'networkidle' });
    await page.locator('#balance', { hasText: formatMoney(1000, 'en') }).waitFor();
    await page.getByLabel('AA Bonus side bet (same stake as the ante)').check();
    await button(page, /^Deal$/).click();
    await page.locator('.card-outcome', { hasText: 'Call for €2.00 or fold?' }).waitFor();
    await expect(page.getByLabel('AA Bonus side bet (same stake as the ante)').isDisabled()).resolves.toBe(true);
    // Two cards and the flop are shown, the dealer's cards face down, until the decision.
    expect(await page.locator('.he-board .card').count()).toBe(3);
    await page.screenshot({ path: join(shots, 'holdem-decide-375.png') });
    await button(page, /^Call \(€2\.00\)$/).click();
    await button(page, /^Deal$/).waitFor();
    expect(await page.locator('.he-board .card').count()).toBe(5);
    const bets = await page.locator('.he-bets li').allTextContents();
    expect(bets.map((b) => b.split(':')[0])).toEqual(['Ante', 'AA Bonus', 'Call']);
    expect(bets[2]).toMatch(/^Call: €2\.00 staked, €\d+\.\d\d back$/);
    const [round] = [...watched.rounds.values()];
    expect(round?.stakes).toEqual([1, 1, 2]);
    await page.locator('#balance', { hasText: formatMoney(1000 + watched.net() / 100, 'en') }).waitFor();
    await page.screenshot({ path: join(shots, 'holdem-result-375.png') });
    await context.close();
  });

  it("plays real-money blackjack with a double and Casino Hold'em with a call, moving each stake through the wallet", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const launch = async (slug: string) =>
      `${baseUrl}${(await asDemo<{ gameURL: string }>('front/get_game_url', { game_code: slug, is_real: true, lang: 'en' })).gameURL}`;
    const before = await totalNow();

    const blackjack = await context.newPage();
    const bj = watchRounds(blackjack);
    await blackjack.goto(await launch('blackjack-royale'), { waitUntil: 'networkidle' });
    await blackjack.locator('#mode[data-mode=real]').waitFor();
    // This table's dealer draws to soft 17, and its felt and rules say so.
    await blackjack.locator('.card-rule', { hasText: 'Dealer draws to soft 17' }).waitFor();
    await playBlackjack(blackjack, false);
    await blackjack.screenshot({ path: join(shots, 'blackjack-double-1280.png') });
    const doubled = [...bj.rounds.values()].find((r) => r.done && r.stakes.length === 2);
    expect(doubled?.stake).toBe(2);
    const list = await asDemo<{ transactions: { rows: { name: string; bet: number; win: number }[] } }>('front/get_bet_list');
    expect(list.transactions.rows[0]).toMatchObject({ name: 'Blackjack Royale', bet: 2, win: doubled?.win });

    const holdem = await context.newPage();
    const he = watchRounds(holdem);
    await holdem.goto(await launch('casino-holdem'), { waitUntil: 'networkidle' });
    await holdem.locator('#mode[data-mode=real]').waitFor();
    await holdem.getByLabel('AA Bonus side bet (same stake as the ante)').check();
    await button(holdem, /^Deal$/).click();
    await button(holdem, /^Call \(€2\.00\)$/).click();
    await button(holdem, /^Deal$/).waitFor();
    await holdem.screenshot({ path: join(shots, 'holdem-result-1280.png') });
    const [called] = [...he.rounds.values()];
    expect(called).toMatchObject({ done: true, stake: 4, stakes: [1, 1, 2] });
    const after = await asDemo<{ transactions: { rows: { name: string; bet: number; win: number }[] } }>('front/get_bet_list');
    expect(after.transactions.rows[0]).toMatchObject({ name: "Casino Hold'em", bet: 4, win: called?.win });

    const expected = before + (bj.net() + he.net()) / 100;
    expect(await totalNow()).toBeCloseTo(expected, 2);
    await holdem.locator('#balance', { hasText: formatMoney(expected, 'en') }).waitFor();
    await context.close();
  });
});
