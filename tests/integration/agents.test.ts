import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../src/lib/site/markdown-tokens.ts';
import { startServer, useServer } from '../helpers/server.ts';

const server = useServer();
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(server.url + path, { headers, redirect: 'manual' });

describe('Link headers and elements for agents (RFC 8288)', () => {
  const expected = (origin: string) => [
    `<${origin}/.well-known/api-catalog>; rel="api-catalog"`,
    `<${origin}/openapi.json>; rel="service-desc"`,
    `<${origin}/developers>; rel="service-doc"`,
    `<${origin}/llms.txt>; rel="describedby"; type="text/plain"`,
    `<${origin}/.well-known/mcp/server-card.json>; rel="describedby"; type="application/json"`,
  ];

  it.each(['/', '/api/health'])(
    '%s names the API catalog, OpenAPI, developer guide, llms.txt and MCP server card',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      const link = res.headers.get('link') ?? '';
      for (const part of expected(server.url)) expect(link).toContain(part);
    },
  );

  it('the home page has the same links as <link> elements, and each one answers', async () => {
    const html = await (await get('/')).text();
    for (const [, rel, href] of [
      ['', 'api-catalog', '/.well-known/api-catalog'],
      ['', 'service-desc', '/openapi.json'],
      ['', 'service-doc', '/developers'],
      ['', 'describedby', '/llms.txt'],
      ['', 'describedby', '/.well-known/mcp/server-card.json'],
    ]) {
      expect(html).toMatch(new RegExp(`<link rel="${rel}"[^>]* href="[^"]*${href.replace(/\./g, '\\.')}"`));
      expect((await get(href!)).status, href).toBe(200);
    }
  });
});

describe('x-markdown-tokens on every Markdown answer', () => {
  it.each([
    ['/courses/bib201.md', {}],
    ['/courses/bib201/', { Accept: 'text/markdown' }],
    ['/index.md', {}],
    ['/events.md', {}],
    ['/events/archive.md', {}],
    ['/auth.md', {}],
    ['/no-such-page/', { Accept: 'text/markdown' }],
  ] as const)('%s %j', async (path, headers) => {
    const res = await get(path, headers);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    const body = await res.text();
    expect(res.headers.get('x-markdown-tokens')).toBe(String(estimateTokens(body)));
    expect(Number(res.headers.get('x-markdown-tokens'))).toBeGreaterThan(10);
  });

  it('not on HTML', async () => {
    expect((await get('/courses/bib201/')).headers.get('x-markdown-tokens')).toBeNull();
  });
});

describe('robots.txt Content-Signal', () => {
  it('says search yes, ai-input yes, ai-train no by default, inside the group for every robot', async () => {
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toMatch(/^User-agent: \*\nContent-Signal: search=yes, ai-input=yes, ai-train=no\n/);
    expect(robots).toContain('Disallow: /staff');
  });

  it('takes CONTENT_SIGNAL from the environment, and refuses to start on a malformed one', async () => {
    const other = await startServer({ CONTENT_SIGNAL: 'search=yes, ai-input=no, ai-train=no' });
    try {
      expect(await (await fetch(`${other.url}/robots.txt`)).text()).toContain(
        'Content-Signal: search=yes, ai-input=no, ai-train=no\n',
      );
    } finally {
      await other.stop();
    }
    await expect(startServer({ CONTENT_SIGNAL: 'train=maybe' })).rejects.toThrow(/CONTENT_SIGNAL/);
  });
});

describe('/llms-full.txt', () => {
  it('holds every twin /llms.txt links to that is a file, in that order, with the size line at the top', async () => {
    const res = await get('/llms-full.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const full = await res.text();
    const llms = await (await get('/llms.txt')).text();
    expect(llms).toContain('(/llms-full.txt)');
    const inFull = [...full.matchAll(/^<!-- (\S+) -->$/gm)].map((m) => m[1]);
    const listed = [...new Set([...llms.matchAll(/\]\((\/[^)\s]*\.md)\)/g)].map((m) => m[1]))].filter(
      // The archive is made per request; the events page is built (its twin here leaves the dated list out).
      (u) => !u!.startsWith('/events/'),
    );
    expect(inFull).toEqual(listed);
    const bytes = Buffer.byteLength(full.slice(full.indexOf('<!--')), 'utf8');
    expect(full.split('\n')[2]).toContain(`Size: ${listed.length} pages, ${bytes} bytes`);
    expect(full).toContain(readFileSync('dist/client/programs/master-of-divinity.md', 'utf8').trimEnd());
    // Made once at build time, it leaves out what holds only for a while (a course's next start).
    expect(full).toContain('# BIB201: Biblical Greek I');
    expect(full).not.toContain('Next starts in');
  });
});

describe('link previews (Open Graph)', () => {
  it.each([
    ['/', 'website'],
    ['/courses/bib201/', 'article'],
  ])('%s has og:title, description, url, type, site_name and a twitter card', async (path, type) => {
    const html = await (await get(path)).text();
    for (const property of ['og:title', 'og:description', 'og:url', 'og:site_name'])
      expect(html).toMatch(new RegExp(`<meta property="${property}" content="[^"]+"`));
    expect(html).toContain(`<meta property="og:type" content="${type}"`);
    expect(html).toMatch(new RegExp(`<meta property="og:url" content="https?://[^"]+${path.replace(/\//g, '\\/')}"`));
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
  });

  /** The og:image of `path`, checked as a chat app reads it: a 1200×630 PNG with its size and alt text declared. */
  const card = async (path: string) => {
    const html = await (await get(path)).text();
    const meta = (property: string) => html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`))?.[1];
    expect(meta('og:image:width')).toBe('1200');
    expect(meta('og:image:height')).toBe('630');
    expect(meta('og:image:type')).toBe('image/png');
    const image = await fetch(`${server.url}${new URL(meta('og:image')!).pathname}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await image.arrayBuffer());
    // The PNG signature, then IHDR: width and height as big-endian 32-bit numbers.
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    return { path: new URL(meta('og:image')!).pathname, alt: meta('og:image:alt')! };
  };

  it('gives every page a card of its own, named by what it shows, with the kind and title as its alt text', async () => {
    const course = await card('/courses/bib201/');
    expect(course.path).toMatch(/^\/og\/courses-bib201\.[0-9a-f]{12}\.png$/);
    expect(course.alt).toBe('Course: BIB201: Biblical Greek I, Northgate Institute of Theology');
    const program = await card('/programs/master-of-divinity/');
    expect(program.alt).toMatch(/^Program: /);
    expect(program.path).not.toBe(course.path);
    // A page rendered per request shares the site's card: nothing is drawn at request time.
    expect((await card('/events/archive/')).path).toBe('/og/site.png');
    expect((await card('/events/')).path).toMatch(/^\/og\/events\.[0-9a-f]{12}\.png$/);
  });
});
