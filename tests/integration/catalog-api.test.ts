import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { apiCourseSchema } from '../../src/schemas/catalog-api.ts';
import { courses, endOf, events, terms } from '../helpers/catalog-data.ts';
import { expectMatchesOpenApi } from '../helpers/openapi.ts';
import { useServer } from '../helpers/server.ts';

// The day after the Ashby Lecture (5 November 2026): it is over, the Advent carols are still to come.
const NOW = '2026-11-06T09:00:00Z';
const server = useServer({ CLOCK_NOW: NOW });

const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);

describe('GET /api/courses', () => {
  it('filters as the data says: online courses running in Spring 2027', async () => {
    const res = await get('/api/courses?delivery=online&term=2027-spring&limit=100');
    expect(res.status).toBe(200);
    const body = (await expectMatchesOpenApi('get', '/api/courses', res)) as {
      total: number;
      results: { code: string; delivery: string }[];
    };
    const expected = courses
      .filter((c) => c.delivery === 'online' && c.terms.includes('2027-spring'))
      .map((c) => c.code)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(body.total).toBe(expected.length);
    expect(body.results.map((c) => c.code)).toEqual(expected);
  });

  it('pages like /api/search and combines every filter', async () => {
    const all = await (await get('/api/courses?limit=100')).json();
    expect(all.total).toBe(courses.length);
    const page = await (await get('/api/courses?limit=5&offset=5')).json();
    expect(page).toMatchObject({ total: courses.length, limit: 5, offset: 5 });
    expect(page.results.map((c: { code: string }) => c.code)).toEqual(
      all.results.slice(5, 10).map((c: { code: string }) => c.code),
    );
    const intro = courses.filter(
      (c) => c.level === 'introductory' && c.credits === 3 && c.department === 'biblical-studies',
    );
    const narrowed = await (await get('/api/courses?level=introductory&credits=3&department=biblical-studies')).json();
    expect(narrowed.total).toBe(intro.length);
  });

  it('answers an unknown department with a 400 naming the allowed values', async () => {
    const res = await get('/api/courses?department=astrology');
    expect(res.status).toBe(400);
    const body = (await expectMatchesOpenApi('get', '/api/courses', res)) as {
      error: { code: string; issues: { path: string; message: string }[] };
    };
    expect(body.error.code).toBe('INVALID_QUERY');
    expect(body.error.issues[0]!.path).toBe('department');
    for (const d of new Set(courses.map((c) => c.department)))
      expect(body.error.issues[0]!.message).toContain(`"${d}"`);
  });

  it.each([
    'credits=two',
    'registrationOpen=yes',
    'limit=0',
    'term=2030-winter',
    'level=easy',
    'deprtment=theology',
    'q=a&q=b',
  ])('refuses %s with a 400', async (query) => {
    const res = await get(`/api/courses?${query}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('INVALID_QUERY');
  });

  it('gives an ETag and a short public cache, and a 304 to a client that has the answer', async () => {
    const res = await get('/api/courses?delivery=online');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const again = await get('/api/courses?delivery=online', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await get('/api/courses?delivery=hybrid', { headers: { 'If-None-Match': etag! } });
    expect(other.status).toBe(200);
  });
});

describe('GET /api/courses/{code}', () => {
  it('gives one course, any case, with its next start and registration links for the open terms', async () => {
    const res = await get('/api/courses/bib201');
    expect(res.status).toBe(200);
    const body = (await expectMatchesOpenApi('get', '/api/courses/{code}', res)) as z.infer<typeof apiCourseSchema>;
    const data = courses.find((c) => c.code === 'BIB201')!;
    expect(body.code).toBe('BIB201');
    expect(body.terms.map((t) => t.id)).toEqual(terms.filter((t) => data.terms.includes(t.id)).map((t) => t.id));
    for (const t of body.terms) {
      const open = terms.find((x) => x.id === t.id)!.registrationOpen;
      expect(t.registrationOpen).toBe(open);
      expect(t.registerUrl).toBe(open ? `/register/?term=${t.id}&course=BIB201` : undefined);
    }
    expect(body.nextStart?.id).toBe(terms.filter((t) => data.terms.includes(t.id) && t.starts >= '2026-11-06')[0]!.id);
  });

  it('answers an unknown code with 404 NOT_FOUND', async () => {
    const res = await get('/api/courses/XYZ999');
    expect(res.status).toBe(404);
    expect(
      ((await expectMatchesOpenApi('get', '/api/courses/{code}', res)) as { error: { code: string } }).error.code,
    ).toBe('NOT_FOUND');
  });
});

describe('GET /api/terms', () => {
  it('lists every term with its key dates and names the current one', async () => {
    const res = await get('/api/terms');
    const body = (await expectMatchesOpenApi('get', '/api/terms', res)) as {
      current: string;
      results: { id: string; keyDates: { date: string }[] }[];
    };
    expect(body.current).toBe('2026-fall');
    expect(body.results.map((t) => t.id)).toEqual(terms.map((t) => t.id));
    for (const t of body.results) expect(t.keyDates).toHaveLength(terms.find((x) => x.id === t.id)!.keyDates.length);
  });
});

describe('GET /api/events', () => {
  it("lists only the events not over at the request's time, soonest first, with ISO 8601 start and end", async () => {
    const res = await get('/api/events');
    const body = (await expectMatchesOpenApi('get', '/api/events', res)) as {
      results: { id: string; start: string; end: string }[];
    };
    const upcoming = events.filter((e) => endOf(e) > new Date(NOW)).map((e) => e.id);
    expect(body.results.map((e) => e.id)).toEqual(upcoming);
    expect(body.results.map((e) => e.id)).not.toContain('ashby-lecture-2026');
    for (const e of body.results) {
      expect(e.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      expect(Date.parse(e.end)).toBeGreaterThan(Date.parse(e.start));
    }
  });

  it('gives a past range and a kind on request', async () => {
    const body = await (await get('/api/events?from=2026-10-01&to=2026-11-30')).json();
    expect(body.results.map((e: { id: string }) => e.id)).toEqual(['open-day-2026-10', 'ashby-lecture-2026']);
    expect(body.results[1].url).toBe('/events/archive/#ashby-lecture-2026');
    const openDays = await (await get('/api/events?kind=open-day')).json();
    expect(openDays.results.map((e: { id: string }) => e.id)).toEqual(
      events.filter((e) => e.kind === 'open-day' && endOf(e) > new Date(NOW)).map((e) => e.id),
    );
  });

  it.each(['from=yesterday', 'kind=party', 'to=2027-13-01'])('refuses %s with a 400', async (query) => {
    const res = await get(`/api/events?${query}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('INVALID_QUERY');
  });
});

describe('GET /api/events up to a date', () => {
  it("starts at the request's time unless `from` is given", async () => {
    const body = await (await get('/api/events?to=2027-01-01')).json();
    expect(body.results.map((e: { id: string }) => e.id)).toEqual(
      events.filter((e) => endOf(e) > new Date(NOW) && e.start < '2027-01-01').map((e) => e.id),
    );
  });
});
