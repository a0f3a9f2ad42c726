/** The MCP server (JSON-RPC over streamable HTTP): outside the API's OpenAPI document, with its own card. */
import type { Route } from '../route.ts';

export const mcpRoutes: Route[] = [
  { path: '/mcp', methods: ['POST'], bodyLimit: 64 * 1024, fastPath: 'mcp-tool-call' },
];
