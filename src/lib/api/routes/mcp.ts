/** The MCP server (JSON-RPC over streamable HTTP): outside the API's OpenAPI document, with its own card. */
import type { Route } from '../route.ts';
import { rateLimitPolicies } from '../../limits/policies.ts';

export const mcpRoutes: Route[] = [
  // Every message counts against the limit before anything else (server/app.ts, the fast path), batches are refused.
  {
    path: '/mcp',
    methods: ['POST'],
    rateLimit: rateLimitPolicies.mcp,
    bodyLimit: 64 * 1024,
    fastPath: 'mcp-tool-call',
  },
];
