/**
 * The code each search worker thread runs, as a string for `new Worker(source, { eval: true })`. A string, not a
 * file, because this module is bundled into dist/server by Vite and imported from source by tests and scripts:
 * a worker file would have a different path in each, and bundlers rewrite `import()` inside functions.
 *
 * The worker loads Pagefind's own browser bundle (pagefind.js + wasm) from `workerData.bundleDir`, with `fetch`
 * answering file: URLs from disk, once; then answers `{ id, q, type, limit, offset }` messages with
 * `{ id, total, results: [{ url, title, type, excerpt }] }` or `{ id, error }`.
 */
export const workerSource = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { readFile } = require('node:fs/promises');
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

const ready = (async () => {
  const pagefind = await import(pathToFileURL(dir + 'pagefind.js').href);
  await pagefind.options({ basePath: pathToFileURL(dir).href, baseUrl: '/' });
  await pagefind.init();
  return pagefind;
})();
ready.catch(() => {});

// One search at a time: Pagefind keeps per-search state in its instance, and concurrent searches in one instance
// return excerpts highlighted for another query (the integration test catches it). CPU-bound work gains nothing
// from interleaving anyway; parallelism comes from the pool's other workers.
let queue = Promise.resolve();
parentPort.on('message', (message) => { queue = queue.then(() => answer(message)); });

async function answer({ id, q, type, limit, offset }) {
  try {
    const pagefind = await ready;
    const found = await pagefind.search(q, type ? { filters: { type } } : {});
    if (!found) throw new Error('pagefind returned no result set');
    const page = found.results.slice(offset, offset + limit);
    const results = await Promise.all(page.map(async (r) => {
      const d = await r.data();
      return { url: d.url, title: d.meta?.title ?? d.url, type: d.filters?.type?.[0] ?? 'page', excerpt: d.excerpt ?? '' };
    }));
    parentPort.postMessage({ id, total: found.results.length, results });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.stack || err) });
  }
}
`;
