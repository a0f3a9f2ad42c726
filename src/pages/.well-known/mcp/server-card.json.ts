import type { APIRoute } from 'astro';
import { serverCard } from '../../../lib/mcp/card.ts';
import { discoveryJson } from '../../../lib/discovery/respond.ts';
import { publicOrigin } from '../../../lib/http/public-origin.ts';
import { route } from '../../../lib/api/routes.ts';
import { methodNotAllowed } from '../../../lib/http/method-guard.ts';

export const prerender = false;

/** The MCP server card of /mcp: transport, capabilities and the tools it lists. */
export const GET = (async ({ request }) => discoveryJson(await serverCard(publicOrigin(request)))) satisfies APIRoute;
export const HEAD = GET;
export const ALL = methodNotAllowed(route('/.well-known/mcp/server-card.json'));
