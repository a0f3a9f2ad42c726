/**
 * The semantic signal's cost per query at 10,000 pages (`npm run bench -- semantic`): what the HTTP thread spends
 * when a query's words are weak evidence (src/lib/search/hybrid.ts), on synthetic page vectors (100 dimensions,
 * quantized as the build writes them), without building a 10,000-page site. Per query: the scan of every page
 * (PageVectors.near), the 10 nearest and the closeness of 10 lexical results. Baseline: the same scan over 32-bit
 * floats (what the 8-bit rows save in memory, they must not lose in time).
 *
 * Also the pages a query names (named-pages.ts) at 10,000 pages with titles of 2–4 words and an alias each: building
 * the index once, and one query's lookup, against a scan of every page's name per query (the baseline).
 */
import { quantizeRows } from '../integrations/search-vectors.ts';
import { holdsPhrase, nameStems, queryStems } from '../src/lib/search/intent.ts';
import { PageNames } from '../src/lib/search/named-pages.ts';
import { PageVectors } from '../src/lib/search/page-vectors.ts';
import type { RawHit } from '../src/lib/search/pool.ts';
import { figure } from './report.ts';

const PAGES = 10_000;
const DIMENSIONS = 100;
const QUERIES = 2_000;
const TYPES = ['course', 'program', 'handbook', 'page'];

/** A deterministic pseudo-random generator (mulberry32), so every run scans the same vectors. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5;
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

export async function run() {
  const next = random(42);
  const rows = Array.from({ length: PAGES }, () => Float32Array.from({ length: DIMENSIONS }, next));
  const pages: RawHit[] = rows.map((_, i) => ({
    url: `/p/${i}/`,
    title: `Page ${i}`,
    type: TYPES[i % TYPES.length],
    excerpt: '',
  }));
  const { scales, data } = quantizeRows(rows);
  const vectors = new PageVectors(
    { dimensions: DIMENSIONS, pages, about: pages.map(() => '') },
    Buffer.concat([Buffer.from(scales.buffer), Buffer.from(data.buffer)]),
  );
  const queries = Array.from({ length: QUERIES }, () => Float32Array.from({ length: DIMENSIONS }, next));
  const lexical = pages.slice(0, 10).map((p) => p.url);

  const semantic = (type?: string) =>
    time(queries, (q) => {
      const near = vectors.near(q, type);
      near.nearest(10);
      for (const url of lexical) near.closenessOf(url);
    });
  const floats = time(queries, (q) => {
    let best = -Infinity;
    for (const row of rows) {
      let dot = 0;
      for (let i = 0; i < DIMENSIONS; i++) dot += q[i] * row[i];
      if (dot > best) best = dot;
    }
    return best;
  });
  const all = semantic();
  const typed = semantic('course');

  console.log(`\nsemantic scan, ${PAGES.toLocaleString('en')} pages × ${DIMENSIONS} dimensions, ${QUERIES} queries`);
  const line = (t: { median: number; p99: number; cpu: number }) =>
    `CPU ${t.cpu.toFixed(3)} ms; wall median ${t.median.toFixed(3)} ms, p99 ${t.p99.toFixed(3)} ms`;
  console.log(`  8-bit rows, every page   ${line(all)} (goal ≤ 2 ms)`);
  console.log(`  8-bit rows, type=course  ${line(typed)}`);
  console.log(`  float rows (baseline)    ${line(floats)}`);
  console.log(
    `  page vectors in memory   ${((scales.byteLength + data.byteLength) / 1024).toFixed(0)} KB (floats: ${((PAGES * DIMENSIONS * 4) / 1024).toFixed(0)} KB)`,
  );
  figure('semantic scan, CPU per query', all.cpu, 'ms', { name: 'float rows', value: floats.cpu });
  figure('semantic scan, wall median', all.median, 'ms', { name: 'float rows', value: floats.median });
  figure('semantic scan, wall p99', all.p99, 'ms');
  names(next);
}

/** The pages a query names: the index's build, and a query's lookup against scanning every name. */
function names(next: () => number) {
  const pool = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}x`);
  const pick = () => pool[Math.floor((next() + 0.5) * pool.length)]!;
  const phrase = (n: number) => Array.from({ length: n }, pick).join(' ');
  const pages: RawHit[] = Array.from({ length: PAGES }, (_, i) => ({
    url: `/p/${i}/`,
    title: `${i % 4 === 0 ? `ABC${100 + (i % 900)}: ` : ''}${phrase(2 + (i % 3))}`,
    type: TYPES[i % TYPES.length],
    excerpt: '',
    aliases: [phrase(2)],
  }));
  const started = process.threadCpuUsage();
  const index = new PageNames(pages);
  const built = process.threadCpuUsage(started);
  const queries = Array.from({ length: QUERIES }, (_, i) => phrase(3 + (i % 3)).split(' '));
  const allNames = pages.flatMap((p) => [p.title, ...(p.aliases ?? [])].map((n) => nameStems(n)));
  const cpuPerQuery = (once: (words: string[]) => unknown) => {
    const cpu = process.threadCpuUsage();
    for (const q of queries) once(q);
    const used = process.threadCpuUsage(cpu);
    return (used.user + used.system) / 1000 / queries.length;
  };
  const lookup = cpuPerQuery((q) => index.namedIn(q));
  const scan = cpuPerQuery((q) => {
    const asked = queryStems(q);
    return allNames.filter((n) => n.length >= 2 && holdsPhrase(asked, n));
  });
  console.log(`\npages a query names, ${PAGES.toLocaleString('en')} pages (a title and an alias each)`);
  console.log(`  index built once         CPU ${((built.user + built.system) / 1000).toFixed(1)} ms`);
  console.log(`  lookup per query         CPU ${lookup.toFixed(4)} ms`);
  console.log(`  scan per query (baseline) CPU ${scan.toFixed(4)} ms`);
  figure('page names, lookup CPU per query', lookup, 'ms', { name: 'scan of every name', value: scan });
}

/**
 * Milliseconds per query after a warm-up of 200: wall time's median and p99, and CPU time (this thread's, over all
 * the queries, divided), which a loaded machine inflates far less than wall time.
 */
function time(
  queries: Float32Array[],
  once: (q: Float32Array) => unknown,
): { median: number; p99: number; cpu: number } {
  for (const q of queries.slice(0, 200)) once(q);
  const cpu = process.threadCpuUsage();
  const ms = queries.map((q) => {
    const started = performance.now();
    once(q);
    return performance.now() - started;
  });
  const used = process.threadCpuUsage(cpu);
  ms.sort((a, b) => a - b);
  return {
    median: percentile(ms, 0.5),
    p99: percentile(ms, 0.99),
    cpu: (used.user + used.system) / 1000 / queries.length,
  };
}
