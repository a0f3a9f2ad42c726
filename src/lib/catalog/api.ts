/**
 * The catalog as the API and the MCP tools give it: query parameters checked with zod (a bad
 * one is a 400 INVALID_QUERY naming the allowed values), courses, terms and events in their public shapes, each
 * answered for the request's `now`.
 */
import type { z } from 'zod';
import type { ApiIssue } from '../../schemas/api-error.ts';
import { ApiError } from '../http/api-error.ts';
import {
  courseQuerySchema,
  eventQuerySchema,
  type ApiCourse,
  type ApiEvent,
  type CourseQuery,
  type EventQuery,
} from '../../schemas/catalog-api.ts';
import type { Catalog } from './catalog.ts';
import type { CalendarEvent, CatalogCourse, CatalogTerm } from './model.ts';
import { INSTITUTE_TIME_ZONE, isoWithOffset, startOfDay } from './time-zone.ts';

/** 400 INVALID_QUERY naming each bad parameter; its messages carry the allowed values. */
export const invalidCatalogQuery = (issues: ApiIssue[], resolution: string) =>
  new ApiError(400, 'INVALID_QUERY', `Invalid parameters: ${issues.map((i) => i.path).join(', ')}.`, {
    resolution,
    issues,
  });

/** Query parameters through a schema: each given once, blanks ignored, unknown names refused. */
function parseParams<S extends z.ZodObject>(schema: S, params: URLSearchParams, resolution: string): z.output<S> {
  const names = Object.keys(schema.shape);
  const raw: Record<string, string> = {};
  const issues: ApiIssue[] = [];
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    if (!names.includes(name))
      issues.push({ path: name, message: `Unknown parameter; the parameters are ${names.join(', ')}` });
    else if (values.length > 1) issues.push({ path: name, message: 'Give this parameter once' });
    else if (values[0] !== '') raw[name] = values[0];
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    for (const i of result.error.issues) issues.push({ path: i.path.join('.'), message: i.message });
  }
  if (issues.length > 0 || !result.success) throw invalidCatalogQuery(issues, resolution);
  return result.data;
}

export const parseCourseQuery = (params: URLSearchParams): CourseQuery =>
  parseParams(
    courseQuerySchema,
    params,
    'See the parameters of GET /api/courses in /openapi.json; each message lists the values allowed.',
  );

export const parseEventQuery = (params: URLSearchParams): EventQuery =>
  parseParams(
    eventQuerySchema,
    params,
    'Give from and to as ISO 8601 (e.g. 2027-03-01 or 2027-03-01T09:00:00Z) and kind as one of the kinds listed.',
  );

/** 404 for a course code the catalog does not hold. */
export const courseNotFound = (code: string) =>
  new ApiError(404, 'NOT_FOUND', `No course has the code "${code}".`, {
    resolution: 'GET /api/courses lists the courses and their codes.',
  });

/** The registration form with the course and term filled in. */
export const registerUrl = (code: string, termId: string) =>
  `/register/?${new URLSearchParams({ term: termId, course: code })}`;

function courseTerm(course: CatalogCourse, term: CatalogTerm) {
  return {
    id: term.id,
    name: term.name,
    starts: term.starts,
    registrationOpen: term.registrationOpen,
    ...(term.registrationOpen ? { registerUrl: registerUrl(course.code, term.id) } : {}),
  };
}

/** A course in its public shape, with the term it next starts in at `now`. */
export function apiCourse(catalog: Catalog, course: CatalogCourse, now: Date): ApiCourse {
  const next = catalog.nextStart(course, now);
  return {
    code: course.code,
    title: course.title,
    summary: course.summary,
    department: course.department,
    credits: course.credits,
    level: course.level,
    delivery: course.delivery,
    prerequisites: course.prerequisites,
    instructors: course.instructors,
    terms: catalog.termsOf(course).map((t) => courseTerm(course, t)),
    ...(next ? { nextStart: courseTerm(course, next) } : {}),
    url: course.url,
    markdownUrl: `${course.url.slice(0, -1)}.md`,
  };
}

/** GET /api/courses: the matching courses, a page of them. */
export function findCoursesAnswer(catalog: Catalog, query: CourseQuery, now: Date) {
  const { limit, offset, ...filter } = query;
  const found = catalog.findCourses(filter);
  return {
    total: found.length,
    limit,
    offset,
    results: found.slice(offset, offset + limit).map((c) => apiCourse(catalog, c, now)),
  };
}

/** GET /api/terms: every term with its key dates, and the one under way. */
export function termsAnswer(catalog: Catalog, now: Date) {
  const current = catalog.currentTerm(now);
  return {
    timeZone: INSTITUTE_TIME_ZONE,
    ...(current ? { current: current.id } : {}),
    results: catalog.terms.map((t) => ({
      id: t.id,
      name: t.name,
      starts: t.starts,
      ends: t.ends,
      registrationOpen: t.registrationOpen,
      keyDates: t.keyDates.map((k) => ({ id: k.id, kind: k.kind, label: k.label, date: k.date, until: k.until })),
    })),
  };
}

/** Where an event is listed on the site at `now`: the events page while it is to come, then the archive. */
export const eventPageUrl = (event: CalendarEvent, now: Date) =>
  `${event.end > now ? '/events/' : '/events/archive/'}#${event.id}`;

/** An event in its public shape: times in ISO 8601 with the offset of its own zone. */
export function apiEvent(event: CalendarEvent, now: Date): ApiEvent {
  return {
    id: event.id,
    title: event.title,
    kind: event.kind,
    start: isoWithOffset(event.start, event.timeZone),
    end: isoWithOffset(event.end, event.timeZone),
    timeZone: event.timeZone,
    ...(event.place === undefined ? {} : { place: event.place }),
    ...(event.online === undefined ? {} : { online: event.online }),
    summary: event.summary,
    ...(event.booking === undefined ? {} : { booking: event.booking }),
    url: eventPageUrl(event, now),
  };
}

/** A `from`/`to` parameter as an instant: a date alone is the start of that day in the institute's zone. */
const instantOf = (value: string) => (value.length === 10 ? startOfDay(value) : new Date(value));

/** GET /api/events: events overlapping from/to, `from` being the request's `now` unless given; soonest first. */
export function eventsAnswer(catalog: Catalog, query: EventQuery, now: Date) {
  const events = catalog.eventsBetween({
    from: query.from ? instantOf(query.from) : now,
    ...(query.to ? { to: instantOf(query.to) } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
  });
  return { total: events.length, results: events.map((e) => apiEvent(e, now)) };
}
