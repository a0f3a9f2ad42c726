import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unified } from 'unified';
import rehypeParse from 'rehype-parse';
import type { Element, Root } from 'hast';
import { useServer } from '../helpers/server.ts';

const server = useServer();

const get = (path: string, accept?: string, init: RequestInit = {}) =>
  fetch(server.url + path, {
    redirect: 'manual',
    ...init,
    headers: { ...(accept === undefined ? {} : { Accept: accept }), ...init.headers },
  });

const CHROMIUM =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';
const MARKDOWN = 'text/markdown; charset=utf-8';

/** Front matter of a twin as key → raw value (strings are JSON-quoted by the writer). */
function frontMatter(md: string): Record<string, unknown> {
  const block = md.match(/^---\n([\s\S]*?)\n---\n/);
  expect(block, 'twin starts with YAML front matter').not.toBeNull();
  return Object.fromEntries(
    block![1].split('\n').map((line) => {
      const [, key, value] = line.match(/^(\w+): (.*)$/)!;
      return [key, JSON.parse(value)];
    }),
  );
}

describe('negotiation between a page and its Markdown twin', () => {
  it.each([
    ['text/markdown, text/html, */*'],
    ['text/markdown;q=1.0, text/x-markdown;q=0.9, text/plain;q=0.8, text/html;q=0.7, */*;q=0.1'],
    ['text/html;q=0.5, text/markdown;q=0.9'],
  ])('answers Accept %j with the twin', async (accept) => {
    const res = await get('/courses/bib201/', accept);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(MARKDOWN);
    expect(res.headers.get('vary')).toMatch(/(^|, )Accept(,|$)/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('etag')).toMatch(/^(W\/)?"[^"]+"$/);
    const body = await res.text();
    expect(frontMatter(body)).toMatchObject({
      title: 'BIB201: Biblical Greek I',
      url: '/courses/bib201/',
      type: 'course',
      code: 'BIB201',
      credits: 4,
    });
    expect(body).toContain('# BIB201: Biblical Greek I');
    expect(body).not.toContain('<');
  });

  it.each([[CHROMIUM], ['*/*'], [undefined]])(
    'answers Accept %j with HTML, a Link to the twin and Vary',
    async (accept) => {
      const res = await get('/courses/bib201/', accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('vary')).toMatch(/(^|, )Accept(,|$)/);
      expect(res.headers.get('link')).toBe('</courses/bib201.md>; rel="alternate"; type="text/markdown"');
      expect(await res.text()).toContain('<link rel="alternate" type="text/markdown" href="/courses/bib201.md">');
    },
  );

  it('negotiates the homepage, a listing without its trailing slash and the 404 page', async () => {
    for (const [path, title] of [
      ['/', 'Northgate Institute of Theology'],
      ['/courses', 'Course catalog'],
      ['/404', 'Page not found'],
    ]) {
      const res = await get(path, 'text/markdown');
      expect(res.headers.get('content-type'), path).toBe(MARKDOWN);
      expect(frontMatter(await res.text()).title).toBe(title);
    }
  });

  it('answers HEAD like GET, without a body', async () => {
    const md = await get('/handbook/grading/', 'text/markdown', {
      method: 'HEAD',
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toBe(MARKDOWN);
    expect(md.headers.get('vary')).toContain('Accept');
    expect(Number(md.headers.get('content-length'))).toBe(readFileSync('dist/client/handbook/grading.md').length);
    expect(await md.text()).toBe('');
    const html = await get('/handbook/grading/', CHROMIUM, { method: 'HEAD' });
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.headers.get('link')).toContain('/handbook/grading.md');
  });

  it("names the page's aliases in the twin's front matter (agents and the chat's model read it)", async () => {
    const body = await (await get('/programs/master-of-divinity.md', '*/*')).text();
    expect(frontMatter(body)).toMatchObject({ title: 'Master of Divinity', aliases: ['MDiv', 'M Div'] });
  });

  it('serves the .md URL directly, whatever the Accept', async () => {
    for (const accept of [CHROMIUM, undefined]) {
      // A page without dated regions (dated-pages.test.ts covers those): the twin is the build's file.
      const res = await get('/programs/master-of-divinity.md', accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(MARKDOWN);
      expect(await res.text()).toBe(readFileSync('dist/client/programs/master-of-divinity.md', 'utf8'));
    }
  });

  it('sends the twin precompressed and revalidates it by ETag, keeping Vary on the 304', async () => {
    const br = await get('/programs/master-of-divinity/', 'text/markdown', { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept, Accept-Encoding');
    const etag = br.headers.get('etag')!;
    const html = await get('/programs/master-of-divinity/', CHROMIUM);
    expect(html.headers.get('etag')).not.toBe(etag);
    const again = await get('/programs/master-of-divinity/', 'text/markdown', {
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('vary')).toContain('Accept');
  });

  it('answers an unknown page in the negotiated format with status 404', async () => {
    const md = await get('/no-such-page/', 'text/markdown, text/html;q=0.9');
    expect(md.status).toBe(404);
    expect(md.headers.get('content-type')).toBe(MARKDOWN);
    expect(md.headers.get('vary')).toBe('Accept');
    expect(await md.text()).toContain('# Page not found');
    const html = await get('/no-such-page/', CHROMIUM);
    expect(html.status).toBe(404);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('leaves the API alone', async () => {
    const res = await get('/api/health', 'text/markdown');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('logs the path the client asked for, not the twin it was served', async () => {
    await get('/courses/bib202/?log-probe=twin', 'text/markdown');
    expect(await server.waitForLog((l) => l.path === '/courses/bib202/?log-probe=REDACTED')).toMatchObject({
      status: 200,
    });
  });
});

// --- twin parity: every page in the sitemap ----------------------------------------------------------------

const parser = unified().use(rehypeParse);
const text = (node: Element | Root): string =>
  node.children.map((c) => (c.type === 'text' ? c.value : c.type === 'element' ? text(c) : '')).join('');
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
function elements(node: Element | Root, test: (el: Element) => boolean, out: Element[] = []): Element[] {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) out.push(child);
    elements(child, test, out);
  }
  return out;
}

/** The headings a reader sees in the page's content, as "## Text". */
function htmlHeadings(html: string): { title: string; headings: string[] } {
  const tree = parser.parse(html) as Root;
  const title = squash(text(elements(tree, (el) => el.tagName === 'title')[0])).replace(
    / · Northgate Institute of Theology$/,
    '',
  );
  const article = elements(tree, (el) => el.tagName === 'article' && el.properties.dataPagefindBody !== undefined)[0];
  expect(article, 'page has the content article').toMatchObject({ type: 'element', tagName: 'article' });
  const headings = elements(article, (el) => /^h[1-6]$/.test(el.tagName)).map(
    (h) => `${'#'.repeat(Number(h.tagName[1]))} ${squash(text(h))}`,
  );
  return { title, headings };
}

/** ATX headings outside code fences (also inside list items, as in the homepage's cards), with inline Markdown
 * (links, emphasis, code, escapes) reduced to text. */
function markdownHeadings(md: string): string[] {
  let fenced = false;
  const out: string[] = [];
  for (const line of md.split('\n')) {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && line.match(/^(?:\s*(?:[-*+]|\d+\.|>)\s+)*(#{1,6}) (.*)$/);
    if (m)
      out.push(
        `${m[1]} ${squash(
          m[2]
            .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
            .replace(/[*_`]/g, '')
            .replace(/\\(.)/g, '$1'),
        )}`,
      );
  }
  return out;
}

describe('twin parity', () => {
  it('gives every page in the sitemap a twin with the same title and headings', async () => {
    const sitemap = await (await get('/sitemap-0.xml')).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(paths.length).toBeGreaterThan(80);
    for (const path of paths) {
      const html = await (await get(path, CHROMIUM)).text();
      const twin = html.match(/<link rel="alternate" type="text\/markdown" href="([^"]+)">/)?.[1];
      expect(twin, `${path} links its twin`).toMatch(/^\/.*\.md$/);
      const res = await get(twin!);
      expect(res.status, `${twin} exists`).toBe(200);
      const md = await res.text();
      const expected = htmlHeadings(html);
      const fm = frontMatter(md);
      expect(fm.title, `${twin} title`).toBe(expected.title);
      expect(fm.url, `${twin} url`).toBe(path);
      expect(typeof fm.description).toBe('string');
      expect(markdownHeadings(md), `${twin} headings`).toEqual(expected.headings);
      expect(expected.headings.length, `${path} has headings`).toBeGreaterThan(0);
    }
  });

  it('links only to twins that exist, by absolute path', async () => {
    const twins = readdirSync('dist/client', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'));
    // Markdown documents rendered on demand (/auth.md names the configured identity provider) are not files.
    const onDemand = new Set<string>();
    expect(twins.length).toBeGreaterThan(80);
    for (const file of twins) {
      const md = readFileSync(join('dist/client', file), 'utf8');
      for (const [, href] of md.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(href)) continue;
        expect(href.startsWith('/'), `${file}: ${href} is absolute`).toBe(true);
        const path = href.split(/[?#]/)[0];
        if (path.endsWith('.md') && !existsSync(join('dist/client', path))) onDemand.add(path);
      }
    }
    expect([...onDemand]).toEqual(['/auth.md']);
    const res = await fetch(server.url + '/auth.md');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });
});

// --- MDX with imports and components -----------------------------------------------------------------------

/** The page URL of a content file: src/content/courses/bib201.mdx → /courses/bib201/. */
function pageOf(file: string): string {
  const [collection, name] = file.split('/').slice(-2);
  const id = name.replace(/\.mdx$/, '');
  if (collection === 'pages') return id === 'home' ? '/' : `/${id}/`;
  return `/${collection}/${id}/`;
}

/** Markdown without code, where `<script>` may legitimately be written about. */
const withoutCode = (md: string) => md.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
const TAG = /<\/?[A-Za-z][\w.-]*(\s[^>]*)?\/?>/;

describe('MDX twins', () => {
  const mdxWithComponents = ['courses', 'programs', 'handbook', 'pages']
    .flatMap((c) =>
      readdirSync(`src/content/${c}`)
        .filter((f) => f.endsWith('.mdx'))
        .map((f) => `src/content/${c}/${f}`),
    )
    .filter(
      (f) => /^import .* from /m.test(readFileSync(f, 'utf8')) && /<[A-Z]\w*[\s/>]/.test(readFileSync(f, 'utf8')),
    );

  it('has MDX files with imports and components to check', () => {
    expect(mdxWithComponents).toContain('src/content/programs/master-of-divinity.mdx');
  });

  it('renders a program that uses CourseList and Callout as plain Markdown', async () => {
    const source = readFileSync('src/content/programs/master-of-divinity.mdx', 'utf8');
    expect(source).toContain('<CourseList');
    expect(source).toContain('<Callout');
    const md = await (await get('/programs/master-of-divinity/', 'text/markdown')).text();
    expect(md).not.toMatch(/^\s*(import|export)\s/m);
    expect(withoutCode(md)).not.toMatch(TAG);
    expect(md).toContain('> **Placement tests**');
    expect(md).toContain('| Code | Course | Credits | Delivery |');
    expect(md).toContain('| BIB201 | [Biblical Greek I](/courses/bib201.md) | 4 | online |');
  });

  it('leaves no import, export or JSX in the twin of any MDX file that has them', async () => {
    for (const file of mdxWithComponents) {
      const res = await get(pageOf(file), 'text/markdown');
      expect(res.headers.get('content-type'), file).toBe(MARKDOWN);
      const md = await res.text();
      expect(md, file).not.toMatch(/^\s*(import|export)\s/m);
      expect(withoutCode(md), file).not.toMatch(TAG);
      expect(withoutCode(md), file).not.toMatch(/\{[^}\n]*\}/); // no JSX expressions left behind
    }
  });
});

// --- llms.txt ------------------------------------------------------------------------------------------------

describe('/llms.txt', () => {
  it('follows the llmstxt.org format and says how to get Markdown', async () => {
    const res = await get('/llms.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const body = await res.text();
    const lines = body.split('\n');
    expect(lines[0]).toBe('# Northgate Institute of Theology');
    expect(lines[2]).toMatch(/^> .*Accept: text\/markdown.*\.md/);
    const sections = lines.filter((l) => l.startsWith('## ')).map((l) => l.slice(3));
    expect(sections).toEqual(['Programs', 'Courses', 'Handbook', 'About', 'Calendar', 'API']);
    for (const line of lines.filter((l) => l.startsWith('- '))) expect(line).toMatch(/^- \[[^\]]+\]\(\/[^)\s]+\): \S/);
    expect(body).toContain('- [BIB201: Biblical Greek I](/courses/bib201.md): ');
    expect(body).toContain('(/developers.md)');
    expect(body).toContain('(/openapi.json)');
    expect(body).not.toContain('/staff');
  });

  it('links to twins that exist, one for every page in the sitemap', async () => {
    const body = await (await get('/llms.txt')).text();
    // The API guide and the OpenAPI document come from another part of the site; their own tests cover them.
    const links = [...body.matchAll(/\]\((\/[^)]+)\)/g)]
      .map((m) => m[1])
      .filter((l) => l !== '/developers.md' && l !== '/openapi.json');
    for (const link of links) expect((await get(link)).status, link).toBe(200);
    const sitemap = await (await get('/sitemap-0.xml')).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const twinOf = (p: string) => (p === '/' ? '/index.md' : `${p.replace(/\/$/, '')}.md`);
    const missing = pages.map(twinOf).filter((t) => !links.includes(t) && t !== '/developers.md');
    expect(missing).toEqual([]);
  });
});
