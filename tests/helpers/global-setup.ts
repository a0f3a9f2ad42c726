import { execFileSync } from 'node:child_process';

/** Build the site once before any test file runs; the integration tests serve this build. */
export default function setup() {
  if (process.env.TEST_SKIP_BUILD === '1') return;
  const started = Date.now();
  execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  console.log(`global setup: site built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
