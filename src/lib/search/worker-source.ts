/**
 * The code each search worker thread runs, as a string for `new Worker(source, { eval: true })`. A string, not a
 * file, because this module is bundled into dist/server by Vite and imported from source by tests and scripts:
 * a worker file would have a different path in each, and bundlers rewrite `import()` inside functions.
 *
 * The worker loads Pagefind's own browser bundle (pagefind.js + wasm) from `workerData.bundleDir`, with `fetch`
 * answering file: URLs from disk, once; then answers `{ q, type, limit, offset }` messages, one at a time, with
 * `{ total, results: [{ url, title, type, excerpt }], cpu }` (cpu: this thread's CPU time in µs) or `{ error }`.
 *
 * Why not pagefind.js's exported `search()`: for a term on most of the site the wasm hands back every matching page
 * with every word location (megabytes of JSON for a common word on a large site) and pagefind.js builds an object per page,
 * although we return ten. We use its PagefindInstance directly (pagefind.js does not export it, so we import its
 * source with one export line added; the version is pinned in package.json) and put ourselves between it and the
 * wasm `search`: the ranked list is sliced to the requested window before pagefind.js sees it, and the top of it
 * is cached per (normalised terms, filter), so other pages of the same query skip the wasm. Everything else
 * (term normalisation, ranking, excerpts) stays Pagefind's, so answers are unchanged.
 */
export const workerSource = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { readFile, readdir } = require('node:fs/promises');
const WHOLE_INDEX_CHUNKS = 32;
const { pathToFileURL, fileURLToPath } = require('node:url');

const dir = workerData.bundleDir.endsWith('/') ? workerData.bundleDir : workerData.bundleDir + '/';
globalThis.fetch = async (input) => {
  const url = new URL(String(input instanceof Request ? input.url : input));
  if (url.protocol !== 'file:') throw new Error('search worker fetches only its own bundle, not ' + url.href);
  try {
    const data = await readFile(fileURLToPath(url));
    return new Response(data, { headers: url.pathname.endsWith('.pagefind') ? { 'Content-Type': 'application/wasm' } : {} });
  } catch {
    return new Response(null, { status: 404 });
  }
};

// Ranked lists are kept down to this rank: limit (≤ 50) + offset covers the first pages of results; deeper pages
// run the wasm again (rare). Bounded by an estimate of bytes, oldest first.
const TOP = 100;
const RANKED_BYTES = workerData.rankedCacheBytes ?? 16 * 1024 * 1024;
const ranked = new Map();
let rankedBytes = 0;
// pagefind.js keeps every fragment it ever loaded; after this many we let it start afresh so memory stays bounded.
const FRAGMENTS = 2000;
let fragmentsLoaded = 0;

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
function head(json, n) {
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
  const raw = JSON.parse(json.slice(0, first) + ']}');
  const top = JSON.parse('[' + json.slice(first, end) + ']');
  for (let i = 1; i < top.length; i++) if (top[i].s > top[i - 1].s) return parseAll(json, n);
  return { raw, top, total };
}
function parseAll(json, n) {
  const raw = JSON.parse(json);
  const all = raw.results.sort((a, b) => b.s - a.s); // what Pagefind.search does (a stable sort)
  raw.results = [];
  return { raw, top: all.slice(0, n), total: all.length };
}

const ready = (async () => {
  const source = await readFile(dir + 'pagefind.js', 'utf8');
  const mod = await import('data:text/javascript,' + encodeURIComponent(source + '\nexport { PagefindInstance as __PagefindInstance };'));
  if (!mod.__PagefindInstance) throw new Error('pagefind.js does not define PagefindInstance (pagefind version changed?)');
  const instance = new mod.__PagefindInstance({ basePath: pathToFileURL(dir).href, baseUrl: '/', primary: true });
  await instance.init('unknown', { load_wasm: true });
  // Pagefind loads the index chunks a term falls in, and a prefix (the, theol…) also matches words in chunks that
  // only an earlier query happened to load: answers would depend on each worker's history. A small index (the
  // site's is a few chunks) is loaded whole, so every worker answers alike; a large one stays lazy (memory).
  const chunks = (await readdir(dir + 'index')).filter((f) => f.endsWith('.pf_index'));
  if (chunks.length <= WHOLE_INDEX_CHUNKS) await Promise.all(chunks.map((f) => instance.loadChunk(f.slice(0, -'.pf_index'.length))));
  const wasm = instance.backend;
  instance.backend = { ...wasm, search: (ptr, term, original, filter, sort, exact, diacritics) => {
    const key = [term, original, filter, sort, exact, diacritics].join('\u0000');
    let hit = ranked.get(key);
    if (!hit || (window > hit.top.length && hit.total > hit.top.length)) {
      const { raw, top, total } = head(wasm.search(ptr, term, original, filter, sort, exact, diacritics), Math.max(TOP, window));
      hit = { raw, top, total, bytes: 0 };
      if (top.length <= TOP) {
        hit.bytes = 200 + top.reduce((n, r) => n + 80 + r.l.length * 60, 0);
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
  } };
  return instance;
})();
ready.catch(() => {});

// One search at a time: Pagefind keeps per-search state in its instance (and we set window/lastTotal), and
// concurrent searches in one instance return excerpts highlighted for another query (the integration test catches
// it). CPU-bound work gains nothing from interleaving anyway; parallelism comes from the pool's other workers.
let queue = Promise.resolve();
parentPort.on('message', (message) => { queue = queue.then(() => answer(message)); });

async function answer({ q, type, limit, offset }) {
  const cpu = process.threadCpuUsage ? process.threadCpuUsage() : undefined;
  try {
    const instance = await ready;
    window = offset + limit;
    const found = await instance.search(q, type ? { filters: { type } } : {});
    if (!found) throw new Error('pagefind returned no result set');
    const total = found.results.length === 0 ? 0 : lastTotal;
    const page = found.results.slice(offset, offset + limit);
    const results = await Promise.all(page.map(async (r) => {
      const d = await r.data();
      return { url: d.url, title: d.meta?.title ?? d.url, type: d.filters?.type?.[0] ?? 'page', excerpt: d.excerpt ?? '' };
    }));
    fragmentsLoaded += page.length;
    if (fragmentsLoaded > FRAGMENTS) {
      instance.loaded_fragments = {};
      instance.loaded_fragment_groups = {};
      fragmentsLoaded = 0;
    }
    const used = cpu && process.threadCpuUsage(cpu);
    parentPort.postMessage({ total, results, cpu: used ? used.user + used.system : undefined });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.stack || err) });
  }
}
`;
