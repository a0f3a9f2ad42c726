import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../src/lib/catalog/catalog.ts';
import { toCalendarEvent } from '../../src/lib/catalog/model.ts';
import { ARCHIVE, EVENTS_URL, eventNamedIn, eventNameStems, withEventPage } from '../../src/lib/search/events-named.ts';
import type { Answer } from '../../src/lib/search/answer-cache.ts';
import { eventSchema } from '../../src/schemas/calendar.ts';

const event = (id: string, title: string, start: string, end: string) =>
  toCalendarEvent(
    eventSchema.parse({
      id,
      title,
      kind: 'concert',
      start,
      end,
      place: 'Chapel',
      summary: 'Sung by the chapel choir, free and open to all.',
    }),
  );
const calendar = createCatalog({
  courses: [],
  departments: [],
  terms: [],
  events: [
    event('carols-2026', 'Advent carols with the chapel choir', '2026-12-13T18:00', '2026-12-13T19:15'),
    event('hymns-2027', 'Hymn festival: two centuries of hymn-writing', '2027-04-23T19:30', '2027-04-23T21:00'),
    event(
      'taster-2027',
      'Summer school taster day: an introduction to Biblical Greek',
      '2027-06-19T10:00',
      '2027-06-19T15:00',
    ),
    event('graduation-2027', 'Graduation', '2027-05-15T14:00', '2027-05-15T16:00'),
  ],
});
const before = new Date('2026-12-01T12:00:00Z');
const after = new Date('2026-12-14T12:00:00Z');
const named = (q: string, now = before) => eventNamedIn(q.split(' '), calendar, now);

const hit = (url: string, title = url) => ({
  title,
  url,
  type: 'course' as const,
  excerpt: '',
  markdownUrl: `${url}.md`,
});
const answer = (...urls: string[]): Answer => ({
  total: urls.length,
  limit: 10,
  offset: 0,
  results: urls.map((u) => hit(u)),
});

describe('an event named by a query', () => {
  it("reads an event's name up to a colon, a dash, 'with' or 'for', with plural and singular as one word", () => {
    expect(eventNameStems('Advent carols with the chapel choir')).toEqual(['advent', 'carol']);
    expect(eventNameStems('Hymn festival: two centuries of hymn-writing')).toEqual(['hymn', 'festiv']);
    expect(eventNameStems('Open day for Fall 2027 applicants')).toEqual(['open', 'day']);
  });

  it('is named by its name, whole and in order, among other words', () => {
    expect(named('hymn festival')?.event.id).toBe('hymns-2027');
    expect(named('when is the hymn festival 2027')?.event.id).toBe('hymns-2027');
    expect(named('advent carol service')?.event.id).toBe('carols-2026');
    expect(named('festival hymn')).toBeUndefined();
    expect(named('hymn')).toBeUndefined();
  });

  it("is not named by part of its name, nor by a name of one word (the graduation page's word)", () => {
    expect(named('summer school')).toBeUndefined();
    expect(named('graduation')).toBeUndefined();
  });

  it('is on the events page until it ends, then in the archive', () => {
    expect(named('advent carols')?.url).toBe(EVENTS_URL);
    expect(named('advent carols', after)?.url).toBe(ARCHIVE.url);
  });
});

describe('the answer with the page of the event named', () => {
  const carols = (now: Date) => eventNamedIn(['advent', 'carols'], calendar, now)!;
  const titleOf = (url: string) => (url === EVENTS_URL ? 'Events' : undefined);

  it('puts the events page first while the event is to come, moved from where it was', () => {
    const out = withEventPage(answer('/courses/mus220/', EVENTS_URL), carols(before), titleOf);
    expect(out.results.map((r) => r.url)).toEqual([EVENTS_URL, '/courses/mus220/']);
    expect(out.total).toBe(2);
  });

  it("adds the events page with its title and the event's name and date as the excerpt when the index left it out", () => {
    const out = withEventPage(answer('/courses/mus220/'), carols(before), titleOf);
    expect(out.results[0]).toMatchObject({ title: 'Events', url: EVENTS_URL, type: 'page', markdownUrl: '/events.md' });
    expect(out.results[0]!.excerpt).toContain('Advent carols with the chapel choir, Sunday 13 December 2026');
    expect(out.total).toBe(2);
  });

  it('puts the archive second once the event is over, after what the index found first', () => {
    const out = withEventPage(answer(EVENTS_URL, '/courses/mus220/'), carols(after), titleOf);
    expect(out.results.map((r) => r.url)).toEqual([EVENTS_URL, ARCHIVE.url, '/courses/mus220/']);
    expect(out.results[1]!.title).toBe('Past events');
    expect(withEventPage(answer(), carols(after), titleOf).results.map((r) => r.url)).toEqual([ARCHIVE.url]);
  });

  it('keeps to the limit', () => {
    const full = { ...answer('/a/', '/b/'), limit: 2 };
    expect(withEventPage(full, carols(before), titleOf).results.map((r) => r.url)).toEqual([EVENTS_URL, '/a/']);
  });
});
