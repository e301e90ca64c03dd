import { defineConfig } from 'vitest/config';
import SummaryLineReporter from './scripts/summary-reporter.ts';

export default defineConfig({
  test: {
    reporters: ['default', new SummaryLineReporter()],
    projects: [
      {
        test: {
          name: 'unit-and-api',
          include: [
            'apps/server/src/**/*.test.ts',
            'packages/shared/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
          ],
          environment: 'node',
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
