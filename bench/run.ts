/**
 * `npm run bench`: builds if needed, then runs every bench/*.bench.ts (or the ones named: `npm run bench -- server`).
 * Each benchmark starts its baselines in the same run and prints ratios. Numbers, not assertions.
 * A benchmark that cannot run (no git history, no PostgreSQL) or fails prints why, and the others still run; the
 * run ends with a table of every figure and its ratio to its baseline (bench/report.ts). Exit code 1 if one failed.
 */
import { existsSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { CannotRun, startBench, table } from './report.ts';

if (!existsSync('dist/server/entry.mjs')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
const only = process.argv.slice(2);
const files = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts') && (only.length === 0 || only.some((o) => f.startsWith(o))))
  .sort();
const outcomes: { bench: string; outcome: string }[] = [];
for (const file of files) {
  const bench = file.replace('.bench.ts', '');
  console.log(`\n=== ${file} ===`);
  startBench(bench);
  try {
    const { run } = await import(`./${file}`);
    await run();
    outcomes.push({ bench, outcome: 'ran' });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    const outcome = error instanceof CannotRun ? `skipped: ${why}` : `FAILED: ${why}`;
    console.log(`${bench}: ${outcome}`);
    if (!(error instanceof CannotRun)) console.error(error);
    outcomes.push({ bench, outcome });
  }
}
console.log(
  `\n=== every figure, ${new Date().toISOString().slice(0, 10)}, load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} ===`,
);
console.log(table(outcomes));
if (outcomes.some((o) => o.outcome.startsWith('FAILED'))) process.exitCode = 1;
