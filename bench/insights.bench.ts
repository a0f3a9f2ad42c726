/**
 * What recording costs a search (docs/insights.md): GET /api/search on the built site with INSIGHTS=on against
 * INSIGHTS=off, in the same run, alternating off/on/off/on so a busy machine affects both alike. The query mix is
 * 500 distinct queries, each asked once before the measured run and then over and over (answer cache hits, as
 * most searches are), so what differs between the runs is the recording's own cost: normalising, redacting, counting in memory, and the flush every few seconds.
 * Goal: on within 5% of off (req/s).
 */
import autocannon from 'autocannon';
import { fmt, ratio, startProcess, type LoadResult } from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WORDS = ['greek', 'hebrew', 'theology', 'ministry', 'church', 'history', 'online', 'course', 'fees', 'library'];
const paths = Array.from(
  { length: 500 },
  (_, i) => `/api/search?q=${encodeURIComponent(`${WORDS[i % WORDS.length]} ${i}`)}`,
);

async function loadMix(url: string, seconds: number, amount?: number): Promise<LoadResult> {
  let next = 0;
  const requests = [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: paths[next++ % paths.length] }) }];
  const r = await autocannon({ url, connections: 32, duration: seconds, amount, requests });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

export async function run() {
  const results: Record<'on' | 'off', LoadResult[]> = { on: [], off: [] };
  for (const mode of ['off', 'on', 'off', 'on'] as const) {
    const server = await startProcess(
      'server/index.ts',
      { INSIGHTS: mode, LOG_LEVEL: 'warn', RATE_LIMIT_DISABLED: '1' },
      '/api/health',
    );
    try {
      await loadMix(server.url, 600, paths.length); // every query once, into the answer cache
      const r = await loadMix(server.url, SECONDS);
      results[mode].push(r);
      console.log(`  INSIGHTS=${mode.padEnd(3)} ${fmt(r)}`);
    } finally {
      await server.stop();
    }
  }
  const mean = (rs: LoadResult[]): LoadResult => ({
    rps: rs.reduce((n, r) => n + r.rps, 0) / rs.length,
    p50: Math.max(...rs.map((r) => r.p50)),
    p99: Math.max(...rs.map((r) => r.p99)),
    errors: rs.reduce((n, r) => n + r.errors, 0),
    non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
  });
  console.log(`\nGET /api/search, ${paths.length} distinct queries, 32 connections, ${SECONDS} s per run, 2 runs each`);
  console.log(`  recording off   ${fmt(mean(results.off))}`);
  console.log(
    `  recording on    ${fmt(mean(results.on))}   ${ratio(mean(results.on), mean(results.off), 'GET /api/search, insights recording on', 'recording off')} of off (goal ≥ 95%)`,
  );
  await recordCost();
}

/**
 * What one recordSearch costs on the HTTP thread (normalise, redact, count), in this process: far steadier on a
 * shared machine than the req/s above, and comparable with a search's latency.
 */
async function recordCost() {
  process.env.DATA_DIR ??= (await import('node:fs')).mkdtempSync(
    `${(await import('node:os')).tmpdir()}/insights-bench-`,
  );
  const { recordSearch } = await import('../src/lib/insights/recorder.ts');
  const queries = paths.map((p) => decodeURIComponent(p.slice('/api/search?q='.length)));
  const rounds = 100;
  const started = process.hrtime.bigint();
  for (let r = 0; r < rounds; r++) for (const q of queries) recordSearch(`${q} mail a.b@example.org`, 3);
  const micros = Number(process.hrtime.bigint() - started) / 1000 / (rounds * queries.length);
  console.log(
    `\nrecordSearch on the HTTP thread: ${micros.toFixed(2)} µs per search (${rounds * queries.length} calls, with an address to redact)`,
  );
}
