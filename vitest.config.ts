import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SummaryLineReporter from './scripts/summary-reporter.ts';
import LongestFirstSequencer from './scripts/test-sequencer.ts';

export default defineConfig({
  test: {
    reporters: ['default', new SummaryLineReporter()],
    sequence: { sequencer: LongestFirstSequencer },
    // At least two test files at once, even on a 2-CPU machine: most API tests wait on a database
    // or a child process, and one worker left the suite above 15 minutes. The browser files share
    // the workers (one server each: e2e/global-setup.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit-and-api',
          include: [
            'apps/server/src/**/*.test.ts',
            'packages/shared/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/*.test.ts',
            'scripts/*.test.ts',
          ],
          environment: 'node',
          // Modules are kept from one test file to the next in a worker (about a third of the
          // suite's CPU went to importing them again): no test may leave state behind in a module
          // or in process.env (the two that change TZ or CHROMIUM_PATH put them back).
          isolate: false,
          // One migrated database per run, which each file's databases copy (ADR 050).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits as long as a Playwright locator's waitFor (vitest's own default,
          // one second, is less than a busy machine takes to refetch a badge); what it must
          // finally see is unchanged.
          expect: { poll: { timeout: 30_000 } },
          // Side by side with the API tests, up to one browser file per worker: each worker has
          // its own server and database (e2e/global-setup.ts, support/server.ts). A project of
          // files one at a time would run as a group of its own after all the others.
        },
      },
    ],
  },
});
