/**
 * Accepted newsletter signups per second with durable commits (WAL, synchronous=FULL: each 200 is fsynced),
 * through our whole stack: security headers, Astro, rate limiter off (RATE_LIMIT_DISABLED=1, the benchmark
 * setting), body reading, zod, store. Baseline in the same run: bare node:http + node:sqlite doing only the insert.
 * Every request uses a new address ([<id>] is replaced per request), so every one is a real insert.
 * After the run, the rows in the database are counted against the 200s.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { fmt, load, ratio, startProcess } from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);

export async function run() {
  const oursData = mkdtempSync(join(tmpdir(), 'bench-forms-'));
  const bareData = mkdtempSync(join(tmpdir(), 'bench-bare-'));
  const ours = await startProcess('server/index.ts', { RATE_LIMIT_DISABLED: '1', DATA_DIR: oursData, LOG_LEVEL: 'warn' }, '/api/health');
  const bare = await startProcess('bench/baselines/bare-sqlite-signup.ts', { DATA_DIR: bareData });
  const request = {
    method: 'POST' as const, idReplacement: true, seconds, connections: 16,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'bench-[<id>]@example.org', interests: ['events'], source: '/newsletter/' }),
  };
  try {
    const bareRun = await load(bare.url + '/', request);
    const oursRun = await load(ours.url + '/api/email-marketing-signup', request);
    console.log('\nPOST /api/email-marketing-signup, a new address per request, durable commits');
    console.log(`  bare node:http + node:sqlite   ${fmt(bareRun)}`);
    console.log(`  our server                     ${fmt(oursRun)}   = ${ratio(oursRun, bareRun)} of bare (goal ≥ 500 req/s, p99 < 20 ms)`);
    await ours.stop();
    const db = new DatabaseSync(join(oursData, 'submissions.sqlite'), { readOnly: true });
    const rows = Number((db.prepare('SELECT COUNT(*) AS n FROM signups').get() as { n: number }).n);
    db.close();
    console.log(`  rows committed: ${rows} for ${oursRun.ok} accepted in the measured run (warm-up included in rows)`);
  } finally {
    await Promise.all([ours.stop(), bare.stop()]);
  }
}
