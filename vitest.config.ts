import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/helpers/sequencer.ts';

// Database tests run on in-memory PGlite; the suites whose claim depends on the real
// server (below) run again on PostgreSQL when TEST_DATABASE_URL is set. Browser tests
// run last against the built site, Lighthouse after them on an idle machine.
const postgres = process.env.TEST_DATABASE_URL;
const serverTests = ['tests/server/**/*.test.ts'];

// The suites that run on PostgreSQL as well (docs/testing.md, "Which engine"). A suite is
// here when what it proves could hold on PGlite and fail on the real server: two requests
// or processes at once (races, locks, isolation, leases, idempotency under repeats), the
// wallet's money (the ledger, balances, payments and settlements), or the database's own
// rules (constraints, migrations, the driver's types). PGlite is the same PostgreSQL
// engine with one connection, so a suite of rules, texts, pages and flows proves as much
// on it alone.
export const POSTGRES_SUITES = [
  'tests/server/accounts/currency.test.ts',
  'tests/server/accounts/lockout.test.ts',
  'tests/server/accounts/registration-bonus.test.ts',
  'tests/server/accounts/registration.test.ts',
  'tests/server/accounts/session.test.ts',
  'tests/server/accounts/usernames.test.ts',
  'tests/server/backup.test.ts',
  'tests/server/bad-input.test.ts',
  'tests/server/concurrent-steps.test.ts',
  'tests/server/content.test.ts',
  'tests/server/games-bingo.test.ts',
  'tests/server/games-crash.test.ts',
  'tests/server/games-fairness.test.ts',
  'tests/server/games-hands.test.ts',
  'tests/server/games-house.test.ts',
  'tests/server/games-jackpot.test.ts',
  'tests/server/games-live.test.ts',
  'tests/server/games-load.test.ts',
  'tests/server/games-moves.test.ts',
  'tests/server/games.test.ts',
  'tests/server/metrics.test.ts',
  'tests/server/payments/deposit-bonus.test.ts',
  'tests/server/payments/deposit-limits.test.ts',
  'tests/server/payments/deposits.test.ts',
  'tests/server/payments/webhooks-withdrawals.test.ts',
  'tests/server/payments/withdrawal-destinations.test.ts',
  'tests/server/protection/breaks.test.ts',
  'tests/server/protection/deposits.test.ts',
  'tests/server/protection/limits.test.ts',
  'tests/server/previous-release.test.ts',
  'tests/server/protection/sports.test.ts',
  'tests/server/schedule.test.ts',
  'tests/server/seamless.test.ts',
  'tests/server/sports-free-bet.test.ts',
  'tests/server/sports-recovery.test.ts',
  'tests/server/sports.test.ts',
  'tests/server/staff-roles.test.ts',
  'tests/server/wallet/api.test.ts',
  'tests/server/wallet/conservation.test.ts',
  'tests/server/wallet/currencies.test.ts',
  'tests/server/wallet/currency-migration.test.ts',
  'tests/server/wallet/ledger.test.ts',
  'tests/server/wallet/simulation.test.ts',
];

// Two cores: vitest's default is one worker fewer than the cores, which ran every file
// one after another. Projects of one group run side by side on these two workers.
const WORKERS = 2;

// The API suites keep the server's modules loaded from one file to the next in a worker
// (importing them again for each file was half of those projects' time); what a file
// stubs or spies on is undone when it ends (tests/helpers/file-isolation.ts). Each suite
// still builds its own database and app.
const sharedModules = { isolate: false, setupFiles: ['tests/helpers/file-isolation.ts'] };

const e2e = {
  globalSetup: ['tests/helpers/e2e-setup.ts'],
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // A poll waits for a state the page reaches after a debounce and a round trip to its
  // server (the lobby's search: 300 ms, then the API when the catalogue is still loading);
  // vitest's default second is less than a person waits on a loaded machine.
  expect: { poll: { timeout: 10_000 } },
};

// `npm test` runs the projects in three vitest runs (scripts/test.ts): TEST_GROUP=api, the
// projects that need no built site; TEST_GROUP=browser, whose servers start only then rather
// than idling through the first; TEST_GROUP=lighthouse, once the browser tests' servers and
// browsers are gone (a project's global setup is torn down only when its run ends). Without
// TEST_GROUP every project runs.
const group = process.env.TEST_GROUP;
const GROUPS: Record<string, string> = { e2e: 'browser', lighthouse: 'lighthouse' };
const inGroup = (project: { test: { name: string } }) => group === undefined || group === (GROUPS[project.test.name] ?? 'api');

export default defineConfig({
  test: {
    // The longest files first (tests/helpers/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', maxWorkers: WORKERS } },
      // The Cloudflare Workers deployment in workerd (miniflare).
      { test: { name: 'edge', include: ['tests/edge/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000, maxWorkers: WORKERS } },
      {
        test: {
          name: 'pglite',
          include: serverTests,
          env: { NODE_ENV: 'test', TEST_DB: 'pglite' },
          globalSetup: ['tests/helpers/pglite-setup.ts'],
          ...sharedModules,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: WORKERS,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'postgres',
                include: POSTGRES_SUITES,
                env: { NODE_ENV: 'test', TEST_DB: 'postgres' },
                globalSetup: ['tests/helpers/postgres-setup.ts'],
                ...sharedModules,
                testTimeout: 60_000,
                hookTimeout: 60_000,
                maxWorkers: WORKERS,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: ['tests/e2e/lighthouse.test.ts'],
          // After the other projects, two files at a time: each worker has a server of its
          // own (tests/helpers/e2e-setup.ts), so files running together share no player,
          // setting or mail port.
          sequence: { groupOrder: 1 },
          maxWorkers: WORKERS,
          ...e2e,
        },
      },
      {
        test: {
          name: 'lighthouse',
          include: ['tests/e2e/lighthouse.test.ts'],
          // Last and alone: a browser measured while other suites load both cores would
          // judge the machine, not the site (Lighthouse's blocking time).
          sequence: { groupOrder: 2 },
          maxWorkers: 1,
          ...e2e,
        },
      },
    ].filter(inGroup),
  },
});
