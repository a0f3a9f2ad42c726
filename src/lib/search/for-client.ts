import { recordSearch } from '../insights/recorder.ts';
import { ApiError } from '../http/api-error.ts';
import { peekRateLimit, rateLimit, type RateLimitHeaders } from '../limits/rate-limit.ts';
import type { SearchQueryInput, SearchResponse } from '../../schemas/search.ts';
import { search } from './index.ts';

/**
 * A search on behalf of one client: GET /api/search, the /search/ page and MCP search_site. Only a search the
 * answer cache cannot give counts against the client's search limit (429 RATE_LIMITED past it); `signal` (the
 * client's request) drops the search from the queue when the client goes away. Returns the `X-RateLimit-*`
 * headers for the response; the ApiErrors it throws (429, 503 SEARCH_UNAVAILABLE) carry them too.
 * @example const { answer, headers } = await searchForClient({ q: 'greek' }, ip, request.signal);
 */
export async function searchForClient(
  query: SearchQueryInput,
  ip: string,
  signal?: AbortSignal,
): Promise<{ answer: SearchResponse; headers: RateLimitHeaders }> {
  let counted: RateLimitHeaders | undefined;
  try {
    const answer = await search(query, {
      signal,
      beforeMiss: async () => {
        counted = await rateLimit('search', ip);
      },
    });
    // Counted for the staff insights page (the search page, /api/search and MCP alike), in memory until the next
    // flush: the search never waits for the store. A next page of results is not a new search.
    if ((query.offset ?? 0) === 0) recordSearch(query.q, answer.total);
    return { answer, headers: counted ?? (await peekRateLimit('search', ip)) };
  } catch (err) {
    // A 429 from rateLimit already carries its headers.
    if (err instanceof ApiError && err.code !== 'RATE_LIMITED')
      Object.assign(err.headers, counted ?? (await peekRateLimit('search', ip)));
    throw err;
  }
}

/**
 * The answer to a request whose client has gone (its search was dropped): nobody reads it; 499, as nginx logs
 * a client that closed the connection, keeps it apart from real failures in the request log.
 */
export const clientGone = () => new Response(null, { status: 499 });
