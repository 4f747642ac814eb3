// Provably fair in the browser, as a player checks it: a real-money round, its seeds in
// the game's panel, the round found in the bet list and verified on /fairness by Web
// Crypto without a call to our server; a changed nonce shows the difference. A jackpot
// slot's round verified from its game's panel with the pool beside it, a crash round
// from the game's history, and the page's form kit with its messages.
import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FairnessReply, StudioRound, StudioSessionReply } from '../../src/shared/schemas/games.ts';
import { e2eServer, launchBrowser, logInFromHeader, openRealGame } from '../helpers/e2e.ts';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import { outcomeOf } from '../../src/server/games/fairness.ts';
import { crashPointOf } from '../../src/shared/crash.ts';
import { fairnessFragment } from '../../src/shared/fairness-verify.ts';
import { callAs, DEMO } from '../helpers/staff.ts';

const { baseUrl } = e2eServer();

async function asDemo<T>(path: string, body: object = {}): Promise<T> {
  return (await (await callAs(baseUrl, DEMO, path, body)).json()) as T;
}

async function studio<T>(path: string, body: object): Promise<T> {
  const response = await fetch(`${baseUrl}/api/studio/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

/** Ends any hand the demo player left open in another test (its seeds cannot be revealed while it is in play). */
async function finishOpenHands(): Promise<void> {
  for (const slug of ['classic-blackjack', 'blackjack-royale', 'blackjack-table', 'jacks-or-better', 'poker-deluxe', 'casino-holdem']) {
    const { gameURL } = await asDemo<{ gameURL: string }>('front/get_game_url', { game_code: slug, is_real: true, lang: 'en' });
    const session = new URLSearchParams(gameURL.split('#')[1]).get('s') as string;
    let round = (await studio<StudioSessionReply>('session', { session })).openRound;
    while (round && !round.done) {
      const move = round.actions.includes('no_insurance')
        ? { move: 'no_insurance' }
        : round.actions.includes('stand')
          ? { move: 'stand' }
          : round.actions.includes('fold')
            ? { move: 'fold' }
            : { hold: [true, true, true, true, true] };
      round = (await studio<{ round: StudioRound }>('act', { session, roundId: round.roundId, step: round.step, action: move })).round;
    }
  }
}

describe('provably fair rounds in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await finishOpenHands();
  });
  afterAll(() => browser.close());

  it('shows the committed seed in the game, then verifies the round from the bet list on /fairness without asking our server', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${baseUrl}/de/online-casino`, { waitUntil: 'networkidle' });
    await logInFromHeader(page);
    await page.getByTestId('total-balance').waitFor();

    // A real-money dice round on the game page; its panel shows the seed pair's commitment.
    const { gameURL } = await asDemo<{ gameURL: string }>('front/get_game_url', { game_code: 'lucky-dice', is_real: true, lang: 'de' });
    const game = await context.newPage();
    await game.goto(`${baseUrl}${gameURL}`, { waitUntil: 'networkidle' });
    await game.locator('#mode[data-mode=real]').waitFor();
    await game.locator('#actions button.primary').click();
    await game.locator('#message:not(:empty)').waitFor();
    const seeds = await asDemo<FairnessReply>('front/get_fairness');
    await game.locator('#fair summary').click();
    await game.locator('.fair-hash', { hasText: seeds.active.serverSeedHash }).waitFor();
    await game.locator('.fair-rounds li').first().waitFor();
    await game.close();

    // The bet list's newest round: Verify reveals its seed (changing the pair) and opens /fairness.
    await page.goto(`${baseUrl}/de/user-management?tab=0`, { waitUntil: 'networkidle' });
    const row = page.getByTestId('bet-table').locator('tbody tr').first();
    await row
      .locator('td', { hasText: 'Lucky Dice' })
      .or(row.locator('th', { hasText: 'Lucky Dice' }))
      .waitFor();
    await row.getByRole('button', { name: 'Prüfen' }).click();
    await page.waitForURL(/\/de\/fairness#/);
    const result = page.locator('#fair-result');
    await page.locator('#fair-result[data-verdict=verified]').waitFor();
    expect(await result.textContent()).toBe(de.fairness.verified);
    // The roll as the game showed it, not the data it was drawn as.
    expect(await page.getByTestId('fair-computed').textContent()).toMatch(/^Wurf: \d+(,\d\d)?$/);
    // The revealed seed is the one committed before the round.
    const server = await page.getByLabel(de.fairness.server_seed).inputValue();
    expect(createHash('sha256').update(server).digest('hex')).toBe(seeds.active.serverSeedHash);
    expect(await page.getByLabel(de.fairness.server_seed_hash).inputValue()).toBe(seeds.active.serverSeedHash);

    // Another nonce gives another roll: the page names the difference, and asks nobody
    // (the header's own calls of a page just loaded are over first).
    await page.waitForLoadState('networkidle');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push(r.url());
    });
    const nonceField = page.getByLabel(de.fairness.nonce);
    const nonce = Number(await nonceField.inputValue());
    await nonceField.fill(String(nonce + 1));
    await page.getByRole('button', { name: de.fairness.verify }).click();
    await page.locator('#fair-result[data-verdict=differs]').waitFor();
    expect(await result.textContent()).toBe(de.fairness.outcome_differs_plain);
    // Both rolls side by side: the one the round states and the one these seeds give.
    await page.getByTestId('fair-stated').waitFor();
    await nonceField.fill(String(nonce));
    await page.getByLabel(de.fairness.server_seed_hash).fill('0'.repeat(64));
    await page.getByRole('button', { name: de.fairness.verify }).click();
    await page.locator('#fair-result[data-verdict=differs]', { hasText: 'passt nicht zum Hash' }).waitFor();
    expect(calls).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('recomputes an American roulette round on its 38-pocket wheel, and tells a European reading apart', async () => {
    const serverSeed = '5e0d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a392817060';
    const outcomeAt = (nonce: number, config: Record<string, unknown>) =>
      outcomeOf('roulette', config, { serverSeed, clientSeed: 'double-zero', nonce }) as { number: number };
    // A nonce whose pocket differs between the two wheels.
    const nonce = [...Array(40).keys()].find((n) => outcomeAt(n, { wheel: 'american' }).number !== outcomeAt(n, {}).number) as number;
    const outcome = outcomeAt(nonce, { wheel: 'american' });
    const fragment = fairnessFragment({ engine: 'roulette', variant: 'american', serverSeed, clientSeed: 'double-zero', nonce, outcome });
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/fairness${fragment}`, { waitUntil: 'networkidle' });
    await page.locator('#fair-result[data-verdict=verified]').waitFor();
    expect(await page.getByLabel(en.fairness.wheel).inputValue()).toBe('american');
    const pocket = outcome.number === 37 ? '00' : String(outcome.number);
    expect(await page.getByTestId('fair-computed').locator('.fair-pocket').textContent()).toMatch(new RegExp(`^${pocket} (Red|Black|Green)$`));
    await page.getByLabel(en.fairness.wheel).selectOption('european');
    await page.getByRole('button', { name: en.fairness.verify }).click();
    await page.locator('#fair-result[data-verdict=differs]').waitFor();
    // Another game has no wheel to choose.
    await page.getByLabel(en.fairness.game).selectOption('dice');
    expect(await page.getByLabel(en.fairness.wheel).count()).toBe(0);
    await page.close();
  });

  it('verifies a jackpot slot’s round from its game, shows the reels and the pool beside them, and never JSON', async () => {
    const { page: game } = await openRealGame(browser, baseUrl, DEMO, 'pharaohs-fortune', { width: 1280, height: 900 });
    await game.locator('#actions button.primary').click();
    await game.locator('#message:not(:empty)').waitFor();
    // The panel lists the round as its reels; the seed is changed to reveal it, as the player does.
    await game.locator('#fair summary').click();
    const latest = game.locator('.fair-rounds li').first();
    await latest.locator('.fair-reels').waitFor();
    expect(await latest.locator('.fair-reel').count()).toBe(5);
    expect(await game.locator('.fair-rounds').textContent()).not.toMatch(/[{}"]/);
    expect(await latest.locator('.fair-jackpot').textContent()).toBe(en.fairness.jackpot_added.replace('{0}', 'Eagle Mega Jackpot').replace('{1}', '€0.01'));
    await game.getByRole('button', { name: en.studio.fair_rotate }).click();
    await game.locator('.fair-status', { hasText: en.studio.fair_rotated }).waitFor();
    const [check] = await Promise.all([game.context().waitForEvent('page'), latest.getByRole('link', { name: en.studio.fair_verify }).click()]);
    await check.waitForURL(/\/fairness#/);
    await check.locator('#fair-result[data-verdict=verified]').waitFor();
    // The reels' own model is named, the draw is among the seeded outcome, and the pool stands beside it.
    const reels = check.getByLabel(en.fairness.variant);
    expect(await reels.locator('option:checked').textContent()).toBe(en.fairness.variant_classic_jackpot);
    expect(await check.getByTestId('fair-computed').locator('.fair-reel').count()).toBe(5);
    expect(await check.getByTestId('fair-computed').textContent()).toContain('Jackpot draw: ');
    const beside = check.getByTestId('fair-jackpot');
    expect(await beside.textContent()).toContain(en.fairness.jackpot_added.replace('{0}', 'Eagle Mega Jackpot').replace('{1}', '€0.01'));
    expect(await beside.textContent()).toContain(en.fairness.jackpot_note);
    expect(await check.locator('.fair-outcome').textContent()).not.toMatch(/[{}"]/);
    await game.context().close();
  });

  it('checks a crash round from the game’s history: the chain’s end, the round’s seed and the crash point recomputed in the browser', {
    timeout: 300_000,
  }, async () => {
    const context = await browser.newContext({ viewport: { width: 900, height: 800 } });
    const game = await context.newPage();
    await game.goto(`${baseUrl}/play/crash#demo=eagle-crash`, { waitUntil: 'networkidle' });
    // A round crashes within a minute or two of the schedule's start; each crashed one joins the history.
    const chip = game.locator('#crash-history a').first();
    await chip.waitFor({ timeout: 240_000 });
    const shown = (await chip.textContent()) as string;
    // The game's Provably fair panel: the chain's published end and each round with its seed.
    await game.locator('#crash-fair summary').click();
    expect(await game.locator('#crash-chain-end').textContent()).toMatch(/^[0-9a-f]{64}$/);
    expect(await game.locator('#crash-rounds li').first().locator('code').textContent()).toMatch(/^[0-9a-f]{64}$/);
    const [check] = await Promise.all([context.waitForEvent('page'), chip.click()]);
    await check.waitForURL(/\/fairness#engine=crash/);
    await check.locator('#fair-result[data-verdict=verified]').waitFor({ timeout: 60_000 });
    const seed = await check.getByLabel(en.fairness.crash_seed).inputValue();
    const point = crashPointOf(seed);
    expect(`${(point / 100).toFixed(2)}×`).toBe(shown);
    expect(await check.getByTestId('fair-crash-point').textContent()).toBe(en.fairness.crash_point.replace('{0}', shown));
    expect(await check.getByLabel(en.fairness.crash_chain_end).inputValue()).toBe(await game.locator('#crash-chain-end').textContent());
    // Another seed does not lead to the chain's end.
    await check.getByLabel(en.fairness.crash_seed).fill(createHash('sha256').update(seed).digest('hex'));
    await check.getByRole('button', { name: en.fairness.verify }).click();
    await check.locator('#fair-result[data-verdict=differs]').waitFor();
    await context.close();
  });

  it('is a static page in every locale built with the form kit: labelled fields, and a message under a field typed wrong', async () => {
    const page = await browser.newPage();
    for (const [path, catalog] of [
      ['/fairness', en],
      ['/de/fairness', de],
    ] as const) {
      const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      for (const label of [
        catalog.fairness.game,
        catalog.fairness.server_seed,
        catalog.fairness.server_seed_hash,
        catalog.fairness.client_seed,
        catalog.fairness.nonce,
      ])
        expect(await page.getByLabel(label, { exact: true }).count(), label).toBe(1);
      expect(await page.locator('.fair-form .field').count()).toBe(5);
      // A seed that is not 64 hex digits is named under its field, and nothing is computed.
      await page.getByLabel(catalog.fairness.server_seed, { exact: true }).fill('not-a-seed');
      await page.getByLabel(catalog.fairness.client_seed, { exact: true }).fill('bad seed!');
      await page.getByRole('button', { name: catalog.fairness.verify }).click();
      await page.locator('.field.is-invalid', { hasText: catalog.fairness.invalid_seed }).waitFor();
      await page.locator('.field.is-invalid', { hasText: catalog.fairness.invalid_client_seed }).waitFor();
      await page.locator('.field.is-invalid', { hasText: catalog.validation.field_required }).waitFor();
      expect(await page.locator('#fair-result').isVisible()).toBe(false);
      // The crash game asks for its own three fields.
      await page.getByLabel(catalog.fairness.game, { exact: true }).selectOption('crash');
      for (const label of [catalog.fairness.crash_seed, catalog.fairness.crash_number, catalog.fairness.crash_chain_end])
        expect(await page.getByLabel(label, { exact: true }).count(), label).toBe(1);
    }
    const response = await page.goto(`${baseUrl}/jp/fairness`);
    expect(response?.status()).toBe(200);
    await page.close();
  });
});
