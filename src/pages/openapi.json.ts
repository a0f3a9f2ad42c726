import type { APIRoute } from 'astro';
import { route } from '../lib/api/routes.ts';
import { methodNotAllowed } from '../lib/http/method-guard.ts';
import { openApiDocument } from '../lib/discovery/openapi.ts';
import { discoveryJson } from '../lib/discovery/respond.ts';
import { publicOrigin } from '../lib/http/public-origin.ts';

export const prerender = false;

/** The OpenAPI 3.1 description of the API, generated from the zod schemas the routes validate with. */
export const GET = (({ request }) =>
  discoveryJson(
    openApiDocument(publicOrigin(request)),
    'application/vnd.oai.openapi+json;version=3.1; charset=utf-8',
  )) satisfies APIRoute;
export const HEAD = GET;
export const ALL = methodNotAllowed(route('/openapi.json'));
