import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startOpenAiStandIn } from '../helpers/openai-stand-in.ts';
import { startServer, useServer } from '../helpers/server.ts';
import packageJson from '../../package.json' with { type: 'json' };

const server = useServer();
let client: Client;
beforeAll(async () => {
  client = new Client({ name: 'institute-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
});
afterAll(async () => {
  await client?.close();
});

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

/** A raw JSON-RPC POST, for what the SDK client would never send. */
const rpc = (headers: Record<string, string>, body: unknown = { jsonrpc: '2.0', id: 1, method: 'tools/list' }) =>
  fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });

describe('MCP server at /mcp (the SDK client over Streamable HTTP)', () => {
  it('initializes with the server info and lists the five tools', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'northgate-institute', version: packageJson.version });
    expect(client.getServerCapabilities()).toMatchObject({ tools: expect.any(Object) });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'ask_site',
      'find_courses',
      'get_page',
      'search_site',
      'upcoming_events',
    ]);
    const search = tools.find((t) => t.name === 'search_site')!;
    expect(search.inputSchema.required).toEqual(['query']);
    expect(search.outputSchema?.properties).toHaveProperty('results');
  });

  it('search_site finds pages, with the same results as /api/search', async () => {
    const result = await call('search_site', { query: 'greek', type: 'course', limit: 3 });
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as {
      total: number;
      results: { url: string; type: string; markdownUrl: string }[];
    };
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.results.every((r) => r.type === 'course' && r.markdownUrl.endsWith('.md'))).toBe(true);
    const api = await (await fetch(`${server.url}/api/search?q=greek&type=course&limit=3`)).json();
    expect(answer).toEqual(api);
    expect(JSON.parse(text(result))).toEqual(api);
  });

  it('search_site refuses invalid arguments with an error, not a crash', async () => {
    const result = await call('search_site', { query: '   ', limit: 500 }).catch(
      (err: Error) => ({ isError: true, content: [{ type: 'text', text: err.message }] }) as CallToolResult,
    );
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/query|limit/);
  });

  it('get_page returns the Markdown twin of a page, by page path or twin path', async () => {
    const byPage = await call('get_page', { path: '/courses/bib201/' });
    expect(byPage.isError).toBeFalsy();
    expect(text(byPage)).toMatch(/^---\ntitle: /);
    expect(text(byPage)).toContain('url: "/courses/bib201/"');
    const twin = await (await fetch(`${server.url}/courses/bib201.md`)).text();
    expect(text(byPage)).toBe(twin);
    expect(text(await call('get_page', { path: '/courses/bib201.md' }))).toBe(twin);
    expect(text(await call('get_page', { path: '/courses/bib201' }))).toBe(twin);
    expect(text(await call('get_page', { path: '/' }))).toBe(await (await fetch(`${server.url}/index.md`)).text());
  });

  it.each([
    '/../package.json',
    '/courses/../../package.json',
    '/..%2f..%2fpackage.json',
    '%2e%2e/package.json',
    '/courses/%2e%2e/index',
    '/etc/passwd',
    '/../../../../etc/passwd',
    '//etc/passwd',
    '\\..\\package.json',
    'courses/bib201/',
    '/courses/bib201/?x=1',
    '/404',
    '/404.md',
    '/pagefind/pagefind.js',
    '/_astro/x.md',
    '/staff/',
    '/api/health',
    '/nope/',
    'file:///etc/passwd',
    '/courses/bib201.md\u0000.html',
    '/courses\u2215bib201',
  ])('get_page refuses %j', async (path) => {
    const result = await call('get_page', { path });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^No public page at/);
  });

  it('ask_site is a tool error while no model is configured', async () => {
    const result = await call('ask_site', { question: 'Can I study Greek online?' });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/no language model configured/);
  });
});

describe('/mcp transport rules', () => {
  it('refuses a browser Origin other than the site (DNS rebinding) with 403', async () => {
    const res = await rpc({ Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toMatch(/Origin/);
  });

  it('refuses a foreign Origin on the direct tool calls too (answered before Astro)', async () => {
    const getPage = {
      jsonrpc: '2.0',
      id: 'p1',
      method: 'tools/call',
      params: { name: 'get_page', arguments: { path: '/courses/bib201/' } },
    };
    const refused = await rpc({ Origin: 'https://evil.example' }, getPage);
    expect(refused.status).toBe(403);
    const res = await rpc({ Origin: server.url }, getPage);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await res.json();
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 'p1' });
    expect(body.result.content[0].text).toMatch(/^---\ntitle: /);
  });

  it("accepts the site's own origin on loopback", async () => {
    const res = await rpc({ Origin: server.url });
    expect(res.status).not.toBe(403);
  });

  it('answers GET and DELETE with 405 (stateless: no stream, no session)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${server.url}/mcp`, { method, headers: { Accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  it('answers a malformed JSON-RPC body with a JSON-RPC error, not a crash', async () => {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).jsonrpc).toBe('2.0');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});

describe('MCP with SITE_URL set', () => {
  it("accepts only SITE_URL's origin from browsers", async () => {
    const other = await startServer({ SITE_URL: 'https://northgate.example' });
    try {
      const post = (origin: string) =>
        fetch(`${other.url}/mcp`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
            Origin: origin,
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
        });
      expect((await post(other.url)).status).toBe(403);
      expect((await post('https://northgate.example')).status).not.toBe(403);
    } finally {
      await other.stop();
    }
  });
});

describe('search_site limits', () => {
  it("counts searches that miss the cache against the client's search limit, shared with /api/search", async () => {
    const other = await startServer();
    const mcp = new Client({ name: 'institute-tests', version: '1.0.0' });
    const search = async (query: string) =>
      (await mcp.callTool({ name: 'search_site', arguments: { query, limit: 1 } })) as CallToolResult;
    try {
      await mcp.connect(new StreamableHTTPClientTransport(new URL(`${other.url}/mcp`)));
      const api = await fetch(`${other.url}/api/search?q=greek&limit=1`);
      expect(api.headers.get('x-ratelimit-remaining')).toBe('59');
      for (let i = 0; i < 59; i++) expect((await search(`greek ${i}`)).isError).toBeFalsy();
      const over = await search('hebrew');
      expect(over.isError).toBe(true);
      expect(text(over)).toMatch(/Too many requests.*Retry-After/s);
      // Answers already in the cache are still given.
      expect((await search('greek 7')).isError).toBeFalsy();
      expect((await search('greek')).structuredContent).toEqual(await api.json());
      expect((await fetch(`${other.url}/api/search?q=hebrew`)).status).toBe(429);
    } finally {
      await mcp.close();
      await other.stop();
    }
  });
});

describe('ask_site with a model (the OpenAI-compatible stand-in)', () => {
  it("answers with the chat's text and the pages it used as sources, and a model failure is a tool error", async () => {
    const model = await startOpenAiStandIn({ words: ['Yes: ', 'Greek ', 'runs online.'] });
    const other = await startServer({
      CHAT_OPENAI_BASE_URL: model.baseUrl,
      CHAT_MODEL: 'llama3.2',
      SITE_URL: 'https://northgate.example',
    });
    const mcp = new Client({ name: 'institute-tests', version: '1.0.0' });
    try {
      await mcp.connect(new StreamableHTTPClientTransport(new URL(`${other.url}/mcp`)));
      const result = (await mcp.callTool({
        name: 'ask_site',
        arguments: { question: 'Can I study Greek online?' },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const answer = result.structuredContent as { answer: string; sources: { url: string; title?: string }[] };
      expect(answer.answer).toBe('Yes: Greek runs online.');
      expect(answer.sources.length).toBeGreaterThan(0);
      expect(answer.sources.every((s) => s.url.startsWith('https://northgate.example/'))).toBe(true);
      expect(text(result)).toContain('Sources:');

      model.behaviour = { words: [], status: 500 };
      const failed = (await mcp.callTool({
        name: 'ask_site',
        arguments: { question: 'Can I study Greek online?' },
      })) as CallToolResult;
      expect(failed.isError).toBe(true);
      expect(text(failed)).toMatch(/not answering/);
    } finally {
      await mcp.close();
      await other.stop();
      await model.close();
    }
  });
});

describe('ask_site when its client goes away', () => {
  it('stops the model: the provider sees its connection closed', async () => {
    const model = await startOpenAiStandIn({ words: ['A ', 'long ', 'answer.'], holdAfter: 1 });
    const other = await startServer({ CHAT_OPENAI_BASE_URL: model.baseUrl, CHAT_MODEL: 'llama3.2' });
    try {
      const client = new AbortController();
      const held = model.nextHold();
      const call = fetch(`${other.url}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'ask_site', arguments: { question: 'Can I study Greek online?' } },
        }),
        signal: client.signal,
      }).catch(() => undefined);
      await held;
      const aborted = model.nextAbort();
      client.abort();
      await aborted;
      await call;
      expect(model.aborted).toBe(1);
    } finally {
      await other.stop();
      await model.close();
    }
  });
});

describe('MCP tool errors', () => {
  it('a failing search is a generic tool error; the detail goes to the log', async () => {
    const bundle = join(mkdtempSync(join(tmpdir(), 'broken-bundle-')), 'pagefind');
    const other = await startServer({ SEARCH_BUNDLE_DIR: bundle });
    const mcp = new Client({ name: 'institute-tests', version: '1.0.0' });
    try {
      await mcp.connect(new StreamableHTTPClientTransport(new URL(`${other.url}/mcp`)));
      const result = (await mcp.callTool({ name: 'search_site', arguments: { query: 'greek' } })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/^search_site failed on our side/);
      expect(text(result)).not.toContain(bundle);
      expect(text(result)).not.toMatch(/search failed:|\n\s+at /);
      const logged = await other.waitForLog((l) => l.msg === 'mcp: search_site failed');
      expect(logged).toMatchObject({ level: 50, tool: 'search_site' });
      expect(JSON.stringify(logged)).toContain(bundle);
    } finally {
      await mcp.close();
      await other.stop();
    }
  });
});

// Security finding 2: a batch of 100 get_page calls was answered with 1.6 MB, and 600 calls in a burst were all answered.
describe('MCP abuse limits', () => {
  it('refuses a JSON-RPC batch with -32600 in a few hundred bytes', async () => {
    const batch = Array.from({ length: 100 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'tools/call',
      params: { name: 'get_page', arguments: { path: '/courses/bib201/' } },
    }));
    const res = await rpc({}, batch);
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body.length).toBeLessThan(500);
    expect(JSON.parse(body)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  });

  it('documents the /mcp limit in OpenAPI, the server card, /llms.txt and /developers', async () => {
    const card = await (await fetch(`${server.url}/.well-known/mcp/server-card.json`)).json();
    expect(card.rateLimit).toMatchObject({
      requests: expect.any(Number),
      windowSeconds: expect.any(Number),
      scope: 'client IP',
    });
    const sentence = card.rateLimit.description as string;
    expect(sentence).toMatch(/^The MCP endpoint \/mcp is rate limited: \d+ messages per/);
    expect((await (await fetch(`${server.url}/openapi.json`)).json()).info.description).toContain(sentence);
    expect(await (await fetch(`${server.url}/llms.txt`)).text()).toContain(sentence);
    expect(await (await fetch(`${server.url}/developers/`)).text()).toContain('POST /mcp');
  });

  it('counts every call against a per-client /mcp limit, direct tool calls included', async () => {
    const other = await startServer();
    try {
      const getPage = (id: number) =>
        fetch(`${other.url}/mcp`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id,
            method: 'tools/call',
            params: { name: 'get_page', arguments: { path: '/courses/bib201/' } },
          }),
        });
      const first = await getPage(0);
      expect(first.status).toBe(200);
      const limit = Number(first.headers.get('x-ratelimit-limit'));
      expect(limit).toBeGreaterThan(0);
      let last = first;
      for (let i = 1; i <= limit; i++) last = await getPage(i);
      expect(last.status).toBe(429);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await last.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
      // The other routes are not affected by this client's MCP use.
      expect((await fetch(`${other.url}/api/health`)).status).toBe(200);
    } finally {
      await other.stop();
    }
  });
});
