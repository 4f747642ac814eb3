// The game's frame in the lobby, as a player sees it on a 1280×800 desktop and a 375×667
// phone: the game fills the frame's width (no black strips beside it), and blackjack — after
// a hand, after a split — is never cut off inside it: every element of the table lies in the
// frame's box and nothing in it scrolls.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, e2eServer } from '../helpers/e2e.ts';
import { ROOT } from '../helpers/spawn.ts';

const { baseUrl } = e2eServer();
const shots = join(ROOT, 'test-results/screenshots');

/** What of the game does not fit its frame, once painted: its page scrolling, the game's panel scrolling, elements outside the window. */
const overflow = (game: Frame) =>
  game.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const doc = document.documentElement;
    const panel = document.querySelector('.studio-game') as HTMLElement;
    const outside = [...document.querySelectorAll('.studio-app *')]
      .filter((el) => {
        if (el.closest('.visually-hidden, details:not([open]) > :not(summary), .reality-check')) return false;
        const box = el.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) return false;
        return box.top < -0.5 || box.left < -0.5 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return {
      // The page may run on by no more than the frame's own bottom padding (8 px on a phone), never by a control.
      pageScrolls: doc.scrollHeight > innerHeight + 8 || doc.scrollWidth > innerWidth + 1,
      panelScrolls: panel.scrollHeight > panel.clientHeight + 1 || panel.scrollWidth > panel.clientWidth + 1,
      outside,
    };
  });

const fits = { pageScrolls: false, panelScrolls: false, outside: [] };

const button = (game: Frame, name: RegExp) => game.locator('#actions button:not([disabled])', { hasText: name });
const settled = (game: Frame) => game.locator('#actions button:not([disabled])').first().waitFor();

/** Plays free-play hands until one is split (then doubled where it can be), checking the fit after every move. */
async function playUntilSplit(page: Page, game: Frame, label: string): Promise<void> {
  for (let deal = 1; deal <= 120; deal++) {
    await button(game, /^Deal$/).click();
    await settled(game);
    expect(await overflow(game), `${label}: deal ${deal}`).toEqual(fits);
    let split = false;
    while (!(await button(game, /^Deal$/).isVisible())) {
      if (await button(game, /^No insurance$/).isVisible()) await button(game, /^No insurance$/).click();
      else if (!split && (await button(game, /^Split/).isVisible())) {
        await button(game, /^Split/).click();
        split = true;
      } else if (split && (await button(game, /^Split/).isVisible())) await button(game, /^Split/).click();
      else if (split && (await button(game, /^Double/).isVisible())) await button(game, /^Double/).click();
      else await button(game, /^Stand$/).click();
      await settled(game);
      expect(await overflow(game), `${label}: deal ${deal}, a move`).toEqual(fits);
    }
    // After the hand: the outcome, the dealer's cards and every hand, all in the frame.
    expect(await overflow(game), `${label}: after deal ${deal}`).toEqual(fits);
    if (deal === 1) await page.screenshot({ path: join(shots, `frame-blackjack-${label}-hand.png`) });
    if (split) {
      await page.screenshot({ path: join(shots, `frame-blackjack-${label}-split.png`) });
      return;
    }
  }
  throw new Error('no pair to split in 120 deals');
}

describe('the game frame', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(shots, { recursive: true });
  });
  afterAll(() => browser.close());

  for (const [label, viewport, mobile] of [
    ['1280', { width: 1280, height: 800 }, false],
    ['375', { width: 375, height: 667 }, true],
  ] as const) {
    it(`fits blackjack in its frame at ${viewport.width}×${viewport.height}, splits included, with no black strips beside it`, {
      timeout: 300_000,
    }, async () => {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce', hasTouch: mobile, isMobile: mobile });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/online-casino?play=classic-blackjack&mode=fun`, { waitUntil: 'networkidle' });
      const frameEl = page.locator('.game-player iframe');
      await frameEl.waitFor();
      const game = (await (await frameEl.elementHandle())?.contentFrame()) as Frame;
      await game.locator('#actions button', { hasText: /^Deal$/ }).waitFor();
      // The frame takes the stage's whole width: nothing black beside the game.
      const [stage, frame] = [await page.locator('.game-stage').boundingBox(), await frameEl.boundingBox()];
      expect(frame?.width).toBeCloseTo(stage?.width ?? 0, 0);
      expect(frame?.x).toBeCloseTo(stage?.x ?? 0, 0);
      expect(await overflow(game), label).toEqual(fits);
      await page.screenshot({ path: join(shots, `frame-blackjack-${label}.png`) });
      await playUntilSplit(page, game, label);
      await context.close();
    });
  }
});
