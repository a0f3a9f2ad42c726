import { describe, expect, it } from 'vitest';
import { cachedJson } from '../../src/lib/http/etag.ts';
import { parseCourseQuery, parseEventQuery } from '../../src/lib/catalog/api.ts';
import { dayIn, todayAt } from '../../src/lib/catalog/time-zone.ts';
import { ApiError } from '../../src/lib/http/api-error.ts';

describe('catalog query parameters', () => {
  it('reads the filters and defaults the paging', () => {
    expect(parseCourseQuery(new URLSearchParams('delivery=online&registrationOpen=true&credits=3'))).toEqual({
      delivery: 'online',
      registrationOpen: true,
      credits: 3,
      limit: 20,
      offset: 0,
    });
    expect(parseEventQuery(new URLSearchParams('from=2027-01-01&kind=lecture'))).toEqual({
      from: '2027-01-01',
      kind: 'lecture',
    });
  });

  it('refuses an unknown value with the allowed ones, and an unknown parameter', () => {
    const err = (() => {
      try {
        parseCourseQuery(new URLSearchParams('department=astrology&colour=red'));
      } catch (e) {
        return e;
      }
    })() as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('INVALID_QUERY');
    expect(err.issues!.map((i) => i.path).sort()).toEqual(['colour', 'department']);
    expect(err.issues!.find((i) => i.path === 'department')!.message).toContain('"biblical-studies"');
  });
});

describe('todayAt', () => {
  it("is the institute's day, whichever instant of the minute asks", () => {
    for (const iso of [
      '2026-10-24T23:30:00Z',
      '2026-10-25T00:30:00Z',
      '2026-12-31T23:59:59Z',
      '2027-06-30T23:00:00Z',
    ]) {
      expect(todayAt(new Date(iso))).toBe(dayIn(new Date(iso)));
    }
  });
});

describe('cachedJson', () => {
  const request = (etag?: string) => new Request('http://x/', etag ? { headers: { 'If-None-Match': etag } } : {});

  it('makes an answer once per key, with an ETag that a client revalidates with', async () => {
    let made = 0;
    const make = () => ({ n: ++made });
    const first = cachedJson(request(), 'unit|a', make);
    const again = cachedJson(request(), 'unit|a', make);
    expect(made).toBe(1);
    expect(await again.json()).toEqual({ n: 1 });
    const etag = first.headers.get('etag')!;
    expect(cachedJson(request(etag), 'unit|a', make).status).toBe(304);
    expect(cachedJson(request(`W/${etag}, "other"`), 'unit|a', make).status).toBe(304);
    expect(cachedJson(request(etag), 'unit|b', make).status).toBe(200);
  });

  it('keeps nothing when making the answer throws', () => {
    expect(() =>
      cachedJson(request(), 'unit|bad', () => {
        throw new Error('bad query');
      }),
    ).toThrow('bad query');
    expect(cachedJson(request(), 'unit|bad', () => ({ ok: true })).status).toBe(200);
  });
});
