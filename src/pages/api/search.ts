import type { APIRoute } from 'astro';
import { clientIp } from '../../lib/http/client-ip.ts';
import { json } from '../../lib/http/json.ts';
import { route } from '../../lib/api/routes.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';
import { parseSearchParams } from '../../lib/search/index.ts';
import { clientGone, searchForClient } from '../../lib/search/for-client.ts';

export const prerender = false;

/** Site search: `?q=greek&type=course&limit=10&offset=0` (contract: "Search"); cache misses are rate limited. */
export const GET = (async ({ url, request, clientAddress }) => {
  const query = parseSearchParams(url.searchParams);
  try {
    const { answer, headers } = await searchForClient(query, clientIp(clientAddress, request.headers), request.signal);
    // The index changes only with a new build, so a short shared cache is safe.
    return json(answer, { headers: { ...headers, 'Cache-Control': 'public, max-age=60' } });
  } catch (err) {
    if (request.signal.aborted) return clientGone();
    throw err;
  }
}) satisfies APIRoute;
export const HEAD = GET;
export const ALL = methodNotAllowed(route('/api/search'));
