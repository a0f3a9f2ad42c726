import { defineConfig } from 'vitest/config';

// Three projects: `unit` needs no build and runs in seconds (`npx vitest --project unit`); `integration` and `e2e`
// serve the built site, which the global setup builds once per run whichever of them runs first.
const buildOnce = ['tests/helpers/global-setup.ts'];

export default defineConfig({
  test: {
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each integration file starts its own server process; two cores, so keep the fan-out small.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], globalSetup: buildOnce },
      },
      { extends: true, test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], globalSetup: buildOnce } },
    ],
  },
});
