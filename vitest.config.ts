import { defineConfig } from 'vitest/config';

/**
 * Four projects. `npm test` (scripts/run-tests.ts) runs unit, api and e2e in one vitest on two workers, and timing in
 * a second vitest beside it, on a worker of its own: kill -9, restarts, start-up under load and anything asserting a
 * time, kept away from the files that fill the other two workers.
 */
// Both cores busy all the time: the default (cores - 1) runs every file one after another on two cores.
const workers = Number(process.env.PORTAL_TEST_WORKERS) || 2;

const apiSetup = 'tests/api/global-setup.ts';
const e2eSetup = 'tests/e2e/global-setup.ts';

export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    maxWorkers: workers,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          maxWorkers: workers,
          // The engine, the definitions and their golden orders are imported once per worker, not once per file.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
          environment: 'node',
          globalSetup: [apiSetup],
          maxWorkers: workers,
          // A worker runs its files one after another in one process: the server's modules and compiled
          // definitions are loaded once per worker, not once per file. Each file still boots its own app on its own
          // database (a PGlite restored from the run's snapshot, or a PostgreSQL database copied from the template).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: [e2eSetup],
          maxWorkers: workers,
          // As for api, plus one Chromium per worker (support/browser.ts: workerBrowser); each file its own server.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'timing',
          include: ['tests/timing/**/*.test.ts'],
          environment: 'node',
          globalSetup: [apiSetup, e2eSetup],
          // Its own vitest process in `npm test`: one file at a time, each in a fresh process.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
