import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { maxBody, route } from '../api/routes.ts';
import { searchForClient } from '../search/for-client.ts';
import { askSite } from './ask.ts';
import { originAllowed } from './origin.ts';
import { readPublicTwin } from './public-twins.ts';
import { createMcpServer, type McpDependencies } from './server.ts';
import { jsonRpcError } from './json-rpc-error.ts';

export interface McpRequestContext {
  /** The public origin (http/public-origin.ts): a browser's `Origin` must be it; answers link to it. */
  origin: string;
  /** SITE_URL: when unset, the origin check also wants a loopback or IP-literal host (see origin.ts). */
  siteUrl: string | undefined;
  /** The client's IP (http/client-ip.ts), for the rate limits. */
  ip: string;
}

/**
 * One MCP request over stateless Streamable HTTP: a new server and transport per request, answered as plain
 * JSON (no stream to keep open), closed when the answer is written.
 */
export async function handleMcpRequest(request: Request, { origin, siteUrl, ip }: McpRequestContext): Promise<Response> {
  if (!originAllowed(request.headers.get('origin'), origin, siteUrl)) {
    return jsonRpcError(403, 'Forbidden: this Origin may not use the MCP endpoint.');
  }
  const deps: McpDependencies = {
    // The same per-client limit as /api/search; the request's signal drops the search if the client goes.
    search: async (input) => (await searchForClient(input, ip, request.signal)).answer,
    readPage: (path) => readPublicTwin(path), ask: askSite(ip, origin, request.signal),
  };
  const server = createMcpServer(deps);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: maxBody(route('/mcp')) });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
