// Provably fair in the browser, as a player checks it: a real-money round, its seeds in
// the game's panel, the round found in the bet list and verified on /fairness by Web
// Crypto without a call to our server; a changed nonce shows the difference.
import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FairnessReply, StudioRound, StudioSessionReply } from '../../src/shared/schemas/games.ts';
import { launchBrowser, logInFromHeader, e2eServer } from '../helpers/e2e.ts';
import en from '../../locales/en.json';
import { outcomeOf } from '../../src/server/games/fairness.ts';
import { fairnessFragment } from '../../src/lib/fairness-verify.ts';
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
    expect(await result.textContent()).toContain('Bestätigt');
    // The revealed seed is the one committed before the round.
    const server = await page.locator('#fair-server').inputValue();
    expect(createHash('sha256').update(server).digest('hex')).toBe(seeds.active.serverSeedHash);
    expect(await page.locator('#fair-hash').inputValue()).toBe(seeds.active.serverSeedHash);

    // Another nonce gives another roll: the page names the difference, and asks nobody
    // (the header's own calls of a page just loaded are over first).
    await page.waitForLoadState('networkidle');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push(r.url());
    });
    const nonce = Number(await page.locator('#fair-nonce').inputValue());
    await page.locator('#fair-nonce').fill(String(nonce + 1));
    await page.getByRole('button', { name: 'Prüfen' }).click();
    await page.locator('#fair-result[data-verdict=differs]').waitFor();
    expect(await result.textContent()).toContain('Das Ergebnis weicht ab');
    await page.locator('#fair-nonce').fill(String(nonce));
    await page.locator('#fair-hash').fill('0'.repeat(64));
    await page.getByRole('button', { name: 'Prüfen' }).click();
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
    expect(await page.locator('#fair-wheel').inputValue()).toBe('american');
    expect(await page.locator('#fair-wheel-row').isVisible()).toBe(true);
    await page.getByLabel(en.fairness.wheel).selectOption('european');
    await page.getByRole('button', { name: en.fairness.verify }).click();
    await page.locator('#fair-result[data-verdict=differs]').waitFor();
    // Another game hides the wheel.
    await page.getByLabel(en.fairness.game).selectOption('dice');
    expect(await page.locator('#fair-wheel-row').isVisible()).toBe(false);
    await page.close();
  });

  it('is a static page in every locale with labelled fields', async () => {
    const page = await browser.newPage();
    for (const path of ['/fairness', '/jp/fairness', '/gr/fairness']) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status()).toBe(200);
      for (const id of ['fair-engine', 'fair-wheel', 'fair-server', 'fair-hash', 'fair-client', 'fair-nonce', 'fair-outcome']) {
        expect(await page.locator(`label[for=${id}]`).count()).toBe(1);
      }
    }
    await page.close();
  });
});
