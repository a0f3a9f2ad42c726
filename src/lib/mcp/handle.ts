import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { maxBody, route } from '../api/routes.ts';
import { searchForClient } from '../search/for-client.ts';
import { askSite } from './ask.ts';
import { originAllowed } from './origin.ts';
import { readPublicTwin } from './public-twins.ts';
import { createMcpServer, type McpDependencies } from './server.ts';
import { jsonRpcError } from './json-rpc-error.ts';

/**
 * One MCP request over stateless Streamable HTTP: a new server and transport per request, answered as plain
 * JSON (no stream to keep open), closed when the answer is written.
 */
export async function handleMcpRequest(request: Request, { siteUrl, ip }: { siteUrl: string | undefined; ip: string }): Promise<Response> {
  const requestOrigin = new URL(request.url).origin;
  if (!originAllowed(request.headers.get('origin'), requestOrigin, siteUrl)) {
    return jsonRpcError(403, 'Forbidden: this Origin may not use the MCP endpoint.');
  }
  const deps: McpDependencies = {
    // The same per-client limit as /api/search; the request's signal drops the search if the client goes.
    search: async (input) => (await searchForClient(input, ip, request.signal)).answer,
    readPage: (path) => readPublicTwin(path), ask: askSite(ip, siteUrl ? new URL(siteUrl).origin : requestOrigin, request.signal),
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
