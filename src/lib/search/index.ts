/**
 * Site search over the Pagefind index built with the site (dist/client/pagefind). Used by GET /api/search, chat
 * retrieval and the MCP `search_site` tool. The first call starts a pool of worker threads (each loads the index
 * once) and, with SEARCH_WARM=on, warms the cache with the terms on most pages in the background (warm.ts); answers are kept
 * in a bounded LRU cache and identical queries in flight share one search.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { getConfig } from '../config.ts';
import { markdownUrl } from '../content/twin-path.ts';
import { clientDir } from '../paths.ts';
import { pageTypes, searchQuerySchema, type PageType, type SearchQueryInput, type SearchResponse } from '../../schemas/search.ts';
import { sanitizeExcerpt } from './excerpt.ts';
import { Lru } from './lru.ts';
import { SearchPool, type RawAnswer, type RawQuery } from './pool.ts';
import { warmCommonTerms } from './warm.ts';

export { parseSearchParams } from './params.ts';

type Answer = Omit<SearchResponse, 'query'>;
let pool: SearchPool | undefined;
let cache: Lru<string, Answer> | undefined;
const inFlight = new Map<string, Promise<Answer>>();

/** Pagefind drops `<` and `>` when it indexes words but not from queries, so "<script>" would find nothing. */
const toPagefindQuery = (q: string) => q.replace(/[<>]/g, ' ').replace(/\s+/g, ' ').trim();

/** Roughly the bytes an answer holds (strings are counted twice: UTF-16), enough to bound the cache. */
const answerBytes = (a: Answer) => 200 + a.results.reduce((n, r) => n + 200 + 2 * (r.title.length + r.url.length + r.excerpt.length + r.markdownUrl.length), 0);

/**
 * Search the site. Input is validated with the same schema as the API (throws a ZodError when invalid; the
 * route turns that into INVALID_QUERY first via parseSearchParams).
 * @example const { total, results } = await search({ q: 'greek', type: 'course', limit: 5 });
 */
export async function search(input: SearchQueryInput): Promise<SearchResponse> {
  const { q, type, limit, offset } = searchQuerySchema.parse(input);
  const terms = toPagefindQuery(q);
  if (terms === '') return { query: q, total: 0, limit, offset, results: [] };
  return { query: q, ...(await cached({ q: terms, type, limit, offset }, false)) };
}

/** The cached answer, or one search shared by everyone asking the same while it runs. */
function cached(query: RawQuery, background: boolean): Promise<Answer> {
  const config = getConfig();
  cache ??= new Lru(config.SEARCH_CACHE_SIZE, config.SEARCH_CACHE_MB * 1024 * 1024, answerBytes);
  const key = `${query.type ?? ''}\u0000${query.limit}\u0000${query.offset}\u0000${query.q.toLowerCase()}`;
  const hit = cache.get(key);
  if (hit) return Promise.resolve(hit);
  let pending = inFlight.get(key);
  if (!pending) {
    const current = cache;
    pending = runSearch(query, background)
      .then((answer) => { current.set(key, answer); return answer; })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

function getPool(): SearchPool {
  if (pool) return pool;
  const config = getConfig();
  const bundleDir = config.SEARCH_BUNDLE_DIR ?? join(clientDir(), 'pagefind');
  // One core stays with the HTTP thread, which answers every cached query; on 2 cores one worker also keeps the
  // server under 400 MB on the 10,000-page benchmark (each worker's wasm and heap is ~50-100 MB).
  pool = new SearchPool(bundleDir, config.SEARCH_WORKERS ?? Math.max(1, availableParallelism() - 1));
  if (config.SEARCH_WARM === 'on' && config.SEARCH_CACHE_SIZE > 0) {
    const current = pool;
    // Not awaited: requests never wait for warming, and warming only uses idle workers.
    void warmCommonTerms(bundleDir, (q, type) => (pool === current ? cached({ q, type, limit: 10, offset: 0 }, true) : undefined));
  }
  return pool;
}

async function runSearch(query: RawQuery, background: boolean): Promise<Answer> {
  const workers = getPool();
  const raw: RawAnswer = background ? await workers.runInBackground(query) : await workers.run(query);
  return {
    total: raw.total, limit: query.limit, offset: query.offset,
    results: raw.results.map((r) => ({
      title: r.title,
      url: r.url,
      type: (pageTypes as readonly string[]).includes(r.type) ? (r.type as PageType) : 'page',
      excerpt: sanitizeExcerpt(r.excerpt),
      markdownUrl: markdownUrl(r.url),
    })),
  };
}

/** CPU time the workers spent per query so far (ms), for benchmarks. */
export function searchStats(): { queries: number; cpuMsPerQuery: number } {
  const s = pool?.stats ?? { queries: 0, cpuMicros: 0 };
  return { queries: s.queries, cpuMsPerQuery: s.queries ? s.cpuMicros / s.queries / 1000 : 0 };
}

/** Stop the worker threads and forget cached answers (tests and benchmarks). */
export async function closeSearch(): Promise<void> {
  const current = pool;
  pool = undefined;
  cache = undefined;
  await current?.close();
}
