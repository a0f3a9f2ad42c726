/**
 * The MCP server card (/.well-known/mcp/server-card.json). Its tool list is what the real server answers to
 * `tools/list`, asked once over an in-memory connection, so the card cannot drift from /mcp.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LATEST_PROTOCOL_VERSION, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { mcpLimitText, rateLimitPolicies } from '../limits/policies.ts';
import { createMcpServer, MCP_INSTRUCTIONS, MCP_SERVER_INFO } from './server.ts';

export const MCP_ENDPOINT = '/mcp';

let tools: Promise<Tool[]> | undefined;

/** The tools as /mcp lists them (the handlers are never called). */
function listTools(): Promise<Tool[]> {
  tools ??= (async () => {
    const unused = () => Promise.reject(new Error('not called while listing tools'));
    const server = createMcpServer({
      search: unused,
      readPage: unused,
      ask: unused,
      catalog: unused,
      now: () => new Date(),
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'server-card', version: MCP_SERVER_INFO.version });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      return (await client.listTools()).tools;
    } finally {
      await client.close();
      await server.close();
    }
  })();
  return tools;
}

/** @example (await serverCard('https://northgate.example')).transport.endpoint === 'https://northgate.example/mcp' */
export async function serverCard(origin: string) {
  return {
    protocolVersion: LATEST_PROTOCOL_VERSION,
    serverInfo: MCP_SERVER_INFO,
    description: MCP_INSTRUCTIONS,
    transport: { type: 'streamable-http', endpoint: MCP_ENDPOINT, url: `${origin}${MCP_ENDPOINT}` },
    capabilities: { tools: { listChanged: false } },
    authentication: { required: false },
    // Not part of the card's schema: the limit as the route table has it, in words and numbers.
    rateLimit: {
      requests: rateLimitPolicies.mcp.points,
      windowSeconds: rateLimitPolicies.mcp.durationSeconds,
      scope: 'client IP',
      description: mcpLimitText(),
    },
    tools: await listTools(),
  };
}
