// The lease that elects one process to run a shared schedule (crash, live tables, bingo
// rooms), on the real clock: while a holder renews it nobody else steps the schedule; when
// the holder dies without a word, another runner takes over within the lease's length; a
// clean stop hands over at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/clock.ts';
import { createContext } from '../../src/server/context.ts';
import { startScheduleRunner, takeLease } from '../../src/server/games/schedule.ts';
import { createLogger } from '../../src/server/logger.ts';
import { type TestApi, testApi } from '../helpers/app.ts';

let api: TestApi;
beforeAll(async () => {
  api = await testApi();
});
afterAll(() => api.close());

const LEASE_MS = 1_500;

describe('schedule lease', () => {
  it('lets another runner take over within the lease after its holder died, and at once after a clean stop', { timeout: 30_000 }, async () => {
    // A "dead" holder: it took the lease and will never renew it.
    expect(await takeLease(api.ctx, 'test-table', 'dead-process', LEASE_MS)).toBe(true);
    const diedAt = Date.now();
    let firstStep = 0;
    const stopB = startScheduleRunner(api.ctx, {
      name: 'test-table',
      tickMs: 50,
      leaseMs: LEASE_MS,
      advance: async () => {
        firstStep ||= Date.now();
        return undefined;
      },
    });
    // B starts trying 2 s after it starts; it steps no sooner than the dead lease runs out, and soon after.
    while (!firstStep && Date.now() - diedAt < 10_000) await new Promise((r) => setTimeout(r, 50));
    expect(firstStep - diedAt).toBeGreaterThanOrEqual(LEASE_MS);
    expect(firstStep - diedAt).toBeLessThan(2_000 + LEASE_MS + 1_000);
    // While B renews, nobody else gets the schedule.
    expect(await takeLease(api.ctx, 'test-table', 'process-c', LEASE_MS)).toBe(false);
    // B stops cleanly: the lease is given up, C takes it at once.
    await stopB();
    expect(await takeLease(api.ctx, 'test-table', 'process-c', LEASE_MS)).toBe(true);
  });
});

describe('schedule quiet time', () => {
  it('leaves the ticks until the time the schedule says its next step is due, on the schedule’s clock', { timeout: 30_000 }, async () => {
    // The schedule's own clock, moved by hand; the runner's ticks and lease are real time.
    const clock = manualClock(Date.now());
    const ctx = createContext(api.ctx.config, api.ctx.database, createLogger('silent'), undefined, clock);
    const steps: number[] = [];
    const stop = startScheduleRunner(ctx, {
      name: 'quiet-table',
      tickMs: 50,
      leaseMs: LEASE_MS,
      // Each step says nothing is due for another 10 s of its clock.
      advance: async () => {
        steps.push(clock.now());
        return clock.now() + 10_000;
      },
    });
    try {
      // The first step comes once the runner holds the lease (2 s after it starts).
      const since = Date.now();
      while (steps.length === 0 && Date.now() - since < 10_000) await new Promise((r) => setTimeout(r, 50));
      expect(steps).toHaveLength(1);
      // Twenty ticks later, still quiet: the clock has not reached the due time.
      await new Promise((r) => setTimeout(r, 1_000));
      expect(steps).toHaveLength(1);
      // The clock reaches it: the next tick steps again, once.
      clock.advance(10_000);
      const moved = Date.now();
      while (steps.length === 1 && Date.now() - moved < 5_000) await new Promise((r) => setTimeout(r, 20));
      expect(steps).toEqual([steps[0], (steps[0] ?? 0) + 10_000]);
    } finally {
      await stop();
    }
  });
});
