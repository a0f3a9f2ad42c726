import type { APIRoute } from 'astro';
import { json } from '../../lib/http/json.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';
import { parseSearchParams, search } from '../../lib/search/index.ts';

export const prerender = false;

/** Site search: `?q=greek&type=course&limit=10&offset=0` (contract: "Search"). */
export const GET = (async ({ url }) => {
  const answer = await search(parseSearchParams(url.searchParams));
  // The index changes only with a new build, so a short shared cache is safe.
  return json(answer, { headers: { 'Cache-Control': 'public, max-age=60' } });
}) satisfies APIRoute;
export const HEAD = GET;
export const ALL = methodNotAllowed(['GET', 'HEAD']);
