import type { APIRoute } from 'astro';
import { json } from '../../lib/http/json.ts';
import { route } from '../../lib/api/routes.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';
import { discoveryLinkHeader } from '../../lib/discovery/links.ts';
import { publicOrigin } from '../../lib/http/public-origin.ts';

export const prerender = false;

/** Liveness probe: the process is up and serving. Its Link header names the API's documents, like the homepage's. */
export const GET = (({ request }) =>
  json(
    { status: 'ok' },
    {
      headers: { 'Cache-Control': 'no-store', Link: discoveryLinkHeader(publicOrigin(request)) },
    },
  )) satisfies APIRoute;
export const HEAD = GET;
export const ALL = methodNotAllowed(route('/api/health'));
