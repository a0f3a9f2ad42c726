/**
 * Site search over the Pagefind index built with the site (dist/client/pagefind). Used by GET /api/search, chat
 * retrieval and the MCP `search_site` tool. The first call starts a pool of worker threads (each loads the index
 * once); answers are kept in a bounded LRU cache and identical queries in flight share one search.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { getConfig } from '../config.ts';
import { markdownUrl } from '../content/twin-path.ts';
import { clientDir } from '../paths.ts';
import { pageTypes, searchQuerySchema, type PageType, type SearchQueryInput, type SearchResponse } from '../../schemas/search.ts';
import { sanitizeExcerpt } from './excerpt.ts';
import { Lru } from './lru.ts';
import { SearchPool } from './pool.ts';

export { parseSearchParams } from './params.ts';

let pool: SearchPool | undefined;
let cache: Lru<string, Omit<SearchResponse, 'query'>> | undefined;
const inFlight = new Map<string, Promise<Omit<SearchResponse, 'query'>>>();

/** Pagefind drops `<` and `>` when it indexes words but not from queries, so "<script>" would find nothing. */
const toPagefindQuery = (q: string) => q.replace(/[<>]/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * Search the site. Input is validated with the same schema as the API (throws a ZodError when invalid; the
 * route turns that into INVALID_QUERY first via parseSearchParams).
 * @example const { total, results } = await search({ q: 'greek', type: 'course', limit: 5 });
 */
export async function search(input: SearchQueryInput): Promise<SearchResponse> {
  const { q, type, limit, offset } = searchQuerySchema.parse(input);
  const terms = toPagefindQuery(q);
  if (terms === '') return { query: q, total: 0, limit, offset, results: [] };
  const key = `${type ?? ''}\u0000${limit}\u0000${offset}\u0000${terms.toLowerCase()}`;
  cache ??= new Lru(getConfig().SEARCH_CACHE_SIZE);
  const cached = cache.get(key);
  if (cached) return { query: q, ...cached };

  let pending = inFlight.get(key);
  if (!pending) {
    pending = runSearch(terms, type, limit, offset).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  const answer = await pending;
  cache.set(key, answer);
  return { query: q, ...answer };
}

async function runSearch(q: string, type: PageType | undefined, limit: number, offset: number) {
  const config = getConfig();
  pool ??= new SearchPool(config.SEARCH_BUNDLE_DIR ?? join(clientDir(), 'pagefind'), config.SEARCH_WORKERS ?? availableParallelism());
  const raw = await pool.run({ q, type, limit, offset });
  return {
    total: raw.total, limit, offset,
    results: raw.results.map((r) => ({
      title: r.title,
      url: r.url,
      type: (pageTypes as readonly string[]).includes(r.type) ? (r.type as PageType) : 'page',
      excerpt: sanitizeExcerpt(r.excerpt),
      markdownUrl: markdownUrl(r.url),
    })),
  };
}

/** Stop the worker threads and forget cached answers (tests and benchmarks). */
export async function closeSearch(): Promise<void> {
  const current = pool;
  pool = undefined;
  cache = undefined;
  await current?.close();
}
