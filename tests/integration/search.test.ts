import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
// No result cache: every query here really runs in a worker, so the concurrency test exercises both workers.
beforeAll(async () => { server = await startServer({ SEARCH_WORKERS: '2', SEARCH_CACHE_SIZE: '0' }); });
afterAll(async () => { await server?.stop(); });

interface Answer { query: string; total: number; limit: number; offset: number; results: { title: string; url: string; type: string; excerpt: string; markdownUrl: string }[] }
const search = async (query: string): Promise<Answer> => {
  const res = await fetch(`${server.url}/api/search?${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return res.json();
};

describe('GET /api/search', () => {
  it('finds the Greek course, the program that requires it and the language placement page', async () => {
    const answer = await search('q=greek&limit=50');
    expect(answer).toMatchObject({ query: 'greek', limit: 50, offset: 0 });
    expect(answer.total).toBe(answer.results.length);
    const urls = answer.results.map((r) => r.url);
    expect(urls).toContain('/courses/bib201/');
    expect(urls).toContain('/programs/diploma-biblical-languages/');
    expect(urls).toContain('/handbook/language-placement/');
    const course = answer.results.find((r) => r.url === '/courses/bib201/')!;
    expect(course).toMatchObject({ title: 'BIB201: Biblical Greek I', type: 'course', markdownUrl: '/courses/bib201.md' });
    expect(course.excerpt).toMatch(/<mark>Greek<\/mark>/i);
  });

  it('indexes only the article: navigation and footer words do not match every page', async () => {
    // "Admissions" is in the header navigation of every page; only pages that talk about admissions match.
    const all = await search('q=the&limit=1');
    const nav = await search('q=admissions&limit=1');
    expect(nav.total).toBeGreaterThan(0);
    expect(nav.total).toBeLessThan(all.total);
  });

  it('filters by type', async () => {
    const all = await search('q=greek&limit=50');
    for (const type of ['course', 'program', 'handbook'] as const) {
      const answer = await search(`q=greek&type=${type}&limit=50`);
      expect(answer.total).toBeGreaterThan(0);
      expect(answer.results.every((r) => r.type === type)).toBe(true);
      expect(answer.results.map((r) => r.url).sort()).toEqual(all.results.filter((r) => r.type === type).map((r) => r.url).sort());
    }
  });

  it('pages with limit and offset over a stable total', async () => {
    const whole = await search('q=course&limit=50');
    expect(whole.total).toBeGreaterThan(12);
    const pages: string[] = [];
    for (let offset = 0; offset < 12; offset += 4) {
      const page = await search(`q=course&limit=4&offset=${offset}`);
      expect(page.total).toBe(whole.total);
      expect(page).toMatchObject({ limit: 4, offset });
      expect(page.results).toHaveLength(4);
      pages.push(...page.results.map((r) => r.url));
    }
    expect(pages).toEqual(whole.results.slice(0, 12).map((r) => r.url));
    const beyond = await search(`q=course&offset=${whole.total}`);
    expect(beyond).toMatchObject({ total: whole.total, results: [] });
  });

  it('escapes everything in excerpts except <mark> (a page whose text has <script> and &)', async () => {
    const tag = await search('q=%3Cscript%3E%20tag');
    const page = tag.results.find((r) => r.url === '/accessibility/');
    expect(page?.excerpt).toContain('&lt;script&gt;');
    const amp = await search('q=Q%26A&type=page');
    expect(amp.results[0].url).toBe('/accessibility/');
    expect(amp.results[0].excerpt).toContain('Q&amp;A');
    for (const r of [...tag.results, ...amp.results]) {
      expect(r.excerpt.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]|&(?!(amp|lt|gt|quot|#39);)/);
    }
  });

  it('answers no matches with an empty list', async () => {
    expect(await search('q=zzzxqqv')).toMatchObject({ query: 'zzzxqqv', total: 0, results: [] });
  });

  it.each([
    ['', 'q'], ['q=', 'q'], ['q=%20%20', 'q'], [`q=${'a'.repeat(257)}`, 'q'],
    ['q=x&type=blog', 'type'], ['q=x&limit=0', 'limit'], ['q=x&limit=51', 'limit'], ['q=x&limit=abc', 'limit'],
    ['q=x&offset=-1', 'offset'], ['q=x&offset=1.5', 'offset'],
  ])('answers %j with 400 INVALID_QUERY about %s', async (query, path) => {
    const res = await fetch(`${server.url}/api/search?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await res.json();
    expect(body.error.code).toBe('INVALID_QUERY');
    expect(body.error.issues.map((i: { path: string }) => i.path)).toContain(path);
  });

  it('answers other methods with 405', async () => {
    const res = await fetch(`${server.url}/api/search?q=greek`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect((await res.json()).error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('gives the same answers to concurrent queries as to sequential ones', async () => {
    const queries = ['greek', 'hebrew', 'ministry', 'the', 'library', 'music', 'grading', 'fees', 'prayer', 'church history']
      .flatMap((q) => [`q=${encodeURIComponent(q)}&limit=5`, `q=${encodeURIComponent(q)}&limit=3&offset=2`, `q=${encodeURIComponent(q)}&type=course`]);
    const sequential: Answer[] = [];
    for (const q of queries) sequential.push(await search(q));
    const concurrent = await Promise.all([...queries, ...queries].map(search));
    expect(concurrent).toEqual([...sequential, ...sequential]);
  });
});

describe('the search page', () => {
  it('renders results on the server, so it works without JavaScript', async () => {
    const res = await fetch(`${server.url}/search/?q=greek&type=course`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('href="/courses/bib201/"');
    expect(html).toContain('<meta name="robots" content="noindex"');
  });

  it('loads its script from a file, as the CSP (script-src \'self\') requires', async () => {
    const html = await (await fetch(`${server.url}/search/`)).text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/ src="\/_astro\/[^"]+\.js"/);
  });

  it('prerendered pages carry no inline scripts either', () => {
    const root = 'dist/client';
    const pages = readdirSync(root, { recursive: true }).map(String).filter((f) => f.endsWith('.html') && !f.startsWith('pagefind'));
    for (const file of pages) {
      const html = readFileSync(join(root, file), 'utf8');
      for (const m of html.matchAll(/<script\b([^>]*)>/g)) expect(m[1], file).toMatch(/ src="/);
    }
  });
});
