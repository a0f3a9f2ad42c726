import { describe, expect, it } from 'vitest';
import departments from '../../src/content/departments.json' with { type: 'json' };
import eventsJson from '../../src/content/events.json' with { type: 'json' };
import termsJson from '../../src/content/terms.json' with { type: 'json' };
import { createCatalog } from '../../src/lib/catalog/catalog.ts';
import { matchesCourse } from '../../src/lib/catalog/course-filter.ts';
import { toCalendarEvent, toCatalogCourse, toCatalogTerm, type CatalogCourse } from '../../src/lib/catalog/model.ts';
import { dayIn, isoWithOffset, zonedTimeToInstant } from '../../src/lib/catalog/time-zone.ts';
import { eventSchema } from '../../src/schemas/calendar.ts';
import { courseSchema, termSchema } from '../../src/schemas/content.ts';

const terms = termsJson.map((t) => termSchema.parse(t));
const termOrder = terms.map((t) => t.id);
const course = (code: string, over: Partial<Parameters<typeof courseSchema.parse>[0]> = {}): CatalogCourse =>
  toCatalogCourse(
    courseSchema.parse({
      code,
      title: `Course ${code}`,
      summary: 'A course summary that is long enough.',
      department: 'biblical-studies',
      credits: 3,
      level: 'introductory',
      delivery: 'online',
      terms: ['2027-spring'],
      instructors: ['Dr. Ada Lovelace'],
      ...over,
    }),
    termOrder,
  );

const catalog = createCatalog({
  courses: [
    course('BIB101', { delivery: 'hybrid', terms: ['2027-fall', '2026-fall', '2027-spring'] }),
    course('BIB201', { title: 'Biblical Greek I', level: 'intermediate', credits: 4, department: 'languages' }),
    course('HIS310', {
      department: 'history',
      level: 'advanced',
      delivery: 'on-campus',
      terms: ['2026-fall'],
      instructors: ['Prof. Zoë Théron'],
    }),
  ],
  terms: terms.map(toCatalogTerm),
  events: eventsJson.map((e) => toCalendarEvent(eventSchema.parse(e))),
  departments,
});

describe('time zone', () => {
  it('turns wall-clock times into instants on both sides of summer time', () => {
    expect(zonedTimeToInstant('2027-06-19T10:00', 'Europe/London').toISOString()).toBe('2027-06-19T09:00:00.000Z');
    expect(zonedTimeToInstant('2026-12-13T18:00', 'Europe/London').toISOString()).toBe('2026-12-13T18:00:00.000Z');
    expect(zonedTimeToInstant('2027-02-25T19:00', 'America/Toronto').toISOString()).toBe('2027-02-26T00:00:00.000Z');
  });

  it('says the day and the offset in the zone', () => {
    expect(dayIn(new Date('2027-06-18T23:30:00Z'), 'Europe/London')).toBe('2027-06-19');
    expect(isoWithOffset(new Date('2027-06-19T09:00:00Z'), 'Europe/London')).toBe('2027-06-19T10:00:00+01:00');
    expect(isoWithOffset(new Date('2027-02-26T00:00:00Z'), 'America/Toronto')).toBe('2027-02-25T19:00:00-05:00');
  });
});

describe('course catalog', () => {
  it('filters by every field, and terms come in calendar order', () => {
    expect(catalog.course('bib101')!.terms).toEqual(['2026-fall', '2027-spring', '2027-fall']);
    expect(
      catalog.findCourses({ delivery: 'online', term: '2027-spring', level: 'introductory' }).map((c) => c.code),
    ).toEqual([]);
    expect(catalog.findCourses({ delivery: 'online', term: '2027-spring' }).map((c) => c.code)).toEqual(['BIB201']);
    expect(catalog.findCourses({ department: 'history' }).map((c) => c.code)).toEqual(['HIS310']);
    expect(catalog.findCourses({ credits: 4 }).map((c) => c.code)).toEqual(['BIB201']);
    expect(catalog.findCourses({ registrationOpen: false }).map((c) => c.code)).toEqual(['HIS310']);
    expect(catalog.findCourses({ registrationOpen: false, term: '2026-fall' }).map((c) => c.code)).toEqual([
      'BIB101',
      'HIS310',
    ]);
  });

  it('matches every word of the free text, without case or accents', () => {
    expect(catalog.findCourses({ q: 'greek biblical' }).map((c) => c.code)).toEqual(['BIB201']);
    expect(catalog.findCourses({ q: 'zoe theron' }).map((c) => c.code)).toEqual(['HIS310']);
    expect(catalog.findCourses({ q: 'greek zoe' })).toEqual([]);
    expect(matchesCourse(catalog.course('BIB201')!, { q: '  ' }, new Set())).toBe(true);
  });

  it('tells when a course next starts and where to register', () => {
    const bib101 = catalog.course('BIB101')!;
    expect(catalog.nextStart(bib101, new Date('2026-11-22T12:00:00Z'))!.id).toBe('2027-spring');
    expect(catalog.nextStart(bib101, new Date('2027-01-18T12:00:00Z'))!.id).toBe('2027-spring');
    expect(catalog.nextStart(bib101, new Date('2027-01-19T12:00:00Z'))!.id).toBe('2027-fall');
    expect(catalog.nextStart(catalog.course('HIS310')!, new Date('2026-11-22T12:00:00Z'))).toBeUndefined();
    expect(catalog.registrationTerms(bib101).map((t) => t.id)).toEqual(['2027-spring', '2027-fall']);
    expect(catalog.registrationTerms(catalog.course('HIS310')!)).toEqual([]);
  });
});

describe('calendar', () => {
  const ashby = (list: { id: string }[]) => list.some((e) => e.id === 'ashby-lecture-2026');

  it('keeps an event upcoming until it ends, then moves it to the past', () => {
    expect(ashby(catalog.upcomingEvents(new Date('2026-11-05T19:30:00Z')))).toBe(true);
    expect(ashby(catalog.upcomingEvents(new Date('2026-11-06T00:00:00Z')))).toBe(false);
    expect(ashby(catalog.pastEvents(new Date('2026-11-06T00:00:00Z')))).toBe(true);
    const now = new Date('2026-11-22T12:00:00Z');
    expect(catalog.upcomingEvents(now)[0].id).toBe('advent-carols-2026');
    expect(catalog.pastEvents(now).map((e) => e.id)).toEqual(['ashby-lecture-2026', 'open-day-2026-10']);
  });

  it('finds the next event of a kind and events in a window', () => {
    expect(catalog.nextEvent('open-day', new Date('2026-11-22T12:00:00Z'))!.id).toBe('open-day-2027-03');
    expect(catalog.nextEvent('open-day', new Date('2027-03-14T00:00:00Z'))!.id).toBe('open-day-2027-10');
    expect(
      catalog
        .eventsBetween({ from: new Date('2027-01-01T00:00:00Z'), to: new Date('2027-04-01T00:00:00Z') })
        .map((e) => e.id),
    ).toEqual(['reformations-lecture-2027', 'open-day-2027-03']);
    expect(catalog.eventsBetween({ kind: 'concert' }).map((e) => e.id)).toEqual([
      'advent-carols-2026',
      'hymn-festival-2027',
    ]);
  });

  it("keeps a key date upcoming through its last day in the institute's time zone", () => {
    const exams = (now: string) =>
      catalog.upcomingKeyDates(new Date(now)).some((k) => k.id === '2026-fall-examinations');
    expect(exams('2026-12-18T23:59:00Z')).toBe(true);
    expect(exams('2026-12-19T00:00:00Z')).toBe(false);
    // 19 June is in summer time: the day ends at 23:00 UTC.
    const summer = (now: string) =>
      catalog.upcomingKeyDates(new Date(now)).some((k) => k.id === '2027-summer-add-drop-deadline');
    expect(summer('2027-06-11T22:59:00Z')).toBe(true);
    expect(summer('2027-06-11T23:00:00Z')).toBe(false);
    expect(catalog.currentTerm(new Date('2026-11-22T12:00:00Z'))!.id).toBe('2026-fall');
  });
});

describe('calendar schemas explain mistakes', () => {
  const event = eventsJson[2];
  const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n');

  it('accepts every event and term in the content', () => {
    for (const e of eventsJson) expect(eventSchema.safeParse(e).success, e.id).toBe(true);
    expect(terms).toHaveLength(termsJson.length);
  });

  it('names the format of a time, the allowed kinds and a missing place', () => {
    expect(messages(eventSchema.safeParse({ ...event, start: '13/12/2026 6pm' }))).toMatch(
      /start: .*"YYYY-MM-DDTHH:mm".*e\.g\./,
    );
    expect(messages(eventSchema.safeParse({ ...event, start: '2026-12-13T25:00' }))).toMatch(
      /start: not a real date and time/,
    );
    expect(messages(eventSchema.safeParse({ ...event, kind: 'party' }))).toMatch(/kind: must be one of "open-day"/);
    expect(messages(eventSchema.safeParse({ ...event, place: undefined }))).toMatch(
      /place: say where the event happens/,
    );
    expect(messages(eventSchema.safeParse({ ...event, end: '2026-12-13T17:00' }))).toMatch(
      /end: `end` must be after `start`/,
    );
    expect(messages(eventSchema.safeParse({ ...event, timeZone: 'Harrow/Vale' }))).toMatch(/timeZone: .*IANA/);
    expect(messages(eventSchema.safeParse({ ...event, where: 'Chapel' }))).toMatch(/where/);
  });

  it('checks key dates against the term', () => {
    const fall = termsJson[0];
    const noExams = { ...fall, keyDates: fall.keyDates.filter((k) => k.kind !== 'examinations') };
    expect(messages(termSchema.safeParse(noExams))).toMatch(/keyDates: this term has no "examinations" key date/);
    const late = {
      ...fall,
      keyDates: fall.keyDates.map((k) => (k.kind === 'classes-begin' ? { ...k, date: '2026-09-08' } : k)),
    };
    expect(messages(termSchema.safeParse(late))).toMatch(
      /keyDates\.0\.date: classes begin on 2026-09-08 but the term "starts" on 2026-09-07/,
    );
    const twice = { ...fall, keyDates: [...fall.keyDates, { kind: 'term-ends', date: '2026-12-18' }] };
    expect(messages(termSchema.safeParse(twice))).toMatch(/"term-ends" appears twice/);
    const backwards = {
      ...fall,
      keyDates: fall.keyDates.map((k) => (k.kind === 'reading-week' ? { ...k, until: '2026-10-01' } : k)),
    };
    expect(messages(termSchema.safeParse(backwards))).toMatch(/until: `until` is before `date`/);
    const outside = {
      ...fall,
      keyDates: fall.keyDates.map((k) => (k.kind === 'withdrawal-deadline' ? { ...k, date: '2027-01-06' } : k)),
    };
    expect(messages(termSchema.safeParse(outside))).toMatch(/falls outside the term/);
  });
});
