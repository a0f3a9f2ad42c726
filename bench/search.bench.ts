/**
 * GET /api/search on a generated 10,000-page site (scripts/generate-site.ts, cached in the temp folder), 32
 * connections, a realistic query mix: a few hundred distinct queries, Zipf-distributed so common ones repeat, some
 * matching most pages, a quarter with a type filter. Runs variants back to back (defaults; no warming; one and two
 * workers; no answer cache) so their figures are comparable on a busy machine, and prints req/s, p50/p99, index
 * size and the server's memory. Then, in this process, the worker CPU time per query (misses and paging), which
 * depends much less on what else the machine is doing than latency does.
 * Goals on a 2-core machine: p99 under 50 ms, memory under 400 MB.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { FILLER_QUERIES, SUBJECTS, generatePages, writeHtmlSite } from '../scripts/generate-site.ts';
import { countWords, writeCommonTerms } from '../integrations/pagefind.ts';
import { SearchPool } from '../src/lib/search/pool.ts';
import { COMMON_TERMS_FILE } from '../src/lib/search/warm.ts';
import { startProcess, type LoadResult, fmt } from './lib.ts';

const PAGES = 10_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** The distinct requests of the mix ("a few hundred distinct queries", as the issue asks), then `count` draws. */
function queryMix(count: number, distinctCount = 300): { distinct: string[]; paths: string[] } {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const queries = [
    ...SUBJECTS,
    ...FILLER_QUERIES,
    ...SUBJECTS.slice(0, 60).flatMap((a, i) => [`${a} ${SUBJECTS[(i * 7 + 3) % SUBJECTS.length]}`, `${a} course`]),
  ];
  const types = ['', '', '', 'course', 'program', 'handbook', 'page'];
  // Shuffle once so popularity does not follow the list order; the filler queries (matching most pages) stay in.
  for (let i = queries.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [queries[i], queries[j]] = [queries[j], queries[i]];
  }
  const distinct = [...new Set([...FILLER_QUERIES, ...queries].map((q) => {
    const type = types[Math.floor(random() * types.length)];
    return `/api/search?q=${encodeURIComponent(q)}${type ? `&type=${type}` : ''}`;
  }))].slice(0, distinctCount);
  // Zipf-like: the first requests of the list are asked far more often than the tail.
  const paths = Array.from({ length: count }, () => distinct[Math.floor(distinct.length * random() ** 3)]);
  return { distinct, paths };
}

async function loadMix(url: string, paths: string[], seconds: number, amount?: number): Promise<LoadResult> {
  let next = 0;
  const requests = [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: paths[next++ % paths.length] }) }];
  const r = await autocannon({ url, connections: 32, duration: seconds, amount, requests });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

const bytes = (dir: string): number => readdirSync(dir, { recursive: true }).map(String)
  .reduce((sum, f) => sum + (statSync(join(dir, f)).isFile() ? statSync(join(dir, f)).size : 0), 0);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const memory = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0) * 1024;
  return `RSS ${mb(kb('VmRSS'))}, peak ${mb(kb('VmHWM'))}`;
};

export async function run() {
  const site = join(tmpdir(), `institute-bench-site-${PAGES}`);
  const bundle = join(site, 'pagefind');
  if (!existsSync(join(bundle, 'pagefind-entry.json'))) {
    console.log(`generating ${PAGES} pages into ${site} and indexing them (once; reused by later runs)…`);
    const { ms } = await writeHtmlSite(site, generatePages(PAGES));
    console.log(`  indexed in ${(ms / 1000).toFixed(1)} s`);
  }
  if (!existsSync(join(bundle, COMMON_TERMS_FILE))) {
    // Sites generated before the build wrote common-terms.json: count the words as the build would.
    const df = new Map<string, number>();
    const files = readdirSync(site, { recursive: true }).map(String).filter((f) => f.endsWith('.html') && !f.startsWith('pagefind'));
    for (const f of files) countWords(await readFile(join(site, f), 'utf8'), df);
    await writeCommonTerms(bundle, df, files.length);
  }
  const fragments = join(bundle, 'fragment');
  console.log(`\nindex: ${mb(bytes(bundle))} on disk (${mb(bytes(fragments))} of it page fragments, loaded only for returned results)`);
  const { distinct, paths } = queryMix(5000);
  console.log(`query mix: ${distinct.length} distinct requests (${FILLER_QUERIES.length} of them matching most pages), Zipf-drawn, 32 connections, ${SECONDS} s per run`);

  const variants: [string, Record<string, string>][] = [
    ['defaults', {}],
    ['no warming', { SEARCH_WARM: 'off' }],
    ['1 worker', { SEARCH_WORKERS: '1' }],
    ['2 workers', { SEARCH_WORKERS: '2' }],
    ['answer cache off (every query in a worker)', { SEARCH_CACHE_SIZE: '0' }],
  ];
  const only = process.env.BENCH_VARIANTS?.split(',');
  for (const [label, env] of variants.filter(([l]) => !only || only.some((o) => l.startsWith(o)))) {
    // Limits off: the load comes from one address, and the benchmark measures the search, not the limiter.
    const server = await startProcess('server/index.ts', { SEARCH_BUNDLE_DIR: bundle, LOG_LEVEL: 'warn', RATE_LIMIT_DISABLED: '1', ...env }, '/api/health');
    try {
      // Cold: a fresh server, every distinct request a miss the first time it comes up.
      const cold = await loadMix(server.url, paths, SECONDS);
      // Steady state: a server that has seen every distinct request once, as a site does after a while.
      await loadMix(server.url, distinct, 600, distinct.length);
      const steady = await loadMix(server.url, paths, SECONDS);
      console.log(`\nGET /api/search, ${label}`);
      console.log(`  cold server        ${fmt(cold)}`);
      console.log(`  steady state       ${fmt(steady)}   (goal p99 < 50 ms)`);
      console.log(`  server memory      ${memory(server.child.pid!)}   (goal < 400 MB)`);
    } finally {
      await server.stop();
    }
  }
  await cpuPerQuery(bundle);
}

/** Worker CPU per query, one worker, one query at a time: every distinct query once (misses), then paging. */
async function cpuPerQuery(bundle: string) {
  const pool = new SearchPool(bundle, 1);
  try {
    await pool.run({ q: 'zzzz', limit: 10, offset: 0 }); // load the wasm first
    const measure = async (label: string, queries: { q: string; type?: string; offset?: number }[]) => {
      const before = { ...pool.stats };
      for (const { q, type, offset = 0 } of queries) await pool.run({ q, type, limit: 10, offset });
      const ms = (pool.stats.cpuMicros - before.cpuMicros) / (pool.stats.queries - before.queries) / 1000;
      console.log(`  ${label.padEnd(44)} ${ms.toFixed(1)} ms CPU per query (${queries.length} queries)`);
    };
    console.log('\nworker CPU per query (one worker, sequential; less sensitive to load than latency)');
    const terms = [...FILLER_QUERIES, ...SUBJECTS.slice(0, 40)];
    await measure('distinct queries, no filter (all misses)', terms.map((q) => ({ q })));
    await measure('the same with type=course (all misses)', terms.map((q) => ({ q, type: 'course' })));
    await measure('pages 2-5 of the filler queries', FILLER_QUERIES.flatMap((q) => [10, 20, 30, 40].map((offset) => ({ q, offset }))));
  } finally {
    await pool.close();
  }
}
