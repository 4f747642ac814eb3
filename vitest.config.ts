import { defineConfig } from 'vitest/config';

// Database tests run on in-memory PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set. Browser tests run last against the built site.
const postgres = process.env.TEST_DATABASE_URL;
const serverTests = ['tests/server/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      // The Cloudflare Workers deployment in workerd (miniflare).
      { test: { name: 'edge', include: ['tests/edge/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } },
      {
        test: {
          name: 'pglite',
          include: serverTests,
          env: { NODE_ENV: 'test', TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'postgres',
                include: serverTests,
                env: { NODE_ENV: 'test', TEST_DB: 'postgres' },
                globalSetup: ['tests/helpers/postgres-setup.ts'],
                testTimeout: 60_000,
                hookTimeout: 60_000,
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
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // After the other projects: a browser measured while database suites load
          // both cores would judge the machine, not the site (Lighthouse's blocking time).
          sequence: { groupOrder: 1 },
          globalSetup: ['tests/helpers/e2e-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
