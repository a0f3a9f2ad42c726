import type { APIRoute } from 'astro';
import { getConfig } from '../lib/config.ts';
import { clientIp } from '../lib/http/client-ip.ts';
import { publicOrigin } from '../lib/http/public-origin.ts';
import { handleMcpRequest } from '../lib/mcp/handle.ts';
import { jsonRpcError } from '../lib/mcp/json-rpc-error.ts';
import { route } from '../lib/api/routes.ts';
import { getCourseCatalog } from '../lib/catalog/load.ts';

export const prerender = false;

/** The site's MCP server (Streamable HTTP, stateless): search_site, get_page, find_courses, upcoming_events, ask_site. */
export const POST = (({ request, clientAddress }) =>
  handleMcpRequest(request, {
    origin: publicOrigin(request),
    siteUrl: getConfig().SITE_URL,
    ip: clientIp(clientAddress, request.headers),
    catalog: getCourseCatalog,
  })) satisfies APIRoute;

/** Stateless: no server-to-client stream to open with GET and no session to end with DELETE (MCP: answer 405). */
export const ALL = (() =>
  jsonRpcError(405, 'Method not allowed: send JSON-RPC messages with POST.', {
    Allow: route('/mcp').methods.join(', '),
  })) satisfies APIRoute;
