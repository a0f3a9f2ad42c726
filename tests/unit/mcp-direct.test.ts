import { describe, expect, it } from 'vitest';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { directToolCall } from '../../src/lib/mcp/direct.ts';
import { createMcpServer, type McpDependencies } from '../../src/lib/mcp/server.ts';
import { ApiError } from '../../src/lib/http/api-error.ts';

const answer = {
  query: 'greek',
  total: 1,
  limit: 5,
  offset: 0,
  results: [
    {
      title: 'BIB201',
      url: '/courses/bib201/',
      type: 'course' as const,
      excerpt: 'An <mark>Greek</mark>',
      markdownUrl: '/courses/bib201.md',
    },
  ],
};
const deps: McpDependencies = {
  search: async ({ q }) => {
    if (q === 'limited') throw new ApiError(429, 'RATE_LIMITED', 'Too many requests.', { resolution: 'Wait.' });
    if (q === 'broken') throw new Error('/secret/path worker stack');
    return { ...answer, query: q };
  },
  readPage: async (path) =>
    path === '/courses/bib201/'
      ? { url: '/courses/bib201.md', markdown: '---\ntitle: BIB201\n---\n# Greek\n' }
      : undefined,
  ask: async () => ({ error: 'no model' }),
  catalog: () => Promise.reject(new Error('not used here')),
  now: () => new Date(),
};
const headers = (extra: Record<string, string> = {}) =>
  new Headers({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...extra });
const call = (name: string, args: unknown, id: string | number = 7) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

/** What the SDK server (a fresh one, as handle.ts builds) answers. */
async function viaSdk(body: string, h = headers()) {
  const server = createMcpServer(deps);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    const res = await transport.handleRequest(
      new Request('http://127.0.0.1/mcp', { method: 'POST', headers: h, body }),
    );
    return { status: res.status, type: res.headers.get('content-type'), json: await res.json() };
  } finally {
    await server.close();
  }
}

describe('MCP tool calls answered without the SDK (direct.ts)', () => {
  it.each([
    ['search_site', { query: 'greek', limit: 5 }],
    ['search_site', { query: 'greek', type: 'course' }],
    ['search_site', { query: 'limited' }],
    ['search_site', { query: 'broken' }],
    ['get_page', { path: '/courses/bib201/' }],
    ['get_page', { path: '/nope/' }],
  ])('%s %j: the same JSON-RPC answer as the SDK server', async (name, args) => {
    for (const id of [7, 'abc']) {
      const body = call(name, args, id);
      const direct = await directToolCall(headers(), body, () => deps);
      expect(direct).toBeDefined();
      const sdk = await viaSdk(body);
      expect(sdk).toMatchObject({ status: 200, type: 'application/json' });
      expect(JSON.parse(direct!)).toEqual(sdk.json);
    }
  });

  it.each([
    ['tools/list', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), headers()],
    [
      'initialize',
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
      headers(),
    ],
    ['ask_site', call('ask_site', { question: 'Greek?' }), headers()],
    ['invalid arguments', call('search_site', { query: '  ', limit: 500 }), headers()],
    [
      'missing arguments',
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_page' } }),
      headers(),
    ],
    ['an unknown tool', call('toString', {}), headers()],
    ['a batch', `[${call('get_page', { path: '/courses/bib201/' })}]`, headers()],
    [
      'a notification',
      JSON.stringify({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'get_page', arguments: { path: '/' } } }),
      headers(),
    ],
    ['bad JSON', '{"jsonrpc":', headers()],
    [
      'a call with _meta',
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_page', arguments: { path: '/' }, _meta: { progressToken: 1 } },
      }),
      headers(),
    ],
    [
      'a task-augmented call',
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_page', arguments: { path: '/' }, task: { ttl: 1000 } },
      }),
      headers(),
    ],
    ['Accept without SSE', call('get_page', { path: '/courses/bib201/' }), headers({ accept: 'application/json' })],
    ['a text body', call('get_page', { path: '/courses/bib201/' }), headers({ 'content-type': 'text/plain' })],
    [
      'an unknown protocol version',
      call('get_page', { path: '/courses/bib201/' }),
      headers({ 'mcp-protocol-version': '1999-01-01' }),
    ],
  ])('leaves %s to the SDK', async (_, body, h) => {
    expect(await directToolCall(h, body, () => deps)).toBeUndefined();
  });

  it('takes a known protocol version and a JSON content type with parameters', async () => {
    const h = headers({ 'mcp-protocol-version': '2025-06-18', 'content-type': 'application/json; charset=utf-8' });
    expect(await directToolCall(h, call('get_page', { path: '/courses/bib201/' }), () => deps)).toContain('# Greek');
  });
});
