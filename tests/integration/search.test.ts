import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, useServer, type RunningServer } from '../helpers/server.ts';

// No result cache: every query here really runs in a worker, so the concurrency test exercises both workers. These
// tests are about answers, not limits, and every query is a miss: the per-client search limit is off.
const server = useServer({ SEARCH_WORKERS: '2', SEARCH_CACHE_SIZE: '0', RATE_LIMIT_DISABLED: '1' });

interface Answer {
  query: string;
  total: number;
  limit: number;
  offset: number;
  results: { title: string; url: string; type: string; excerpt: string; markdownUrl: string }[];
}
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
    expect(course).toMatchObject({
      title: 'BIB201: Biblical Greek I',
      type: 'course',
      markdownUrl: '/courses/bib201.md',
    });
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
      expect(answer.results.map((r) => r.url).sort()).toEqual(
        all.results
          .filter((r) => r.type === type)
          .map((r) => r.url)
          .sort(),
      );
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
    expect(await search('q=course&offset=1000')).toMatchObject({ total: whole.total, offset: 1000, results: [] });
  });

  it('ranks a first page alike whatever its limit: the page a query names comes first with limit=1 too', async () => {
    for (const q of ['where is the campus', 'greek', 'accessibility statement', 'fees']) {
      const ten = (await search(`q=${encodeURIComponent(q)}&limit=10`)).results.map((r) => r.url);
      for (const limit of [1, 3]) {
        const few = (await search(`q=${encodeURIComponent(q)}&limit=${limit}`)).results.map((r) => r.url);
        expect(few, `${q} with limit=${limit}`).toEqual(ten.slice(0, limit));
      }
    }
    // The contact page's alias "campus address" names the query, though Pagefind ranks it below the first three.
    expect((await search('q=where+is+the+campus&limit=1')).results[0].url).toBe('/contact/');
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
    ['', 'q'],
    ['q=', 'q'],
    ['q=%20%20', 'q'],
    [`q=${'a'.repeat(257)}`, 'q'],
    ['q=x&type=blog', 'type'],
    ['q=x&limit=0', 'limit'],
    ['q=x&limit=51', 'limit'],
    ['q=x&limit=abc', 'limit'],
    ['q=x&offset=-1', 'offset'],
    ['q=x&offset=1.5', 'offset'],
    ['q=x&offset=1001', 'offset'],
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
    const queries = [
      'greek',
      'hebrew',
      'ministry',
      'the',
      'library',
      'music',
      'grading',
      'fees',
      'prayer',
      'church history',
    ].flatMap((q) => [
      `q=${encodeURIComponent(q)}&limit=5`,
      `q=${encodeURIComponent(q)}&limit=3&offset=2`,
      `q=${encodeURIComponent(q)}&type=course`,
    ]);
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

  it("loads its script from a file, as the CSP (script-src 'self') requires", async () => {
    const html = await (await fetch(`${server.url}/search/`)).text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/ src="\/_astro\/[^"]+\.js"/);
  });

  // Data islands (`application/json`, `application/ld+json`) are not run by the browser, so CSP has nothing to allow.
  it('prerendered pages carry no inline scripts either', () => {
    const root = 'dist/client';
    const pages = readdirSync(root, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.html') && !f.startsWith('pagefind'));
    for (const file of pages) {
      const html = readFileSync(join(root, file), 'utf8');
      for (const m of html.matchAll(/<script\b([^>]*)>/g))
        expect(m[1], file).toMatch(/ src="| type="application\/(ld\+)?json"/);
    }
  });
});

describe('search limits', () => {
  const get = (server: RunningServer, query: string) => fetch(`${server.url}/api/search?${query}`);

  it('limits searches that miss the answer cache per client, and still answers cache hits', async () => {
    const limited = await startServer({});
    try {
      // The search page's server-rendered searches count against the same limit as the API. (Not a head word of
      // the site: those answers ship with the bundle and are hits from the start, src/lib/search/warm-answers.ts.)
      const first = await fetch(`${limited.url}/search/?q=pastoral`);
      expect(first.status).toBe(200);
      expect(first.headers.get('x-ratelimit-remaining')).toBe('59');
      await first.text();
      // 59 more distinct queries: each is a miss and counts.
      for (let i = 0; i < 59; i++) {
        const res = await get(limited, `q=greek&limit=1&offset=${i}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-ratelimit-limit')).toBe('60');
        expect(res.headers.get('x-ratelimit-remaining')).toBe(String(58 - i));
        expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() - 1000);
        await res.arrayBuffer();
      }
      const over = await get(limited, 'q=hebrew');
      expect(over.status).toBe(429);
      const body = await over.json();
      expect(body.error.code).toBe('RATE_LIMITED');
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(over.headers.get('x-ratelimit-limit')).toBe('60');

      // An answer already in the cache costs nothing, so it is still given, with the headers.
      const hit = await get(limited, 'q=greek&limit=1&offset=3');
      expect(hit.status).toBe(200);
      expect((await hit.json()).offset).toBe(3);
      expect(hit.headers.get('x-ratelimit-remaining')).toBe('0');
      const cachedPage = await fetch(`${limited.url}/search/?q=pastoral`);
      expect(cachedPage.status).toBe(200);
      await cachedPage.text();

      const page = await fetch(`${limited.url}/search/?q=hebrew`);
      expect(page.status).toBe(429);
      expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await page.text()).toMatch(/Too many searches/);
    } finally {
      await limited.stop();
    }
  });

  it('answers 503 SEARCH_UNAVAILABLE with Retry-After when the queue is full, and the rest normally', async () => {
    const busy = await startServer({
      SEARCH_WORKERS: '1',
      SEARCH_QUEUE_MAX: '1',
      SEARCH_CACHE_SIZE: '0',
      RATE_LIMIT_DISABLED: '1',
    });
    try {
      // A fresh server: the first query waits for the worker to load the index, so many arrive while it is busy.
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          get(busy, `q=greek&limit=1&offset=${i}`).then(async (res) => ({
            status: res.status,
            retryAfter: res.headers.get('retry-after'),
            body: await res.json(),
          })),
        ),
      );
      const refused = answers.filter((a) => a.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      for (const a of refused) {
        expect(a.body.error.code).toBe('SEARCH_UNAVAILABLE');
        expect(a.retryAfter).toMatch(/^[1-9]\d*$/);
      }
      for (const a of answers.filter((x) => x.status !== 503)) expect(a.status).toBe(200);
      // Once the queue has drained, searches are answered again.
      expect((await get(busy, 'q=hebrew')).status).toBe(200);
    } finally {
      await busy.stop();
    }
  });
});

describe('search() in process: callers that go away', () => {
  it('drops a queued search once every caller waiting for it has aborted, and only then', async () => {
    // Read when the module first reads its configuration: one worker, every query a miss.
    const settings = { SEARCH_WORKERS: '1', SEARCH_CACHE_SIZE: '0', SEARCH_QUEUE_MAX: '10' };
    const before = Object.fromEntries(Object.keys(settings).map((k) => [k, process.env[k]]));
    Object.assign(process.env, settings);
    const { search, searchStats, closeSearch } = await import('../../src/lib/search/index.ts');
    try {
      // Each call queues its search before returning: the first takes the worker (loading the index), the rest wait.
      const first = search({ q: 'greek' });
      const [a, b, c, d] = [new AbortController(), new AbortController(), new AbortController(), new AbortController()];
      const goneA = search({ q: 'hebrew' }, { signal: a.signal });
      const goneB = search({ q: 'hebrew' }, { signal: b.signal }); // shares the one search with goneA
      const leaving = search({ q: 'ministry' }, { signal: c.signal });
      const staying = search({ q: 'ministry' }, { signal: d.signal });
      a.abort();
      b.abort();
      c.abort(); // d still waits for the same search: it runs
      await expect(goneA).rejects.toMatchObject({ name: 'AbortError' });
      await expect(goneB).rejects.toMatchObject({ name: 'AbortError' });
      expect((await first).total).toBeGreaterThan(0);
      expect((await staying).total).toBeGreaterThan(0);
      await leaving.catch(() => {});
      expect(searchStats().queries).toBe(2); // greek and ministry; hebrew never reached the worker
      // A caller asking a search every earlier caller has just left gets a search of its own, not their abort.
      const held = search({ q: 'prophets' }); // holds the worker, so psalms waits in the queue
      const left = new AbortController();
      const abandoned = search({ q: 'psalms' }, { signal: left.signal });
      left.abort();
      const askedAgain = search({ q: 'psalms' });
      await expect(abandoned).rejects.toMatchObject({ name: 'AbortError' });
      expect((await askedAgain).total).toBeGreaterThan(0);
      await held;
      await expect(search({ q: 'x' }, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      await closeSearch();
      for (const [k, v] of Object.entries(before))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
  });
});

describe('search workers on the built index', () => {
  it('builds no excerpt for a query that shows none (the chat), and answer it with the same pages', async () => {
    const { SearchPool } = await import('../../src/lib/search/pool.ts');
    const pool = new SearchPool(join(process.cwd(), 'dist/client/pagefind'), 1);
    try {
      const query = { q: 'greek', limit: 10, offset: 0 };
      // Before a page was ever shown, and after: no excerpt either way, the same pages.
      const unseen = await pool.run({ ...query, excerpts: false });
      const shown = await pool.run(query);
      const again = await pool.run({ ...query, excerpts: false });
      expect(shown.results.find((r) => r.url === '/courses/bib201/')?.excerpt).toMatch(/<mark>greek<\/mark>/i);
      const withoutExcerpts = shown.results.map((r) => ({ ...r, excerpt: '' }));
      expect(unseen.results).toEqual(withoutExcerpts);
      expect(again.results).toEqual(withoutExcerpts);
      expect(again.total).toBe(shown.total);
    } finally {
      await pool.close();
    }
  });
});
