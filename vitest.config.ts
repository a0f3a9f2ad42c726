import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Builds the site once for the integration and browser tests (skip with TEST_SKIP_BUILD=1).
    globalSetup: ['tests/helpers/global-setup.ts'],
    include: ['tests/**/*.test.ts'],
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each integration file starts its own server process; two cores, so keep the fan-out small.
    maxWorkers: 2,
  },
});
