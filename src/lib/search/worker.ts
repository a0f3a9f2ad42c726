/**
 * The code each search worker thread runs (pool.ts starts it by its URL; Node strips the types, as for the rest of
 * src/lib, which the server loads from source rather than from a bundle: integrations/shared-lib.ts).
 *
 * The worker loads Pagefind's own browser bundle (pagefind.js + wasm) from `workerData.bundleDir`, with `fetch`
 * answering file: URLs from disk, once; then answers RawQuery messages, one at a time, with a RawAnswer and `cpu`
 * (this thread's CPU time in µs), or `{ error }`.
 *
 * Why not pagefind.js's exported `search()`: for a term on most of the site the wasm hands back every matching page
 * with every word location (megabytes of JSON for a common word on a large site) and pagefind.js builds an object
 * per page, although we return ten. We use its PagefindInstance directly (pagefind.js does not export it, so we
 * import its source with one export line added; the version is pinned in package.json) and put ourselves between
 * it and the wasm `search`: the ranked list is sliced to the requested window before pagefind.js sees it, and the
 * top of it is cached per (normalised terms, filter), so other pages of the same query skip the wasm. Everything
 * else (term normalisation, ranking, excerpts) stays Pagefind's, so answers are unchanged.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { RawAnswer, RawHit, RawQuery } from './pool.ts';

/** What pool.ts hands each worker. */
export interface SearchWorkerData {
  bundleDir: string;
  /** Bytes of ranked lists kept between queries; default 16 MiB. */
  rankedCacheBytes?: number;
}

/** A worker's answer to one RawQuery. */
export type WorkerMessage = (RawAnswer & { cpu?: number }) | { error: string };

/** One result of the wasm's JSON answer: page hash, score, word locations. */
interface WasmResult {
  p: string;
  s: number;
  l: unknown[];
}
type WasmSearch = (
  ptr: unknown,
  term: string,
  original: string,
  filter: string,
  sort: string,
  exact: boolean,
  diacritics: boolean,
) => string;

/** The part of pagefind.js's PagefindInstance this worker uses (internal to Pagefind 1.x: see package.json's pin). */
interface PagefindInstance {
  init(language: string, options: { load_wasm: boolean }): Promise<void>;
  loadChunk(hash: string): Promise<void>;
  backend: { search: WasmSearch } & Record<string, unknown>;
  search(
    term: string,
    options: { filters?: Record<string, string> },
  ): Promise<{ results: { id: string; data(): Promise<PageData> }[] } | null>;
  loaded_fragments: Record<string, unknown>;
  loaded_fragment_groups: Record<string, unknown>;
}
interface PageData {
  url: string;
  excerpt?: string;
  meta?: {
    title?: string;
    aliases?: string;
    keywords?: string;
    level?: string;
    credits?: string;
    department?: string;
    delivery?: string;
    seasons?: string;
  };
  filters?: { type?: string[] };
}

const { bundleDir, rankedCacheBytes } = workerData as SearchWorkerData;
const port = parentPort!;
const dir = bundleDir.endsWith('/') ? bundleDir : `${bundleDir}/`;
// A small index (the site's is a few chunks) is loaded whole: see `ready`.
const WHOLE_INDEX_CHUNKS = 32;

globalThis.fetch = async (input: string | URL | Request) => {
  const url = new URL(String(input instanceof Request ? input.url : input));
  if (url.protocol !== 'file:') throw new Error(`search worker fetches only its own bundle, not ${url.href}`);
  try {
    const data = await readFile(fileURLToPath(url));
    return new Response(data, {
      headers: url.pathname.endsWith('.pagefind') ? { 'Content-Type': 'application/wasm' } : {},
    });
  } catch {
    return new Response(null, { status: 404 });
  }
};

// Ranked lists are kept down to this rank: limit (≤ 50) + offset covers the first pages of results; deeper pages
// run the wasm again (rare). Bounded by an estimate of bytes, oldest first.
const TOP = 100;
const RANKED_BYTES = rankedCacheBytes ?? 16 * 1024 * 1024;
interface Ranked {
  raw: Record<string, unknown>;
  top: WasmResult[];
  total: number;
  bytes: number;
}
const ranked = new Map<string, Ranked>();
let rankedBytes = 0;
// pagefind.js keeps every fragment it ever loaded; after this many we let it start afresh so memory stays bounded.
const FRAGMENTS = 2000;
let fragmentsLoaded = 0;

/**
 * What each page's result says besides its excerpt, by Pagefind's page hash: a query that shows no excerpt (the
 * chat's, `excerpts: false`) reads it here. Building an excerpt splits the page's whole text into words, and was a
 * third of a worker's time on the chat's searches.
 */
const described = new Map<string, Omit<RawHit, 'excerpt'>>();

let window = 0; // results the current query needs: offset + limit
let lastTotal = 0;

/**
 * The first n results of the wasm's JSON answer, and how many there are, without parsing the rest: the wasm lists
 * results by descending score (as Pagefind then sorts them, stably, so the prefix is what pagefind.js would rank
 * first), each starting with {"p":" (page hashes cannot contain it). Parsing all of "the" took tens of ms and
 * left tens of MB of garbage per query. Anything unexpected falls back to parsing and sorting everything. Fields
 * after the results (unfiltered_total) are dropped: pagefind.js only passes them through, and we do not use them.
 */
const START = '{"p":"';
function head(json: string, n: number): Omit<Ranked, 'bytes'> {
  const at = json.indexOf('"results":[');
  if (at < 0 || json.indexOf('"results":[', at + 1) >= 0) return parseAll(json, n);
  const first = at + '"results":['.length;
  let total = 0;
  let end = first;
  for (let i = json.indexOf(START, first); i >= 0; i = json.indexOf(START, i + START.length)) {
    if (i !== first && json[i - 1] !== ',') return parseAll(json, n);
    if (total === n) end = i - 1;
    total++;
  }
  if (total <= n) return parseAll(json, n);
  const raw = JSON.parse(`${json.slice(0, first)}]}`) as Record<string, unknown>;
  const top = JSON.parse(`[${json.slice(first, end)}]`) as WasmResult[];
  for (let i = 1; i < top.length; i++) if (top[i]!.s > top[i - 1]!.s) return parseAll(json, n);
  return { raw, top, total };
}
function parseAll(json: string, n: number): Omit<Ranked, 'bytes'> {
  const raw = JSON.parse(json) as { results: WasmResult[] } & Record<string, unknown>;
  const all = raw.results.sort((a, b) => b.s - a.s); // what Pagefind.search does (a stable sort)
  raw.results = [];
  return { raw, top: all.slice(0, n), total: all.length };
}

/** The wasm's search, answered from the ranked lists when they reach far enough. */
function rankedSearch(wasm: WasmSearch): WasmSearch {
  return (ptr, term, original, filter, sort, exact, diacritics) => {
    const key = [term, original, filter, sort, exact, diacritics].join('\u0000');
    let hit = ranked.get(key);
    if (!hit || (window > hit.top.length && hit.total > hit.top.length)) {
      hit = { ...head(wasm(ptr, term, original, filter, sort, exact, diacritics), Math.max(TOP, window)), bytes: 0 };
      if (hit.top.length <= TOP) {
        hit.bytes = 200 + hit.top.reduce((n, r) => n + 80 + r.l.length * 60, 0);
        ranked.set(key, hit);
        rankedBytes += hit.bytes;
        for (const [k, old] of ranked) {
          if (rankedBytes <= RANKED_BYTES) break;
          ranked.delete(k);
          rankedBytes -= old.bytes;
        }
      }
    } else {
      ranked.delete(key); // most recently used last
      ranked.set(key, hit);
    }
    lastTotal = hit.total;
    return JSON.stringify({ ...hit.raw, results: hit.top.slice(0, window) });
  };
}

const ready = (async () => {
  const source = await readFile(`${dir}pagefind.js`, 'utf8');
  const url = `data:text/javascript,${encodeURIComponent(`${source}\nexport { PagefindInstance as __PagefindInstance };`)}`;
  const mod = (await import(url)) as { __PagefindInstance?: new (options: object) => PagefindInstance };
  if (!mod.__PagefindInstance)
    throw new Error('pagefind.js does not define PagefindInstance (pagefind version changed?)');
  const instance = new mod.__PagefindInstance({ basePath: pathToFileURL(dir).href, baseUrl: '/', primary: true });
  await instance.init('unknown', { load_wasm: true });
  // Pagefind loads the index chunks a term falls in, and a prefix (the, theol…) also matches words in chunks that
  // only an earlier query happened to load: answers would depend on each worker's history. A small index (the
  // site's is a few chunks) is loaded whole, so every worker answers alike; a large one stays lazy (memory).
  const chunks = (await readdir(`${dir}index`)).filter((f) => f.endsWith('.pf_index'));
  if (chunks.length <= WHOLE_INDEX_CHUNKS)
    await Promise.all(chunks.map((f) => instance.loadChunk(f.slice(0, -'.pf_index'.length))));
  const wasm = instance.backend;
  instance.backend = { ...wasm, search: rankedSearch(wasm.search) };
  return instance;
})();
ready.catch(() => {});

// One search at a time: Pagefind keeps per-search state in its instance (and we set window/lastTotal), and
// concurrent searches in one instance return excerpts highlighted for another query (the integration test catches
// it). CPU-bound work gains nothing from interleaving anyway; parallelism comes from the pool's other workers.
let queue = Promise.resolve();
port.on('message', (message: RawQuery) => {
  queue = queue.then(() => answer(message));
});

async function answer({ q, type, limit, offset, excerpts }: RawQuery) {
  const cpu = process.threadCpuUsage();
  let reply: WorkerMessage;
  try {
    const instance = await ready;
    window = offset + limit;
    const found = await instance.search(q, type ? { filters: { type } } : {});
    if (!found) throw new Error('pagefind returned no result set');
    const total = found.results.length === 0 ? 0 : lastTotal;
    const page = found.results.slice(offset, offset + limit);
    const results = await Promise.all(
      page.map(async (r): Promise<RawHit> => {
        const known = excerpts === false ? described.get(r.id) : undefined;
        if (known) return { ...known, excerpt: '' };
        const d = await r.data();
        fragmentsLoaded++;
        const hit = {
          url: d.url,
          title: d.meta?.title ?? d.url,
          type: d.filters?.type?.[0] ?? 'page',
          // Base.astro joins them with "|", which the content schema keeps out of an alias.
          ...(d.meta?.aliases ? { aliases: d.meta.aliases.split('|') } : {}),
          ...(d.meta?.keywords ? { keywords: d.meta.keywords.split('|') } : {}),
          ...(d.meta?.level ? { level: d.meta.level } : {}),
          ...(d.meta?.credits ? { credits: Number(d.meta.credits) } : {}),
          ...(d.meta?.department ? { department: d.meta.department } : {}),
          ...(d.meta?.delivery ? { delivery: d.meta.delivery } : {}),
          ...(d.meta?.seasons ? { seasons: d.meta.seasons.split(' ') } : {}),
        };
        described.set(r.id, hit);
        return { ...hit, excerpt: excerpts === false ? '' : (d.excerpt ?? '') };
      }),
    );
    if (fragmentsLoaded > FRAGMENTS) {
      instance.loaded_fragments = {};
      instance.loaded_fragment_groups = {};
      described.clear();
      fragmentsLoaded = 0;
    }
    const used = process.threadCpuUsage(cpu);
    reply = { total, results, cpu: used.user + used.system };
  } catch (err) {
    reply = { error: String((err instanceof Error && err.stack) || err) };
  }
  port.postMessage(reply);
}
