import type { APIRoute } from 'astro';
import { aiCatalog } from '../../lib/discovery/ai-catalog.ts';
import { discoveryJson } from '../../lib/discovery/respond.ts';
import { publicOrigin } from '../../lib/http/public-origin.ts';
import { route } from '../../lib/api/routes.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';

export const prerender = false;

/** AI Catalog: the MCP server card, the OpenAPI document and llms.txt. */
export const GET = (({ request }) =>
  discoveryJson(aiCatalog(publicOrigin(request)), 'application/ai-catalog+json; charset=utf-8')) satisfies APIRoute;
export const HEAD = GET;
export const ALL = methodNotAllowed(route('/.well-known/ai-catalog.json'));
