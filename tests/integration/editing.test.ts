import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { useServer } from '../helpers/server.ts';

// The site's content has one draft (src/content/handbook/student-housing.mdx) and one moved page
// (src/content/handbook/refunds.mdx: redirectFrom [/handbook/refund-policy/], updated 2026-09-01).
const server = useServer();
const get = (path: string, init: RequestInit = {}) => fetch(server.url + path, { redirect: 'manual', ...init });
const DRAFT = '/handbook/student-housing';

describe('a draft is left out of the production build', () => {
  it('has no page and no twin', async () => {
    for (const path of [`${DRAFT}/`, DRAFT, `${DRAFT}.md`]) expect((await get(path)).status, path).toBe(404);
    expect((await get(`${DRAFT}/`, { headers: { Accept: 'text/markdown' } })).status).toBe(404);
  });

  it('is not in the sitemap, llms.txt, the handbook index or its navigation', async () => {
    const sitemap = await (await get('/sitemap-0.xml')).text();
    expect(sitemap).toContain('/handbook/refunds/');
    expect(sitemap).not.toContain('student-housing');
    const llms = await (await get('/llms.txt')).text();
    expect(llms).toContain('/handbook/refunds');
    expect(llms).not.toContain('student-housing');
    const handbook = await (await get('/handbook/')).text();
    expect(handbook).toContain('/handbook/refunds/');
    expect(handbook).not.toContain('student-housing');
  });

  it('is not found by search, so the chat (which answers from search results) never cites it', async () => {
    const res = await get('/api/search?q=student%20housing%20rooms');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: { url: string }[] };
    expect(body.results.map((r) => r.url).join(' ')).not.toContain('student-housing');
  });

  it('is not a page for MCP', async () => {
    const client = new Client({ name: 'institute-tests', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    try {
      const page = (await client.callTool({ name: 'get_page', arguments: { path: `${DRAFT}/` } })) as CallToolResult;
      expect(page.isError).toBe(true);
      const found = (await client.callTool({
        name: 'search_site',
        arguments: { query: 'student housing rooms' },
      })) as CallToolResult;
      expect(JSON.stringify(found.content)).not.toContain('student-housing');
    } finally {
      await client.close();
    }
  });
});

describe('redirectFrom: an old URL answers 301 to the page', () => {
  it.each([
    ['/handbook/refund-policy/', '/handbook/refunds/'],
    ['/handbook/refund-policy', '/handbook/refunds/'],
    ['/handbook/refund-policy/index.html', '/handbook/refunds/'],
    ['/handbook/refund-policy/?from=mail', '/handbook/refunds/?from=mail'],
    ['/handbook/refund-policy.md', '/handbook/refunds.md'],
  ])('GET %s → 301 %s', async (path, location) => {
    const res = await get(path);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(location);
  });

  it('answers HEAD too, and the new page and twin are there', async () => {
    const head = await get('/handbook/refund-policy/', { method: 'HEAD' });
    expect(head.status).toBe(301);
    expect(head.headers.get('location')).toBe('/handbook/refunds/');
    const page = await fetch(`${server.url}/handbook/refund-policy/`);
    expect(page.url).toBe(`${server.url}/handbook/refunds/`);
    expect(page.status).toBe(200);
    const twin = await fetch(`${server.url}/handbook/refund-policy.md`);
    expect(twin.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await twin.text()).toContain('url: "/handbook/refunds/"');
  });
});

describe('updated: the date the content last changed', () => {
  it('is shown on the page, in the twin front matter and as the sitemap lastmod', async () => {
    expect(await (await get('/handbook/refunds/')).text()).toContain(
      '<p class="updated">Last updated <time datetime="2026-09-01">1 September 2026</time></p>',
    );
    expect(await (await get('/handbook/refunds.md')).text()).toMatch(
      /^---\n[\s\S]*\nupdated: "2026-09-01"\n[\s\S]*?---\n/,
    );
    const sitemap = await (await get('/sitemap-0.xml')).text();
    expect(sitemap).toContain(
      '<loc>http://localhost:4321/handbook/refunds/</loc><lastmod>2026-09-01T00:00:00.000Z</lastmod>',
    );
    // A page without `updated` says nothing it does not know.
    expect(await (await get('/handbook/grading/')).text()).not.toContain('class="updated"');
  });
});

describe('content images', () => {
  it('are optimised and responsive with their dimensions, and the twin keeps them with their alt text', async () => {
    const alt = 'Northgate Institute of Theology, founded 1911 in Harrow Vale, lettered in white and gold on dark blue';
    const html = await (await get('/about/')).text();
    const img = html.match(/<img [^>]*founded-1911[^>]*>/)?.[0] ?? '';
    expect(img).toMatch(/ src="\/_astro\/founded-1911\.[\w-]+\.webp"/);
    expect(img).toMatch(/ srcset="[^"]* 640w, [^"]* 1600w"/);
    expect(img).toContain(' width="1600" height="500"');
    expect(img).toContain(` alt="${alt}"`);
    expect(await (await get('/about.md')).text()).toMatch(
      new RegExp(`!\\[${alt}\\]\\(/_astro/founded-1911\\.[\\w-]+\\.webp\\)`),
    );
  });
});
