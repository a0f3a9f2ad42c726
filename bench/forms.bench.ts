/**
 * Accepted newsletter signups per second with durable commits (WAL, synchronous=FULL: each 200 is fsynced),
 * through our whole stack: security headers, Astro, rate limiter off (RATE_LIMIT_DISABLED=1, the benchmark
 * setting), body reading, zod, store. Baseline in the same run: bare node:http + node:sqlite doing only the insert.
 * Every request uses a new address ([<id>] is replaced per request), so every one is a real insert.
 * After the run, the rows in the database are counted against the 200s.
 *
 * Since the mail outbox (docs/mail.md), each signup also writes its confirmation email in the same transaction.
 * The same server before that change (BENCH_BEFORE_REF, default the commit before it) is built and loaded in the
 * same run, so the cost of the outbox write is a ratio of two figures measured side by side (goal ≥ 80%).
 * Without SMTP_URL the sender writes .eml files meanwhile, as `npm start` does.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { fmt, load, ratio, startProcess } from './lib.ts';
import { buildRef } from './baselines/build-ref.ts';
import { CannotRun } from './report.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);

export async function run() {
  const oursData = mkdtempSync(join(tmpdir(), 'bench-forms-'));
  const bareData = mkdtempSync(join(tmpdir(), 'bench-bare-'));
  const ours = await startProcess(
    'server/index.ts',
    { RATE_LIMIT_DISABLED: '1', DATA_DIR: oursData, LOG_LEVEL: 'warn' },
    '/api/health',
  );
  const bare = await startProcess('bench/baselines/bare-sqlite-signup.ts', { DATA_DIR: bareData });
  const beforeRef = process.env.BENCH_BEFORE_REF ?? '444b284';
  // BENCH_BEFORE_DIR: a folder already built from that ref, to skip the build when repeating the benchmark.
  // Without git history (a release tarball) there is no "before": ours against bare still runs.
  let beforeDir: string | undefined = process.env.BENCH_BEFORE_DIR;
  try {
    beforeDir ??= buildRef(beforeRef);
  } catch (error) {
    if (!(error instanceof CannotRun)) throw error;
    console.log(`  skipping the "before" baseline: ${error.message}`);
  }
  const before = beforeDir
    ? await startProcess(
        'server/index.ts',
        { RATE_LIMIT_DISABLED: '1', DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-before-')), LOG_LEVEL: 'warn' },
        '/api/health',
        beforeDir,
      )
    : undefined;
  const request = {
    method: 'POST' as const,
    idReplacement: true,
    seconds,
    connections: 16,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'bench-[<id>]@example.org', interests: ['events'], source: '/newsletter/' }),
  };
  try {
    const bareRun = await load(bare.url + '/', request);
    const beforeRun = before && (await load(before.url + '/api/email-marketing-signup', request));
    await before?.stop();
    const oursRun = await load(ours.url + '/api/email-marketing-signup', request);
    console.log('\nPOST /api/email-marketing-signup, a new address per request, durable commits');
    console.log(`  bare node:http + node:sqlite   ${fmt(bareRun)}`);
    if (beforeRun)
      console.log(
        `  before the outbox (${beforeRef})     ${fmt(beforeRun)}   = ${ratio(beforeRun, bareRun, `signups before the outbox (${beforeRef})`, 'bare node:sqlite')} of bare`,
      );
    console.log(
      `  our server, with the outbox    ${fmt(oursRun)}   = ${ratio(oursRun, bareRun, 'signups', 'bare node:sqlite')} of bare${beforeRun ? `, ${ratio(oursRun, beforeRun, 'signups', 'before the outbox')} of before (goal ≥ 80%)` : ''}`,
    );
    await ours.stop();
    const db = new DatabaseSync(join(oursData, 'submissions.sqlite'), { readOnly: true });
    const rows = Number((db.prepare('SELECT COUNT(*) AS n FROM signups').get() as { n: number }).n);
    const mail = Number((db.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n);
    db.close();
    console.log(
      `  rows committed: ${rows} signups and ${mail} queued emails for ${oursRun.ok} accepted in the measured run (warm-up included in rows)`,
    );
  } finally {
    await Promise.all([ours.stop(), bare.stop(), before?.stop()]);
  }
}
