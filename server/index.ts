/**
 * Production entry: `node server/index.ts` (what `npm start` runs after building).
 * Validates the configuration before anything else, then serves the build: in this process (WEB_CONCURRENCY=1,
 * the default), or in WEB_CONCURRENCY processes sharing the port under node:cluster (server/cluster.ts).
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError, getConfig } from '../src/lib/config.ts';
import { processCount } from './cluster.ts';

let config;
try {
  config = getConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
if (!existsSync(fileURLToPath(new URL('../dist/server/entry.mjs', import.meta.url)))) {
  console.error('No build found in dist/. Run `npm run build` first (`npm start` does it for you).');
  process.exit(1);
}

const processes = processCount(config.WEB_CONCURRENCY);
if (cluster.isPrimary && processes > 1) await (await import('./cluster.ts')).runPrimary(processes);
else await import('./instance.ts');
