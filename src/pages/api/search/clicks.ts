import type { APIRoute } from 'astro';
import { maxBody, route } from '../../../lib/api/routes.ts';
import { clientIp } from '../../../lib/http/client-ip.ts';
import { json } from '../../../lib/http/json.ts';
import { methodNotAllowed } from '../../../lib/http/method-guard.ts';
import { readJsonBody } from '../../../lib/http/read-json-body.ts';
import { parseBody } from '../../../lib/http/validate-body.ts';
import { recordClick } from '../../../lib/insights/recorder.ts';
import { withRateLimit } from '../../../lib/limits/rate-limit.ts';
import { searchClickSchema } from '../../../schemas/insights.ts';

export const prerender = false;

/** Counts a click on a search result (the search page's beacon); the address only feeds the rate limit. */
export const POST = (async ({ request, clientAddress }) => {
  return withRateLimit('insights', clientIp(clientAddress, request.headers), async () => {
    const click = parseBody(searchClickSchema, await readJsonBody(request, maxBody(route('/api/search/clicks'))));
    recordClick(click.query, click.rank);
    return json({ status: 'accepted' }, { status: 202, headers: { 'Cache-Control': 'no-store' } });
  });
}) satisfies APIRoute;

export const ALL = methodNotAllowed(route('/api/search/clicks'));
