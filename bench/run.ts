/**
 * `npm run bench`: builds if needed, then runs every bench/*.bench.ts (or the ones named: `npm run bench -- server`).
 * Each benchmark starts its baselines in the same run and prints ratios. Numbers, not assertions.
 */
import { existsSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

if (!existsSync('dist/server/entry.mjs')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
const only = process.argv.slice(2);
const files = readdirSync('bench').filter((f) => f.endsWith('.bench.ts') && (only.length === 0 || only.some((o) => f.startsWith(o)))).sort();
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const { run } = await import(`./${file}`);
  await run();
}
