// The lobby's provider filter over 5,000 games in Chromium: from the change of the
// filter to the grid's update (the filter, React's render, the DOM), against the bare DOM
// update of the same 24 cards in the same page. Target: the median within one frame (16.7 ms).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import en from '../locales/en.json' with { type: 'json' };
import { chromiumPath } from '../tests/helpers/chromium.ts';
import { CHROMIUM_ARGS } from '../tests/helpers/e2e.ts';
import { bigCatalogue, openBigLobby, timeFilter } from '../tests/helpers/lobby-catalogue.ts';
import { spawnServer } from '../tests/helpers/spawn.ts';
import { table } from './lib.ts';

const ROUNDS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] as number;

export async function benchLobbyFilter(root: string): Promise<Record<string, number>> {
  const server = await spawnServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'casino-bench-')), DIST_DIR: join(root, 'dist/client') });
  const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await bigCatalogue(context, server.url);
    const page = await context.newPage();
    const providers = await openBigLobby(page, server.url, en.lobby.provider);
    const filter: number[] = [];
    const bare: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const provider of [...providers.slice(1), '0']) {
        filter.push(await timeFilter(page, provider));
        // The render the first mutation began is painted before the next measure.
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        // The baseline, interleaved: the grid's cards copied into a grid of the page's own outside
        // React (React's nodes are not touched), no filter and no render (none when the provider has
        // no game in the catalogue: there is no grid to copy).
        const ms = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const grid = document.querySelector('.lobby-games .game-grid');
              if (!grid) return resolve(-1);
              let copy = document.getElementById('bench-grid');
              if (!copy) {
                copy = document.createElement('ul');
                copy.id = 'bench-grid';
                copy.className = 'game-grid';
                document.body.append(copy);
              }
              const cards = [...grid.children].map((card) => card.cloneNode(true));
              const t0 = performance.now();
              const observer = new MutationObserver(() => {
                observer.disconnect();
                resolve(performance.now() - t0);
              });
              observer.observe(copy, { childList: true });
              copy.replaceChildren(...cards);
            }),
        );
        if (ms >= 0) bare.push(ms);
      }
    }
    const result = {
      filterMedianMs: median(filter),
      filterP90Ms: p90(filter),
      bareMedianMs: median(bare),
      ratio: median(filter) / Math.max(median(bare), 0.01),
      samples: filter.length,
    };
    console.log(
      table([
        ['measure', 'median ms', 'p90 ms'],
        ['filter 5,000 games → grid', result.filterMedianMs.toFixed(1), result.filterP90Ms.toFixed(1)],
        ['bare DOM update of 24 cards', result.bareMedianMs.toFixed(2), p90(bare).toFixed(2)],
      ]),
    );
    console.log(`target: median within one frame (16.7 ms): ${result.filterMedianMs < 1000 / 60 ? 'met' : 'NOT met'}`);
    return result;
  } finally {
    await browser.close();
    await server.stop();
  }
}
