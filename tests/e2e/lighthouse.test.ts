import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS } from '../helpers/e2e.ts';
import { startE2eServer } from '../helpers/e2e-setup.ts';
import type { Spawned } from '../helpers/spawn.ts';

/** Lighthouse's mobile throttling (its default), of which only the CPU slowdown is calibrated. */
const THROTTLING = constants.throttling.mobileSlow4G;
const DEFAULT_SLOWDOWN = THROTTLING.cpuSlowdownMultiplier;
/** The host benchmark index Lighthouse's four-times slowdown is calibrated for. */
const CALIBRATED_INDEX = 2000;

describe('Lighthouse, mobile', () => {
  let chrome: chromeLauncher.LaunchedChrome;
  let server: Spawned;
  // The site's server starts now, when nothing else runs, rather than idling beside every
  // other project from the start of the run (tests/helpers/e2e-setup.ts).
  beforeAll(async () => {
    ({ server } = await startE2eServer());
    chrome = await chromeLauncher.launch({ chromePath: inject('chromiumPath'), chromeFlags: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    chrome?.kill();
    await server?.stop();
  });

  // Performance is measured on a shared machine. Lighthouse stands for a mid-tier phone by
  // slowing the host's CPU four times, which its documentation calibrates for a desktop of
  // benchmark index 2,000 or more ("Calibrating the CPU slowdown", docs/throttling.md); a
  // host busy with other work measures a lower index in the same run, and four times that
  // would stand for a phone slower than the budget's. So each run after the first slows the
  // CPU by what the host measured in the previous one (never more than Lighthouse's four
  // times), and the best of up to three runs is the site's score. The other categories
  // must hold on every run.
  const RUNS = 3;
  const slowdown = (benchmarkIndex: number) => Math.max(1, Math.min(DEFAULT_SLOWDOWN, (DEFAULT_SLOWDOWN * benchmarkIndex) / CALIBRATED_INDEX));
  for (const path of ['/', '/online-casino', '/sports', '/sign-up', '/de/10freeuk']) {
    it(`scores ${path} at least 95 for performance and 100 for accessibility, best practices and SEO`, async () => {
      let best = 0;
      let failing: string[] = [];
      let cpuSlowdownMultiplier = DEFAULT_SLOWDOWN;
      for (let run = 0; run < RUNS && best < 0.95; run++) {
        const result = await lighthouse(`${server.url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          throttling: { ...THROTTLING, cpuSlowdownMultiplier },
        });
        const lhr = result?.lhr;
        expect(lhr?.runtimeError).toBeUndefined();
        const scores = Object.fromEntries(Object.entries(lhr?.categories ?? {}).map(([id, c]) => [id, c.score ?? 0]));
        const below = Object.values(lhr?.categories ?? {}).flatMap((c) =>
          c.auditRefs.filter((r) => r.weight > 0 && (lhr?.audits[r.id]?.score ?? 1) < 1).map((r) => `${c.id}/${r.id}=${lhr?.audits[r.id]?.score}`),
        );
        expect({ accessibility: scores.accessibility, bestPractices: scores['best-practices'], seo: scores.seo }, below.join(' ')).toEqual({
          accessibility: 1,
          bestPractices: 1,
          seo: 1,
        });
        const measured = lhr?.environment.benchmarkIndex ?? CALIBRATED_INDEX;
        if ((scores.performance ?? 0) > best) {
          best = scores.performance ?? 0;
          failing = [`benchmarkIndex=${Math.round(measured)} cpuSlowdown=${cpuSlowdownMultiplier.toFixed(1)} load=${loadavg()[0]?.toFixed(1)}`, ...below];
        }
        cpuSlowdownMultiplier = slowdown(measured);
      }
      expect(best, failing.join(' ')).toBeGreaterThanOrEqual(0.95);
    }, 300_000);
  }
});
