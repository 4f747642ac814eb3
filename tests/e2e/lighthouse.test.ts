import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS } from '../helpers/browser.ts';

const baseUrl = inject('baseUrl');

describe('Lighthouse, mobile', () => {
  let chrome: chromeLauncher.LaunchedChrome;
  beforeAll(async () => {
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', chromeFlags: CHROMIUM_ARGS });
  });
  afterAll(() => chrome.kill());

  for (const path of ['/', '/online-casino', '/sign-up', '/de/10freeuk']) {
    it(`scores ${path} at least 95 for performance and 100 for accessibility, best practices and SEO`, async () => {
      const result = await lighthouse(`${baseUrl}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const lhr = result?.lhr;
      expect(lhr?.runtimeError).toBeUndefined();
      const scores = Object.fromEntries(Object.entries(lhr?.categories ?? {}).map(([id, c]) => [id, c.score ?? 0]));
      const failing = Object.values(lhr?.categories ?? {}).flatMap((c) =>
        c.auditRefs.filter((r) => r.weight > 0 && (lhr?.audits[r.id]?.score ?? 1) < 1).map((r) => `${c.id}/${r.id}=${lhr?.audits[r.id]?.score}`),
      );
      expect(scores.performance, failing.join(' ')).toBeGreaterThanOrEqual(0.95);
      expect({ accessibility: scores.accessibility, bestPractices: scores['best-practices'], seo: scores.seo }, failing.join(' ')).toEqual({
        accessibility: 1,
        bestPractices: 1,
        seo: 1,
      });
    });
  }
});
