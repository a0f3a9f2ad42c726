import type { APIRoute } from 'astro';
import { serverCard } from '../../../lib/mcp/card.ts';
import { discoveryJson, siteOrigin } from '../../../lib/discovery/respond.ts';
import { route } from '../../../lib/api/routes.ts';
import { methodNotAllowed } from '../../../lib/http/method-guard.ts';

export const prerender = false;

/** The MCP server card of /mcp: transport, capabilities and the tools it lists. */
export const GET = (async ({ url }) => discoveryJson(await serverCard(siteOrigin(url)))) satisfies APIRoute;
export const HEAD = GET;
export const ALL = methodNotAllowed(route('/.well-known/mcp/server-card.json'));
