/**
 * The catalog's questions, each answered for a given `now` (the request's clock, see clock.ts): which courses match
 * a filter, when a course next starts, where a student can register, which events and key dates are still to come.
 */
import type { EventKind } from '../../schemas/calendar.ts';
import { matchesCourse, searchableText, type CourseFilter } from './course-filter.ts';
import {
  keyDateEnd,
  type CalendarEvent,
  type CatalogCourse,
  type CatalogKeyDate,
  type CatalogTerm,
  type Department,
} from './model.ts';
import { todayAt } from './time-zone.ts';

export interface CatalogInput {
  courses: CatalogCourse[];
  terms: CatalogTerm[];
  events: CalendarEvent[];
  departments: Department[];
}

/** An event window: events that overlap [from, to); either end open. */
export interface EventRange {
  from?: Date;
  to?: Date;
  kind?: EventKind;
}

export type Catalog = ReturnType<typeof createCatalog>;

/** The catalog's queries over fixed data; build once per process and ask per request. */
export function createCatalog(input: CatalogInput) {
  const courses = [...input.courses].sort((a, b) => a.code.localeCompare(b.code));
  const terms = [...input.terms].sort((a, b) => a.starts.localeCompare(b.starts));
  const events = [...input.events].sort((a, b) => a.start.getTime() - b.start.getTime() || a.id.localeCompare(b.id));
  const departments = input.departments;
  const termById = new Map(terms.map((t) => [t.id, t]));
  const courseByCode = new Map(courses.map((c) => [c.code, c]));
  const openTermIds = new Set(terms.filter((t) => t.registrationOpen).map((t) => t.id));
  const texts = new Map(courses.map((c) => [c.code, searchableText(c)]));
  const keyDates = terms
    .flatMap((t) => t.keyDates)
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
  // When each key date is over, worked out once: it takes the time zone's offset on that day, which is slow to ask.
  const keyDateEnds = new Map(keyDates.map((k) => [k, keyDateEnd(k)]));

  return {
    courses,
    terms,
    events,
    departments,
    keyDates,
    termById,
    openTermIds,

    /** Courses passing `filter`, by code. */
    findCourses(filter: CourseFilter): CatalogCourse[] {
      return courses.filter((c) => matchesCourse(c, filter, openTermIds, texts.get(c.code)));
    },

    /** A course by code, any case ("bib201" finds BIB201). */
    course(code: string): CatalogCourse | undefined {
      return courseByCode.get(code.toUpperCase());
    },

    /** The course's terms, in order. */
    termsOf(course: CatalogCourse): CatalogTerm[] {
      return course.terms.map((id) => termById.get(id)).filter((t): t is CatalogTerm => t !== undefined);
    },

    /** The first term of the course that has not started on `now`'s day (institute time), if any. */
    nextStart(course: CatalogCourse, now: Date): CatalogTerm | undefined {
      const today = todayAt(now);
      return this.termsOf(course).find((t) => t.starts >= today);
    },

    /** The course's terms whose registration is open, in order. */
    registrationTerms(course: CatalogCourse): CatalogTerm[] {
      return this.termsOf(course).filter((t) => t.registrationOpen);
    },

    /** Events not yet over at `now` (an event under way is still upcoming), soonest first. */
    upcomingEvents(now: Date, kind?: EventKind): CalendarEvent[] {
      return events.filter((e) => e.end > now && (kind === undefined || e.kind === kind));
    },

    /** Events over by `now`, most recent first: the archive. */
    pastEvents(now: Date, kind?: EventKind): CalendarEvent[] {
      return events.filter((e) => e.end <= now && (kind === undefined || e.kind === kind)).reverse();
    },

    /** Events overlapping the range, soonest first. */
    eventsBetween({ from, to, kind }: EventRange): CalendarEvent[] {
      return events.filter(
        (e) =>
          (from === undefined || e.end > from) &&
          (to === undefined || e.start < to) &&
          (kind === undefined || e.kind === kind),
      );
    },

    /** The next event of a kind still to come at `now`, e.g. the next open day. */
    nextEvent(kind: EventKind, now: Date): CalendarEvent | undefined {
      return events.find((e) => e.kind === kind && e.end > now);
    },

    /** Key dates whose last day has not passed at `now` (institute time), soonest first. */
    upcomingKeyDates(now: Date): CatalogKeyDate[] {
      return keyDates.filter((k) => keyDateEnds.get(k)! > now);
    },

    /** How many events are over at `now`: what of the clock the event answers depend on. */
    endedCount(now: Date): number {
      let n = 0;
      for (const e of events) if (e.end <= now) n++;
      return n;
    },

    /** The term under way on `now`'s day, if any. */
    currentTerm(now: Date): CatalogTerm | undefined {
      const today = todayAt(now);
      return terms.find((t) => t.starts <= today && today <= t.ends);
    },
  };
}
