/**
 * GET /api/search on a generated 10,000-page site (BENCH_SEARCH_PAGES=100000 for the large one; scripts/generate-site.ts,
 * cached in the temp folder), 32 connections, a realistic query mix: a few hundred distinct queries, Zipf-distributed
 * so common ones repeat, some matching most pages, a quarter with a type filter. Runs variants back to back (defaults;
 * a new instance of a running site, which warms from the insights; without the answers shipped with the bundle; two
 * workers; no answer cache) so their figures are comparable on a busy machine, and prints req/s, p50/p99 in the first
 * seconds after /readyz and in the steady state, index size and the server's memory. Then, in this process, the
 * worker CPU time per query (misses and paging), which depends much less on what else the machine is doing.
 * Goals (issue 30, 2 cores): p99 < 300 ms in the first 10 s after ready, < 100 ms steady and with the cache off;
 * at 100,000 pages, the whole server ≤ 1 GB.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { FILLER_QUERIES, SUBJECTS, generatePages, writeHtmlSite } from '../scripts/generate-site.ts';
import { countWords, writeCommonTerms } from '../integrations/pagefind.ts';
import { SearchPool } from '../src/lib/search/pool.ts';
import { COMMON_TERMS_FILE } from '../src/lib/search/warm.ts';
import { WARM_ANSWERS_FILE } from '../src/lib/search/warm-answers.ts';
import { writeWarmAnswers } from '../integrations/warm-answers.ts';
import { writeVocabulary } from '../integrations/search-text.ts';
import { rewriteQuery } from '../src/lib/search/query-rewrite.ts';
import { VOCABULARY_FILE, Vocabulary } from '../src/lib/search/vocabulary.ts';
import { writeWordVectors } from '../integrations/search-vectors.ts';
import { rankPartial } from '../src/lib/search/partial.ts';
import { unknownTo, hasNeighbours } from '../src/lib/search/expand.ts';
import {
  WORD_VECTORS_DATA,
  WORD_VECTORS_FILE,
  WordVectors,
  type WordVectorsFile,
} from '../src/lib/search/word-vectors.ts';
import { startProcess, type LoadResult, fmt } from './lib.ts';
import { figure } from './report.ts';

/** BENCH_SEARCH_PAGES=100000 for the large site (generated once, ~10 minutes, ~1.2 GB in the temp folder). */
const PAGES = Number(process.env.BENCH_SEARCH_PAGES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** The distinct requests of the mix ("a few hundred distinct queries", as the issue asks), then `count` draws. */
export function queryMix(count: number, distinctCount = 300): { distinct: string[]; paths: string[] } {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
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
  const distinct = [
    ...new Set(
      [...FILLER_QUERIES, ...queries].map((q) => {
        const type = types[Math.floor(random() * types.length)];
        return `/api/search?q=${encodeURIComponent(q)}${type ? `&type=${type}` : ''}`;
      }),
    ),
  ].slice(0, distinctCount);
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

const bytes = (dir: string): number =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .reduce((sum, f) => sum + (statSync(join(dir, f)).isFile() ? statSync(join(dir, f)).size : 0), 0);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
/** A process's resident memory now and at its peak, in bytes. */
const memory = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
};
const mbOf = ({ rss, peak }: { rss: number; peak: number }) => `RSS ${mb(rss)}, peak ${mb(peak)}`;

/** Polls /readyz until it answers 200 (every worker has loaded the index, the shipped answers are cached). */
async function untilReady(url: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const res = await fetch(`${url}/readyz`).catch(() => undefined);
    await res?.arrayBuffer();
    if (res?.ok) return performance.now() - started;
    if (performance.now() - started > 120_000) throw new Error('/readyz never answered 200');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Asks each path once, one at a time. */
async function askEach(url: string, paths: string[]) {
  for (const path of paths) await (await fetch(url + path)).arrayBuffer();
}

/** The worker CPU seconds and cache misses a server has counted (its /metrics). */
async function workDone(url: string): Promise<{ cpu: number; searches: number; misses: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (line: RegExp) =>
    Number(
      text
        .split('\n')
        .find((l) => line.test(l))
        ?.split(' ')
        .at(-1) ?? 0,
    );
  return {
    cpu: value(/^search_worker_cpu_seconds_sum/),
    searches: value(/^search_worker_cpu_seconds_count/),
    misses: value(/^search_cache_lookups_total\{result="miss"/),
  };
}

/** The bundle without some of its files (symbolic links to everything else): the server as it was before them. */
function bundleWithout(bundle: string, dir: string, leaveOut: (entry: string) => boolean): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  for (const entry of readdirSync(bundle)) if (!leaveOut(entry)) symlinkSync(join(bundle, entry), join(dir, entry));
  return dir;
}

export async function run() {
  const site = join(tmpdir(), `institute-bench-site-${PAGES}`);
  const bundle = join(site, 'pagefind');
  if (!existsSync(join(bundle, 'pagefind-entry.json'))) {
    console.log(`generating ${PAGES} pages into ${site} and indexing them (once; reused by later runs)…`);
    const { ms, warm } = await writeHtmlSite(site, generatePages(PAGES));
    console.log(
      `  indexed in ${(ms / 1000).toFixed(1)} s; ${warm.answers} answers precomputed in ${(warm.ms / 1000).toFixed(1)} s`,
    );
  }
  if (!existsSync(join(bundle, COMMON_TERMS_FILE))) {
    // Sites generated before the build wrote common-terms.json: count the words as the build would.
    const df = new Map<string, number>();
    const files = readdirSync(site, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.html') && !f.startsWith('pagefind'));
    for (const f of files) countWords(await readFile(join(site, f), 'utf8'), df);
    await writeCommonTerms(bundle, df, files.length);
  }
  if (!existsSync(join(bundle, VOCABULARY_FILE))) {
    // Sites generated before the build wrote it; timed, as the build's share of the vocabulary.
    const started = performance.now();
    const { words, bytes } = await writeVocabulary(bundle);
    console.log(
      `vocabulary written in ${((performance.now() - started) / 1000).toFixed(1)} s (${words} words, ${mb(bytes)})`,
    );
  }
  if (!existsSync(join(bundle, WORD_VECTORS_FILE))) {
    // Sites generated before the build wrote them; timed, as the build's share of query expansion.
    const started = performance.now();
    const written = await writeWordVectors(bundle);
    if ('skipped' in written) throw new Error(written.skipped);
    console.log(
      `word vectors written in ${((performance.now() - started) / 1000).toFixed(1)} s (${written.siteWords} site words + ${written.words - written.siteWords} others, ${mb(written.bytes)})`,
    );
  }
  if (!existsSync(join(bundle, WARM_ANSWERS_FILE))) {
    // Sites generated before the build shipped answers; timed, as the build's share of them.
    const { answers, ms } = await writeWarmAnswers(bundle);
    console.log(`${answers} answers precomputed in ${(ms / 1000).toFixed(1)} s`);
  }
  const unwarmed = bundleWithout(bundle, join(site, 'pagefind-unwarmed'), (entry) => entry === WARM_ANSWERS_FILE);
  // The same bundle without the word vectors: the search as it was before query expansion.
  const withoutVectors = bundleWithout(bundle, join(site, 'pagefind-without-word-vectors'), (entry) =>
    entry.startsWith('word-vectors.'),
  );
  const fragments = join(bundle, 'fragment');
  console.log(
    `\nindex: ${mb(bytes(bundle))} on disk (${mb(bytes(fragments))} of it page fragments, loaded only for returned results; shipped answers ${mb(statSync(join(bundle, WARM_ANSWERS_FILE)).size)})`,
  );
  const { distinct, paths } = queryMix(5000);
  console.log(
    `query mix: ${distinct.length} distinct requests (${FILLER_QUERIES.length} of them matching most pages), Zipf-drawn, 32 connections, ${SECONDS} s per run`,
  );

  // A new site (nothing searched yet) unless the label says "running site": then an instance served the mix for
  // BENCH_SECONDS on the same data folder first, and the measured one is its replacement (insights kept).
  const variants: [string, Record<string, string>][] = [
    ['no shipped answers (before)', { SEARCH_BUNDLE_DIR: unwarmed }],
    ['defaults', {}],
    ['new instance of a running site', {}],
    ['new instance of a running site, 2 workers', { SEARCH_WORKERS: '2' }],
    ['2 workers', { SEARCH_WORKERS: '2' }],
    ['2 workers, no shipped answers', { SEARCH_WORKERS: '2', SEARCH_BUNDLE_DIR: unwarmed }],
    ['answer cache off (every query in a worker)', { SEARCH_CACHE_SIZE: '0' }],
    ['answer cache off, 2 workers', { SEARCH_CACHE_SIZE: '0', SEARCH_WORKERS: '2' }],
    ['without word vectors (no query expansion)', { SEARCH_BUNDLE_DIR: withoutVectors }],
  ];
  const only = process.env.BENCH_VARIANTS?.split(',');
  // The first variant run is every other's baseline.
  let baseline: { label: string; cold: number; steady: number } | undefined;
  for (const [label, env] of variants.filter(([l]) => !only || only.some((o) => l.startsWith(o)))) {
    // Limits off: the load comes from one address, and the benchmark measures the search, not the limiter.
    const settings = {
      SEARCH_BUNDLE_DIR: bundle,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_DISABLED: '1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-search-data-')),
      ...env,
    };
    if (label.includes('running site')) {
      const previous = await startProcess('server/index.ts', settings, '/api/health');
      await untilReady(previous.url);
      await loadMix(previous.url, paths, SECONDS);
      await previous.stop(); // writes the insights' counts
    }
    const server = await startProcess('server/index.ts', settings, '/api/health');
    try {
      const readyMs = await untilReady(server.url);
      const atReady = memory(server.child.pid!);
      // Cold: the first seconds after /readyz, every distinct request not shipped with the bundle a miss once.
      const atStart = await workDone(server.url);
      const cold = await loadMix(server.url, paths, SECONDS);
      const afterCold = await workDone(server.url);
      // Steady state: a server that has seen every distinct request once, as a site does after a while (asked one
      // at a time: at 100,000 pages a queue of 32 misses outlasts autocannon's timeout, and a timed-out one is not kept).
      await askEach(server.url, distinct);
      const steady = await loadMix(server.url, paths, SECONDS);
      const load = loadavg()[0]!.toFixed(1);
      console.log(`\nGET /api/search, ${label} (ready ${(readyMs / 1000).toFixed(1)} s after listening; load ${load})`);
      console.log(`  cold server, first ${SECONDS} s after ready  ${fmt(cold)}`);
      console.log(
        `    before ready the workers spent ${atStart.cpu.toFixed(2)} s of CPU; in those ${SECONDS} s, ${afterCold.misses - atStart.misses} misses, ${(afterCold.cpu - atStart.cpu).toFixed(2)} s of worker CPU`,
      );
      console.log(`  steady state       ${fmt(steady)}   (goal p99 < 100 ms)`);
      console.log(`  server memory      at ready: ${mbOf(atReady)}; after: ${mbOf(memory(server.child.pid!))}`);
      for (const [phase, result] of [
        ['cold', cold],
        ['steady', steady],
      ] as const)
        figure(
          `search p99 ${phase}, ${label}`,
          result.p99,
          'ms',
          baseline && { name: baseline.label, value: baseline[phase] },
        );
      baseline ??= { label, cold: cold.p99, steady: steady.p99 };
      figure(`server RSS after the runs, ${label}`, memory(server.child.pid!).rss / 1024 / 1024, 'MB');
    } finally {
      await server.stop();
    }
  }
  await coldWork(bundle, unwarmed, distinct, paths);
  await cpuPerQuery(bundle);
  await rewriteCost(bundle, distinct);
  await rewrittenCpu(bundle, distinct);
  await expansionCost(bundle);
}

/**
 * What query expansion costs (expand.ts, word-vectors.ts), on queries that use it: the most frequent English words
 * the site never uses. The heap the word vectors hold and the time of a neighbour lookup on the HTTP thread; then
 * worker CPU per uncached query through search() against the search as it was (the query rewritten without
 * expansion, typos corrected, straight to one worker: what search() did before), in the same run.
 */
async function expansionCost(bundle: string) {
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const file = JSON.parse(readFileSync(join(bundle, WORD_VECTORS_FILE), 'utf8')) as WordVectorsFile;
  const vectors = new WordVectors(file, readFileSync(join(bundle, WORD_VECTORS_DATA)));
  globalThis.gc?.();
  const held = process.memoryUsage().heapUsed - before;
  const size = statSync(join(bundle, WORD_VECTORS_FILE)).size + statSync(join(bundle, WORD_VECTORS_DATA)).size;
  console.log(
    `\nquery expansion (word vectors: ${file.siteWords} site words + ${file.words.length - file.siteWords} others, ${mb(size)} on disk, ${mb(held)} heap${globalThis.gc ? '' : '; rough: run node with --expose-gc'})`,
  );
  const vocabulary = new Vocabulary(JSON.parse(readFileSync(join(bundle, VOCABULARY_FILE), 'utf8')));
  const unknown = unknownTo(vocabulary);
  const words = file.words.slice(file.siteWords).filter(unknown).slice(0, 200);
  let started = process.hrtime.bigint();
  const expandable = words.filter((w) => hasNeighbours(vectors, w));
  const lookupMs = Number(process.hrtime.bigint() - started) / 1e6 / words.length;
  console.log(
    `  neighbour lookup on the HTTP thread          ${lookupMs.toFixed(2)} ms per word (${words.length} words; ${expandable.length} have neighbours)`,
  );
  const { search, searchStats, closeSearch } = await import('../src/lib/search/index.ts');
  const pool = new SearchPool(bundle, 1);
  try {
    await pool.run({ q: 'zzzz', limit: 10, offset: 0 });
    for (const q of expandable) {
      const { words: rewritten } = rewriteQuery(q, vocabulary);
      const raw = await pool.run({ q: rewritten.join(' '), limit: 10, offset: 0 });
      if (raw.total === 0 && rewritten.length > 1)
        await rankPartial({ q: rewritten.join(' '), limit: 10, offset: 0 }, rewritten, (r) => pool.run(r));
    }
    const plain = pool.stats.cpuMicros / (pool.stats.queries - 1) / 1000;
    const first = searchStats();
    started = process.hrtime.bigint();
    for (const q of expandable) await search({ q });
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6 / expandable.length;
    const after = searchStats();
    const expandedMs = (after.cpuMsPerQuery * after.queries - first.cpuMsPerQuery * first.queries) / expandable.length;
    console.log(`  worker CPU per uncached query with a word the site never uses (${expandable.length} queries)`);
    console.log(`    as before (typo-corrected, one search)      ${plain.toFixed(1)} ms`);
    console.log(
      `    expanded through search()                  ${expandedMs.toFixed(1)} ms (${((after.queries - first.queries) / expandable.length).toFixed(1)} worker searches each; ${wallMs.toFixed(1)} ms wall)  ratio ${(expandedMs / plain).toFixed(2)}`,
    );
    figure('worker CPU per expanded query', expandedMs, 'ms', { name: 'the same queries before', value: plain });
  } finally {
    await pool.close();
    await closeSearch();
  }
}

/**
 * The work a new server still has to do once ready, whatever the machine's load: the worker searches and worker CPU
 * it takes to answer every distinct request of the mix once (one at a time), for a server without the shipped
 * answers, with them, and as a new instance of a running site (warmed from the insights before ready).
 */
async function coldWork(bundle: string, unwarmed: string, distinct: string[], paths: string[]) {
  console.log(`\nwork left after ready: each of the ${distinct.length} distinct requests once, one at a time`);
  let before: number | undefined;
  for (const [label, dir, running] of [
    ['no shipped answers (before)', unwarmed, false],
    ['shipped answers (a new site)', bundle, false],
    ['a new instance of a running site', bundle, true],
  ] as const) {
    const settings = {
      SEARCH_BUNDLE_DIR: dir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_DISABLED: '1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-search-data-')),
    };
    if (running) {
      const previous = await startProcess('server/index.ts', settings, '/api/health');
      await untilReady(previous.url);
      await loadMix(previous.url, paths, SECONDS);
      await previous.stop();
    }
    const server = await startProcess('server/index.ts', settings, '/api/health');
    try {
      await untilReady(server.url);
      const start = await workDone(server.url);
      await askEach(server.url, distinct);
      const end = await workDone(server.url);
      const cpu = end.cpu - start.cpu;
      console.log(
        `  ${label.padEnd(36)} ${end.searches - start.searches} worker searches, ${cpu.toFixed(2)} s of worker CPU (before ready: ${start.cpu.toFixed(2)} s)`,
      );
      figure(
        `worker CPU left after ready, ${label}`,
        cpu,
        's',
        before === undefined ? undefined : { name: 'before', value: before },
      );
      before ??= cpu;
    } finally {
      await server.stop();
    }
  }
}

/**
 * Worker CPU per uncached query of the mix as Pagefind gets it today (the raw query, straight to the pool) and
 * through search() (rewritten; several worker searches when a query's words never meet on one page), one worker,
 * no answer cache, in the same run.
 */
async function rewrittenCpu(bundle: string, distinct: string[]) {
  Object.assign(process.env, {
    SEARCH_BUNDLE_DIR: bundle,
    SEARCH_WORKERS: '1',
    SEARCH_CACHE_SIZE: '0',
    SEARCH_WARM: 'off',
  });
  const { search, searchStats, closeSearch } = await import('../src/lib/search/index.ts');
  const requests = distinct
    .map((p) => new URL(p, 'http://x').searchParams)
    .map((s) => ({ q: s.get('q')!, type: (s.get('type') ?? undefined) as never }));
  const pool = new SearchPool(bundle, 1);
  try {
    await pool.run({ q: 'zzzz', limit: 10, offset: 0 });
    for (const { q, type } of requests) await pool.run({ q, type, limit: 10, offset: 0 });
    const raw = pool.stats.cpuMicros / pool.stats.queries / 1000;
    await search({ q: 'zzzz' });
    const before = searchStats();
    for (const r of requests) await search(r);
    const after = searchStats();
    const rewrittenMs = (after.cpuMsPerQuery * after.queries - before.cpuMsPerQuery * before.queries) / requests.length;
    console.log(`\nworker CPU per uncached query of the mix (${requests.length} distinct requests, one worker)`);
    console.log(`  as typed, straight to Pagefind (today)        ${raw.toFixed(1)} ms`);
    console.log(
      `  through search(): rewritten, partial matches   ${rewrittenMs.toFixed(1)} ms (${after.queries - before.queries} worker searches)  ratio ${(rewrittenMs / raw).toFixed(2)}`,
    );
    figure('worker CPU per uncached query, search()', rewrittenMs, 'ms', { name: 'raw Pagefind', value: raw });
  } finally {
    await pool.close();
    await closeSearch();
  }
}

/**
 * What the query rewrite (query-rewrite.ts: codes, synonyms, stop words, typos against the vocabulary) costs on the
 * HTTP thread, where it runs for every request, cached or not: its time per query over the mix and over typos, and
 * the heap the vocabulary holds.
 */
async function rewriteCost(bundle: string, distinct: string[]) {
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const vocabulary = new Vocabulary(JSON.parse(readFileSync(join(bundle, VOCABULARY_FILE), 'utf8')));
  globalThis.gc?.();
  const held = process.memoryUsage().heapUsed - before;
  console.log(
    `\nquery rewrite on the HTTP thread (vocabulary: ${vocabulary.size} words, ${mb(statSync(join(bundle, VOCABULARY_FILE)).size)} file, ${mb(held)} heap${globalThis.gc ? '' : '; rough: run node with --expose-gc'})`,
  );
  const queries = distinct.map((p) => new URL(p, 'http://x').searchParams.get('q')!);
  const typos = queries.map((q) => q.replace(/([a-z])([a-z])([a-z]*)$/, '$2$1$3')); // two letters swapped in each
  for (const [label, list] of [
    ['the query mix', queries],
    ['the same with a typo in each', typos],
  ] as const) {
    const started = process.hrtime.bigint();
    for (let round = 0; round < 5; round++) for (const q of list) rewriteQuery(q, vocabulary);
    const ms = Number(process.hrtime.bigint() - started) / 1e6 / (5 * list.length);
    console.log(`  ${label.padEnd(44)} ${ms.toFixed(3)} ms per query (${list.length} queries)`);
  }
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
    await measure(
      'distinct queries, no filter (all misses)',
      terms.map((q) => ({ q })),
    );
    await measure(
      'the same with type=course (all misses)',
      terms.map((q) => ({ q, type: 'course' })),
    );
    await measure(
      'pages 2-5 of the filler queries',
      FILLER_QUERIES.flatMap((q) => [10, 20, 30, 40].map((offset) => ({ q, offset }))),
    );
  } finally {
    await pool.close();
  }
}
