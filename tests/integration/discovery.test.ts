import { describe, expect, it } from 'vitest';
import { startServer, useServer } from '../helpers/server.ts';
import { expectMatchesOpenApi } from '../helpers/openapi.ts';
import { startOpenAiStandIn } from '../helpers/openai-stand-in.ts';
import packageJson from '../../package.json' with { type: 'json' };

const server = useServer();

const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);

/** Every discovery document: status, media type, CORS for everyone, a shared cache. */
const documents: [string, number, string][] = [
  ['/openapi.json', 200, 'application/vnd.oai.openapi+json;version=3.1; charset=utf-8'],
  ['/.well-known/api-catalog', 200, 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'],
  ['/.well-known/ai-catalog.json', 200, 'application/ai-catalog+json; charset=utf-8'],
  ['/.well-known/mcp/server-card.json', 200, 'application/json; charset=utf-8'],
  ['/.well-known/oauth-protected-resource', 200, 'application/json; charset=utf-8'],
  ['/.well-known/oauth-authorization-server', 404, 'application/json; charset=utf-8'],
  ['/.well-known/openid-configuration', 404, 'application/json; charset=utf-8'],
  ['/auth.md', 200, 'text/markdown; charset=utf-8'],
];

describe('discovery documents', () => {
  it.each(documents)('%s answers %i with %s, CORS * and Cache-Control', async (path, status, type) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(type.startsWith('text/markdown') ? await res.text() : await res.json()).toEqual(
      type.startsWith('text/markdown') ? expect.stringMatching(/\S/) : expect.any(Object),
    );
  });

  it.each(documents)('HEAD %s answers like GET, without a body', async (path, status, type) => {
    const res = await get(path, { method: 'HEAD' });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toBe('');
  });

  it('the API catalog is an RFC 9264 linkset with service-desc, service-doc and status, and matches /openapi.json', async () => {
    const catalog = (await expectMatchesOpenApi(
      'get',
      '/.well-known/api-catalog',
      await get('/.well-known/api-catalog'),
    )) as { linkset: Record<string, { href: string }[]>[] };
    const [entry] = catalog.linkset;
    expect(entry!.anchor).toBe(`${server.url}/api/`);
    expect(entry!['service-desc']![0]!.href).toBe(`${server.url}/openapi.json`);
    expect(entry!['service-doc']![0]!.href).toBe(`${server.url}/developers`);
    expect(entry!.status![0]!.href).toBe(`${server.url}/api/health`);
  });

  it('/openapi.json links the guide, its contact and its license with absolute URLs on this origin', async () => {
    const doc = await (await get('/openapi.json')).json();
    const links = [doc.externalDocs.url, doc.info.contact.url, doc.info.license.url];
    expect(links).toEqual([`${server.url}/developers`, `${server.url}/developers`, `${server.url}/developers#terms`]);
    const guide = await (await get('/developers')).text();
    expect(guide).toContain('id="terms"');
    expect(guide).toContain(`mailto:${doc.info.contact.email}`);
  });

  it('HEAD of the API catalog names it in a Link header, without a body', async () => {
    const res = await get('/.well-known/api-catalog', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('link')).toBe(`<${server.url}/.well-known/api-catalog>; rel="api-catalog"`);
    expect(await res.text()).toBe('');
    await expectMatchesOpenApi('head', '/.well-known/api-catalog', res);
  });

  it('the homepage sends Link rel="api-catalog" beside its twin link, for HTML and Markdown', async () => {
    for (const [path, accept] of [
      ['/', 'text/html'],
      ['/index.html', 'text/html'],
      ['/', 'text/markdown'],
    ] as const) {
      const res = await get(path, { headers: { Accept: accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('link')).toContain(`<${server.url}/.well-known/api-catalog>; rel="api-catalog"`);
    }
    expect((await get('/about/')).headers.get('link')).not.toContain('api-catalog');
  });

  it('every href in the catalogs and the cards answers 200 on the running server', async () => {
    const hrefs = new Set<string>();
    const collect = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        for (const [key, v] of Object.entries(value)) {
          if (['href', 'url', 'documentationUrl', 'resource_documentation'].includes(key) && typeof v === 'string')
            hrefs.add(v);
          else collect(v);
        }
      }
    };
    for (const path of [
      '/.well-known/api-catalog',
      '/.well-known/ai-catalog.json',
      '/.well-known/oauth-protected-resource',
    ])
      collect(await (await get(path)).json());
    expect([...hrefs].map((h) => new URL(h).pathname).sort()).toEqual([
      '/.well-known/mcp/server-card.json',
      '/api/health',
      '/auth.md',
      '/developers',
      '/llms.txt',
      '/openapi.json',
    ]);
    for (const href of hrefs) {
      expect(href.startsWith(server.url), href).toBe(true);
      expect((await fetch(href)).status, href).toBe(200);
    }
    // The card's endpoint is the MCP server: it answers JSON-RPC with POST.
    const card = await (await get('/.well-known/mcp/server-card.json')).json();
    const init = await fetch(new URL(card.transport.endpoint, server.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: card.protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    });
    expect(init.status).toBe(200);
    expect((await init.json()).result.serverInfo).toEqual(card.serverInfo);
  });

  it('the AI catalog has specVersion 1.0, a host and entries for the MCP card, OpenAPI and llms.txt', async () => {
    const catalog = await (await get('/.well-known/ai-catalog.json')).json();
    expect(catalog.specVersion).toBe('1.0');
    expect(catalog.host.displayName).toBe('Northgate Institute of Theology');
    expect(catalog.entries.map((e: { type: string; url: string }) => [e.type, new URL(e.url).pathname])).toEqual([
      ['application/mcp-server-card+json', '/.well-known/mcp/server-card.json'],
      ['application/vnd.oai.openapi+json', '/openapi.json'],
      ['text/plain', '/llms.txt'],
    ]);
    // The ARD pattern Lighthouse's agentic-browsing audit checks, with the publisher taken from the host, port dropped.
    for (const entry of catalog.entries) {
      expect(entry.identifier).toMatch(/^urn:air:127\.0\.0\.1(:[a-zA-Z0-9._-]+)+$/);
      expect(entry.displayName).toEqual(expect.any(String));
      expect(entry.representativeQueries.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('the MCP server card lists what /mcp lists', async () => {
    const card = await (await get('/.well-known/mcp/server-card.json')).json();
    expect(card.serverInfo).toMatchObject({ name: 'northgate-institute', version: packageJson.version });
    expect(card.transport).toMatchObject({ type: 'streamable-http', endpoint: '/mcp', url: `${server.url}/mcp` });
    expect(card.capabilities).toHaveProperty('tools');
    expect(card.tools.map((t: { name: string }) => t.name).sort()).toEqual([
      'ask_site',
      'find_courses',
      'get_page',
      'search_site',
      'upcoming_events',
    ]);
    for (const tool of card.tools) expect(tool.inputSchema.type).toBe('object');
  });

  it('OAuth metadata is honest without an identity provider: no authorization server, no bearer methods', async () => {
    const resource = await (await get('/.well-known/oauth-protected-resource')).json();
    expect(resource).toEqual({
      resource: server.url,
      resource_name: expect.stringContaining('staff pages only'),
      bearer_methods_supported: [],
      resource_documentation: `${server.url}/auth.md`,
    });
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const body = await (await get(path)).json();
      expect(body.error.code).toBe('NOT_FOUND');
      expect(body.error.resolution).toContain('/auth.md');
    }
  });

  it('/auth.md explains staff sign-in, says it is no OAuth API for third parties and names the contact', async () => {
    const text = await (await get('/auth.md')).text();
    expect(text).toMatch(/^---\ntitle: Authentication\n/);
    expect(text).toContain('not** an OAuth API for third parties');
    expect(text).toContain('developers@northgate.example');
    expect(text).toContain('No staff identity provider is configured');
  });

  it('discovery routes refuse other methods with a JSON 405', async () => {
    const res = await get('/openapi.json', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect((await res.json()).error.code).toBe('METHOD_NOT_ALLOWED');
  });
});

describe('real responses match /openapi.json', () => {
  const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const cases: [string, string, string, number, RequestInit | undefined][] = [
    ['get', '/api/health', '/api/health', 200, undefined],
    ['get', '/.well-known/api-catalog', '/.well-known/api-catalog', 405, { method: 'DELETE' }],
    ['get', '/api/search', '/api/search?q=greek&limit=3', 200, undefined],
    ['get', '/api/search', '/api/search?q=', 400, undefined],
    ['get', '/api/search', '/api/search?q=greek&limit=0&type=book', 400, undefined],
    ['get', '/api/search', '/api/search?q=greek', 405, { method: 'DELETE' }],
    ['get', '/api/challenge/required', '/api/challenge/required', 200, undefined],
    ['get', '/api/challenge/site-key', '/api/challenge/site-key', 503, undefined],
    ['post', '/api/email-marketing-signup', '/api/email-marketing-signup', 200, json({ email: 'grace@example.org' })],
    ['post', '/api/email-marketing-signup', '/api/email-marketing-signup', 400, json({ email: 'nope', extra: 1 })],
    [
      'post',
      '/api/email-marketing-signup',
      '/api/email-marketing-signup',
      415,
      { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' },
    ],
    ['post', '/api/email-marketing-signup', '/api/email-marketing-signup', 429, json({ email: 'again@example.org' })],
    [
      'post',
      '/api/course-registration',
      '/api/course-registration',
      400,
      json({ student: { studentId: 'S1', firstName: '', lastName: 'L', email: 'x' }, term: 'later', courses: [] }),
    ],
    ['post', '/api/course-registration', '/api/course-registration', 413, json('x'.repeat(20_000))],
    [
      'post',
      '/api/chat',
      '/api/chat',
      503,
      json({ messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Greek?' }] }] }),
    ],
    ['get', '/api/auth/{action}', '/api/auth/session', 404, undefined],
    ['post', '/api/auth/{action}', '/api/auth/signin/oidc', 404, { method: 'POST' }],
    ['get', '/api/{unknown}', '/api/nope', 404, undefined],
  ];
  it.each(cases)('%s %s (%s) → %i', async (method, template, path, status, init) => {
    const res = await get(path, init);
    expect(res.status).toBe(status);
    await expectMatchesOpenApi(method, template, res);
  });
});

describe('a streamed chat answer matches /openapi.json', () => {
  it('POST /api/chat → 200 text/event-stream with the stream and rate-limit headers', async () => {
    const model = await startOpenAiStandIn({ words: ['Yes.'] });
    const other = await startServer({ CHAT_OPENAI_BASE_URL: model.baseUrl, CHAT_MODEL: 'llama3.2' });
    try {
      const res = await fetch(`${other.url}/api/chat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Greek?' }] }] }),
      });
      expect(res.status).toBe(200);
      expect(await expectMatchesOpenApi('post', '/api/chat', res)).toContain('data: [DONE]');
    } finally {
      await other.stop();
      await model.close();
    }
  });
});
