import { execFileSync } from 'node:child_process';

/**
 * Build the site once before the integration and browser tests, which serve this build (skip with
 * TEST_SKIP_BUILD=1). Both projects name this setup; the first one to start builds, the other finds it done.
 */
export default function setup() {
  if (process.env.TEST_SKIP_BUILD === '1' || process.env.TEST_SITE_BUILT === '1') return;
  const started = Date.now();
  // Vitest sets NODE_ENV=test, which would make this a non-production build (drafts included): build as `npm run
  // build` does.
  execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  process.env.TEST_SITE_BUILT = '1';
  console.log(`global setup: site built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
