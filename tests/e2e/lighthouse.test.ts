import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS, e2eServer } from '../helpers/e2e.ts';

const { baseUrl } = e2eServer();

describe('Lighthouse, mobile', () => {
  let chrome: chromeLauncher.LaunchedChrome;
  beforeAll(async () => {
    chrome = await chromeLauncher.launch({ chromePath: inject('chromiumPath'), chromeFlags: CHROMIUM_ARGS });
  });
  afterAll(() => chrome.kill());

  // Performance is measured on a shared machine: other work only ever slows a run down, so
  // the best of up to three runs is the site's score; the other categories must hold on every run.
  const RUNS = 3;
  for (const path of ['/', '/online-casino', '/sports', '/sign-up', '/de/10freeuk']) {
    it(`scores ${path} at least 95 for performance and 100 for accessibility, best practices and SEO`, async () => {
      let best = 0;
      let failing: string[] = [];
      for (let run = 0; run < RUNS && best < 0.95; run++) {
        const result = await lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
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
        if ((scores.performance ?? 0) > best) {
          best = scores.performance ?? 0;
          failing = below;
        }
      }
      expect(best, failing.join(' ')).toBeGreaterThanOrEqual(0.95);
    }, 300_000);
  }
});
