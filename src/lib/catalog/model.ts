/**
 * The catalog and calendar as plain data: what pages, twins, the API, feeds, MCP tools and the chat read. Built
 * from the content collections (load.ts) or, in tests, from any records of the same shape; nothing here imports
 * Astro, so it runs in unit tests and on any server path.
 */
import type { EventData, EventKind, KeyDate, KeyDateKind } from '../../schemas/calendar.ts';
import { keyDateLabels } from '../../schemas/calendar.ts';
import type { Course, Department, Term } from '../../schemas/content.ts';
import { INSTITUTE_TIME_ZONE, startOfDay, nextDay, zonedTimeToInstant } from './time-zone.ts';

export type CourseLevel = Course['level'];
export type DeliveryMode = Course['delivery'];

/** A course as the catalog lists it (the page's front matter, without the body). */
export interface CatalogCourse {
  code: string;
  title: string;
  summary: string;
  department: string;
  credits: number;
  level: CourseLevel;
  delivery: DeliveryMode;
  /** Term ids, in the order the terms come. */
  terms: string[];
  prerequisites: string[];
  instructors: string[];
  /** The course page, e.g. "/courses/bib201/". */
  url: string;
}

/** A key date of a term, with the words it is shown with and the whole days it covers in the institute's zone. */
export interface CatalogKeyDate {
  /** Stable id, also its calendar UID: "<term>-<kind>", e.g. "2027-spring-add-drop-deadline". */
  id: string;
  termId: string;
  termName: string;
  kind: KeyDateKind;
  label: string;
  /** First day, "YYYY-MM-DD". */
  date: string;
  /** Last day, "YYYY-MM-DD" (the same as `date` for a single day). */
  until: string;
}

export interface CatalogTerm {
  id: string;
  name: string;
  starts: string;
  ends: string;
  registrationOpen: boolean;
  keyDates: CatalogKeyDate[];
}

/** An event with its start and end as instants; `timeZone` is the zone its times were written in. */
export interface CalendarEvent {
  id: string;
  title: string;
  kind: EventKind;
  start: Date;
  end: Date;
  timeZone: string;
  place?: string;
  online?: string;
  summary: string;
  booking?: string;
}

export type { Department };

/** A course's front matter as the catalog lists it. */
export function toCatalogCourse(data: Course, termOrder: string[]): CatalogCourse {
  return {
    code: data.code,
    title: data.title,
    summary: data.summary,
    department: data.department,
    credits: data.credits,
    level: data.level,
    delivery: data.delivery,
    terms: [...data.terms].sort((a, b) => termOrder.indexOf(a) - termOrder.indexOf(b)),
    prerequisites: data.prerequisites,
    instructors: data.instructors,
    url: `/courses/${data.code.toLowerCase()}/`,
  };
}

function toKeyDate(term: Term, k: KeyDate): CatalogKeyDate {
  return {
    id: `${term.id}-${k.kind}`,
    termId: term.id,
    termName: term.name,
    kind: k.kind,
    label: k.label ?? keyDateLabels[k.kind],
    date: k.date,
    until: k.until ?? k.date,
  };
}

/** A term with its key dates in date order. */
export function toCatalogTerm(term: Term): CatalogTerm {
  return {
    id: term.id,
    name: term.name,
    starts: term.starts,
    ends: term.ends,
    registrationOpen: term.registrationOpen,
    keyDates: term.keyDates.map((k) => toKeyDate(term, k)).sort((a, b) => a.date.localeCompare(b.date)),
  };
}

/** An event's wall-clock times as instants in its zone. */
export function toCalendarEvent(data: EventData): CalendarEvent {
  const timeZone = data.timeZone ?? INSTITUTE_TIME_ZONE;
  return {
    id: data.id,
    title: data.title,
    kind: data.kind,
    timeZone,
    start: zonedTimeToInstant(data.start, timeZone),
    end: zonedTimeToInstant(data.end, timeZone),
    ...(data.place === undefined ? {} : { place: data.place }),
    ...(data.online === undefined ? {} : { online: data.online }),
    summary: data.summary,
    ...(data.booking === undefined ? {} : { booking: data.booking }),
  };
}

/** The instant a key date is over: the start of the day after its last day, in the institute's zone. */
export const keyDateEnd = (k: CatalogKeyDate): Date => startOfDay(nextDay(k.until));
