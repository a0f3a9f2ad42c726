import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { maxBody, route } from '../api/routes.ts';
import { searchForClient } from '../search/for-client.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { calendarNow } from '../catalog/clock.ts';
import { askSite } from './ask.ts';
import { originAllowed } from './origin.ts';
import { readPublicTwin } from './public-twins.ts';
import { createMcpServer, type McpDependencies } from './server.ts';
import { jsonRpcError, jsonRpcErrorBody } from './json-rpc-error.ts';
import { ApiError } from '../http/api-error.ts';
import { rateLimit } from '../limits/rate-limit.ts';
import { directToolCall } from './direct.ts';

export interface McpRequestContext {
  /** The public origin (http/public-origin.ts): a browser's `Origin` must be it; answers link to it. */
  origin: string;
  /** SITE_URL: when unset, the origin check also wants a loopback or IP-literal host (see origin.ts). */
  siteUrl: string | undefined;
  /** The client's IP (http/client-ip.ts), for the rate limits. */
  ip: string;
  /**
   * The catalog, from the Astro route (it reads the content collections, which only Astro can); absent on the
   * direct path, whose tools (search_site, get_page) do not need it.
   */
  catalog?: () => Promise<Catalog>;
}

const noCatalog = () => Promise.reject(new Error('the catalog is only available through the Astro route /mcp'));

/** What the tools of one request use; `signal` (the client's request) drops a search or an answer if the client goes. */
function mcpDependencies({ origin, ip, catalog }: McpRequestContext, signal: AbortSignal): McpDependencies {
  return {
    catalog: catalog ?? noCatalog,
    now: calendarNow,
    // The same per-client limit as /api/search.
    search: async (input) => (await searchForClient(input, ip, signal)).answer,
    readPage: (path) => readPublicTwin(path),
    ask: askSite(ip, origin, signal, catalog),
  };
}

/**
 * The answer to a `tools/call` of search_site or get_page without the SDK (direct.ts), which the server gives
 * before Astro; undefined for anything else, which goes on to handleMcpRequest. Same Origin check.
 */
export async function directMcpAnswer(
  headers: { get(name: string): string | null },
  body: string,
  context: McpRequestContext,
  signal: AbortSignal,
): Promise<string | undefined> {
  if (!originAllowed(headers.get('origin'), context.origin, context.siteUrl)) return undefined;
  return directToolCall(headers, body, () => mcpDependencies(context, signal));
}

/**
 * One MCP request over stateless Streamable HTTP: a new server and transport per request, answered as plain
 * JSON (no stream to keep open), closed when the answer is written.
 */
export async function handleMcpRequest(request: Request, context: McpRequestContext): Promise<Response> {
  const { origin, siteUrl } = context;
  if (!originAllowed(request.headers.get('origin'), origin, siteUrl)) {
    return jsonRpcError(403, 'Forbidden: this Origin may not use the MCP endpoint.');
  }
  const server = createMcpServer(mcpDependencies(context, request.signal));
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: maxBody(route('/mcp')),
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}

/** What refuses an MCP request before any tool runs: a status, headers and a JSON-RPC error body. */
export interface McpRefusal {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Counts one MCP request of `ip` against the /mcp limit (every message counts, whatever it asks), and refuses a
 * JSON-RPC batch: MCP 2025-06-18 removed batching, and one 11 KB batch of get_page calls cost 1.6 MB of answer
 * and a second of the event loop. Returns the refusal, or the rate-limit headers for the answer.
 */
export async function admitMcpRequest(
  body: string | undefined,
  ip: string,
): Promise<McpRefusal | { headers: Record<string, string> }> {
  let headers: Record<string, string>;
  try {
    headers = await rateLimit('mcp', ip);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 429) throw err;
    return {
      status: 429,
      headers: { ...err.headers, ...JSON_TYPE },
      body: jsonRpcErrorBody(`${err.message} ${err.resolution ?? ''}`.trim()),
    };
  }
  if (body !== undefined && /^\s*\[/.test(body)) {
    const message =
      'Invalid Request: JSON-RPC batches are not supported (MCP 2025-06-18); send one message per request.';
    return { status: 400, headers: { ...headers, ...JSON_TYPE }, body: jsonRpcErrorBody(message, -32600) };
  }
  return { headers };
}

const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };
