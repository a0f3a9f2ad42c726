import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/http/api-error.ts';
import { sanitizeExcerpt } from '../../src/lib/search/excerpt.ts';
import { answerBytes, createAnswerCache, type Answer } from '../../src/lib/search/answer-cache.ts';
import { parseSearchParams } from '../../src/lib/search/params.ts';
import { SearchBusyError, SearchPool } from '../../src/lib/search/pool.ts';

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));
function issuesOf(query: string) {
  try {
    parse(query);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect(e.status).toBe(400);
    expect(e.code).toBe('INVALID_QUERY');
    return e.issues!.map((i) => i.path);
  }
  throw new Error(`expected ${query} to be refused`);
}

describe('search parameters', () => {
  it('applies defaults and trims q', () => {
    expect(parse('q=%20greek%20')).toEqual({ q: 'greek', limit: 10, offset: 0 });
  });

  it('accepts every documented parameter', () => {
    expect(parse('q=greek&type=course&limit=50&offset=20')).toEqual({
      q: 'greek',
      type: 'course',
      limit: 50,
      offset: 20,
    });
    expect(parse('q=x&limit=1&offset=0').limit).toBe(1);
    expect(parse('q=x&offset=1000').offset).toBe(1000);
    expect(parse(`q=${'a'.repeat(256)}`).q).toHaveLength(256);
  });

  it('treats empty optional parameters as absent (a form with nothing chosen)', () => {
    expect(parse('q=greek&type=&limit=&offset=')).toEqual({ q: 'greek', limit: 10, offset: 0 });
  });

  it.each([
    ['', ['q']],
    ['q=', ['q']],
    ['q=%20%20%09', ['q']],
    [`q=${'a'.repeat(257)}`, ['q']],
    ['q=x&type=blog', ['type']],
    ['q=x&type=Course', ['type']],
    ['q=x&limit=0', ['limit']],
    ['q=x&limit=51', ['limit']],
    ['q=x&limit=2.5', ['limit']],
    ['q=x&limit=1e1', ['limit']],
    ['q=x&limit=-1', ['limit']],
    ['q=x&limit=ten', ['limit']],
    ['q=x&offset=-1', ['offset']],
    ['q=x&offset=0x10', ['offset']],
    ['q=x&offset=1001', ['offset']],
    ['q=a&q=b', ['q']],
    ['type=blog&limit=0', ['q', 'type', 'limit']],
  ])('refuses %j with INVALID_QUERY naming %j', (query, paths) => {
    expect(issuesOf(query).sort()).toEqual([...paths].sort());
  });
});

describe('excerpt sanitising', () => {
  it('keeps <mark> and escapes everything else', () => {
    expect(sanitizeExcerpt('a <mark>Q&A</mark> "b" \'c\'')).toBe('a <mark>Q&amp;A</mark> &quot;b&quot; &#39;c&#39;');
  });

  it("undoes Pagefind's own escaping of < and > once, so text is escaped exactly once", () => {
    expect(sanitizeExcerpt('a <mark>&lt;script&gt;</mark> tag')).toBe('a <mark>&lt;script&gt;</mark> tag');
  });

  it('escapes raw tags and attributes that are not a bare <mark>; drops a stray </mark>', () => {
    expect(sanitizeExcerpt('<script>alert(1)</script><img src=x onerror=y><mark class="x">z</mark>')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=y&gt;&lt;mark class=&quot;x&quot;&gt;z',
    );
  });

  it('balances marks', () => {
    expect(sanitizeExcerpt('<mark>a <mark>b</mark></mark> c <mark>d')).toBe('<mark>a b</mark> c <mark>d</mark>');
    expect(sanitizeExcerpt('</mark>x')).toBe('x');
  });
});

describe('search answer cache (lru-cache)', () => {
  const answer = (title: string, excerpt = ''): Answer => ({
    total: 1,
    limit: 10,
    offset: 0,
    results: [{ url: `/${title}/`, title, type: 'page', excerpt, markdownUrl: `/${title}.md` }],
  });

  it('forgets the least recently used entry beyond its size', () => {
    const cache = createAnswerCache(2, 1024 * 1024)!;
    const [a, b, c] = [answer('a'), answer('b'), answer('c')];
    cache.set('a', a);
    cache.set('b', b);
    expect(cache.get('a')).toBe(a);
    cache.set('c', c);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(a);
    expect(cache.get('c')).toBe(c);
    expect(cache.size).toBe(2);
  });

  it('also keeps the approximate bytes of its answers under a bound, forgetting the oldest first', () => {
    const [a, b, c] = [answer('a', 'x'.repeat(100)), answer('b', 'y'.repeat(100)), answer('c', 'z'.repeat(100))];
    const one = answerBytes(a);
    const cache = createAnswerCache(100, Math.floor(2.5 * one))!;
    cache.set('a', a);
    cache.set('b', b);
    cache.set('c', c);
    expect(cache.get('a')).toBeUndefined();
    expect([cache.get('b'), cache.get('c')]).toEqual([b, c]);
    expect(cache.calculatedSize).toBe(2 * one);
    cache.set('big', answer('big', 'x'.repeat(3 * one)));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size).toBe(2);
    const small = answer('b');
    cache.set('b', small);
    expect(cache.calculatedSize).toBe(one + answerBytes(small));
  });

  it('counts an answer by its strings, twice (UTF-16)', () => {
    expect(answerBytes(answer('ab', 'xyz'))).toBe(200 + 200 + 2 * ('ab'.length + '/ab/'.length + 3 + '/ab.md'.length));
  });

  it('is off with size 0', () => {
    expect(createAnswerCache(0, 1024)).toBeUndefined();
  });
});

describe('search worker pool', () => {
  // The queue's rules do not depend on the index: a bundle that does not exist makes every query fail, after a
  // worker has taken it. Everything checked here happens before a worker can answer (no await in between).
  const query = (q: string) => ({ q, limit: 10, offset: 0 });
  const settle = (promises: Promise<unknown>[]) => Promise.allSettled(promises);

  it('refuses a query with SearchBusyError when the queue is full, and takes queries again once it drains', async () => {
    const pool = new SearchPool('/nonexistent-bundle', 1, 2);
    try {
      const running = pool.run(query('a')); // taken by the worker at once
      const queued = [pool.run(query('b')), pool.run(query('c'))];
      expect(pool.queued).toBe(2);
      const refused = pool.run(query('d'));
      expect(pool.queued).toBe(2);
      await expect(refused).rejects.toBeInstanceOf(SearchBusyError);
      await settle([running, ...queued]);
      expect(pool.stats.queries).toBe(3);
      await expect(pool.run(query('e'))).rejects.not.toBeInstanceOf(SearchBusyError);
    } finally {
      await pool.close();
    }
  });

  it('sends the readiness query to every worker, one each, and fails if a worker cannot load the index', async () => {
    const pool = new SearchPool('/nonexistent-bundle', 3, 0);
    try {
      const loaded = pool.everyWorker(query('a'));
      expect(pool.queued).toBe(0); // three copies, taken by the three workers at once
      await expect(loaded).rejects.toThrow(/search failed/);
      // The other two workers answer too (rejected as well, after the first rejection settled the promise).
      for (let i = 0; i < 250 && pool.stats.queries < 3; i++) await new Promise((r) => setTimeout(r, 20));
      expect(pool.stats.queries).toBe(3);
    } finally {
      await pool.close();
    }
  });

  it('drops a queued query whose caller has gone before a worker takes it', async () => {
    const pool = new SearchPool('/nonexistent-bundle', 1, 10);
    try {
      const running = pool.run(query('a'));
      const gone = new AbortController();
      const dropped = pool.run(query('b'), gone.signal);
      const kept = pool.run(query('c'));
      expect(pool.queued).toBe(2);
      gone.abort();
      expect(pool.queued).toBe(1);
      await expect(dropped).rejects.toMatchObject({ name: 'AbortError' });
      await settle([running, kept]);
      expect(pool.stats.queries).toBe(2); // 'a' and 'c'; 'b' never reached the worker
      await expect(pool.run(query('x'), AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
      expect(pool.queued).toBe(0);
    } finally {
      await pool.close();
    }
  });
});
