/**
 * The catalog API's shapes: the query parameters of GET /api/courses and GET /api/events, and what the catalog
 * routes answer (courses, terms with key dates, events). One schema per shape; the routes validate with them and
 * /openapi.json describes them.
 */
import { z } from 'zod';
import { eventKinds, keyDateKinds } from './calendar.ts';
import { deliveryModes, departmentIds, termIds } from './content.ts';
import { intParam } from './search.ts';

export const courseLevels = ['introductory', 'intermediate', 'advanced', 'graduate'] as const;

/** The deepest `offset` a course listing may ask for: the catalog is small, so this is only a bound. */
export const COURSES_MAX_OFFSET = 1000;

const listOf = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');
const booleanParam = z
  .union([z.boolean(), z.enum(['true', 'false'], { error: 'Expected true or false' }).transform((v) => v === 'true')])
  .pipe(z.boolean());
/** An instant in ISO 8601 with a zone (`Z` or an offset), or a plain day read in the institute's zone by the route. */
const instantParam = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/,
    'Expected an ISO 8601 date ("2027-03-01") or date-time with a zone ("2027-03-01T09:00:00Z")',
  )
  .refine((v) => !Number.isNaN(Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v)), 'Not a real date');

export const courseQuerySchema = z
  .object({
    department: z
      .enum(departmentIds, { error: `Unknown department; one of ${listOf(departmentIds)}` })
      .optional()
      .describe(`Only courses of this department: ${listOf(departmentIds)}`),
    level: z
      .enum(courseLevels, { error: `Unknown level; one of ${listOf(courseLevels)}` })
      .optional()
      .describe(`Only courses at this level: ${listOf(courseLevels)}`),
    delivery: z
      .enum(deliveryModes, { error: `Unknown delivery; one of ${listOf(deliveryModes)}` })
      .optional()
      .describe(`Only courses taught this way: ${listOf(deliveryModes)}`),
    term: z
      .enum(termIds, { error: `Unknown term; one of ${listOf(termIds)}` })
      .optional()
      .describe(`Only courses running in this term (an id from GET /api/terms): ${listOf(termIds)}`),
    registrationOpen: booleanParam
      .optional()
      .describe(
        'true: only courses with registration open (in `term` when given, else in any term); false: only those without',
      ),
    credits: intParam(1, 12).optional().describe('Only courses worth this many credits (1–12)'),
    q: z
      .string()
      .trim()
      .max(256, 'At most 256 characters')
      .optional()
      .describe("Free text: every word must appear in the code, title, summary or an instructor's name"),
    limit: intParam(1, 100).default(20).describe('How many courses to return (1–100, default 20)'),
    offset: intParam(0, COURSES_MAX_OFFSET)
      .default(0)
      .describe(`How many courses to skip, for paging (0–${COURSES_MAX_OFFSET}, default 0)`),
  })
  .describe('Query parameters of GET /api/courses');
export type CourseQuery = z.output<typeof courseQuerySchema>;

export const eventQuerySchema = z
  .object({
    from: instantParam
      .optional()
      .describe(
        "Events that end after this instant (ISO 8601; a date alone is midnight in the institute's time zone). Default: the time of the request, so only events not yet over",
      ),
    to: instantParam
      .optional()
      .describe(
        "Events that start before this instant (ISO 8601; a date alone is midnight in the institute's time zone)",
      ),
    kind: z
      .enum(eventKinds, { error: `Unknown kind; one of ${listOf(eventKinds)}` })
      .optional()
      .describe(`Only events of this kind: ${listOf(eventKinds)}`),
  })
  .describe('Query parameters of GET /api/events');
export type EventQuery = z.output<typeof eventQuerySchema>;

const isoDate = z.string().describe('A day, "YYYY-MM-DD"');

export const courseTermSchema = z
  .object({
    id: z.string().describe('Term id, e.g. "2027-spring"'),
    name: z.string().describe('e.g. "Spring 2027"'),
    starts: isoDate.describe('First day of classes, "YYYY-MM-DD"'),
    registrationOpen: z.boolean().describe('Whether registration for the term is open'),
    registerUrl: z
      .string()
      .optional()
      .describe('The registration form with this course and term filled in, when registration is open'),
  })
  .describe('A term in which a course runs');

export const apiCourseSchema = z
  .object({
    code: z.string().describe('Course code, e.g. "BIB201"'),
    title: z.string(),
    summary: z.string(),
    department: z.string().describe('Department id, e.g. "biblical-studies"'),
    credits: z.number().int(),
    level: z.enum(courseLevels),
    delivery: z.enum(deliveryModes),
    prerequisites: z.array(z.string()).describe('Codes of courses to complete first'),
    instructors: z.array(z.string()),
    terms: z.array(courseTermSchema).describe('The terms it runs in, in calendar order'),
    nextStart: courseTermSchema
      .optional()
      .describe('The first of its terms not yet started, at the time of the request'),
    url: z.string().describe('Site-relative URL of the course page, e.g. "/courses/bib201/"'),
    markdownUrl: z.string().describe('The page\'s Markdown twin, e.g. "/courses/bib201.md"'),
  })
  .describe('A course of the catalog');
export type ApiCourse = z.infer<typeof apiCourseSchema>;

export const coursesResponseSchema = z
  .object({
    total: z.number().int().min(0).describe('How many courses match in all'),
    limit: z.number().int(),
    offset: z.number().int(),
    results: z.array(apiCourseSchema).describe('The matching courses, by code'),
  })
  .describe('Courses matching the filters');

export const apiKeyDateSchema = z
  .object({
    id: z.string().describe('Stable id, also the calendar UID, e.g. "2027-spring-add-drop-deadline"'),
    kind: z.enum(keyDateKinds),
    label: z.string().describe('What the date is, in words'),
    date: isoDate.describe('The day, or the first day of a period'),
    until: isoDate.describe('The last day (the same as `date` for one day)'),
  })
  .describe("A key date of a term: whole days in the institute's time zone");

export const apiTermSchema = z
  .object({
    id: z.string().describe('e.g. "2027-spring"'),
    name: z.string().describe('e.g. "Spring 2027"'),
    starts: isoDate,
    ends: isoDate,
    registrationOpen: z.boolean(),
    keyDates: z.array(apiKeyDateSchema).describe('In date order'),
  })
  .describe('An academic term with its key dates');

export const termsResponseSchema = z
  .object({
    timeZone: z.string().describe('The time zone the days are in, e.g. "Europe/London"'),
    current: z.string().optional().describe('The id of the term under way at the time of the request, if any'),
    results: z.array(apiTermSchema).describe('Every term, in calendar order'),
  })
  .describe('The academic terms');

export const apiEventSchema = z
  .object({
    id: z.string().describe('Stable id, also the calendar UID, e.g. "open-day-2027-03"'),
    title: z.string(),
    kind: z.enum(eventKinds),
    start: z.string().describe('ISO 8601 with the offset of its time zone, e.g. "2027-03-13T10:00:00+00:00"'),
    end: z.string().describe('ISO 8601 with the offset of its time zone'),
    timeZone: z.string().describe('IANA time zone the times are written in, e.g. "Europe/London"'),
    place: z.string().optional(),
    online: z.string().optional().describe('Where to join online'),
    summary: z.string(),
    booking: z.string().optional().describe('Where to book a place (https or mailto), when booking is needed'),
    url: z.string().describe('Where the event is on the site, e.g. "/events/#open-day-2027-03"'),
  })
  .describe('An event');
export type ApiEvent = z.infer<typeof apiEventSchema>;

export const eventsResponseSchema = z
  .object({
    total: z.number().int().min(0),
    results: z.array(apiEventSchema).describe('Soonest first'),
  })
  .describe('Events');

/** The validator a client sends back to revalidate a cached answer. */
export const ifNoneMatchSchema = z
  .string()
  .max(1024)
  .optional()
  .describe('The ETag of an answer you already have: a 304 without a body when it is still current');

/** MCP find_courses: the filters of GET /api/courses as typed JSON arguments. */
export const findCoursesInput = z.object({
  department: z
    .enum(departmentIds)
    .optional()
    .describe(`Department id: ${listOf(departmentIds)}`),
  level: z
    .enum(courseLevels)
    .optional()
    .describe(`Level: ${listOf(courseLevels)}`),
  delivery: z
    .enum(deliveryModes)
    .optional()
    .describe(`How it is taught: ${listOf(deliveryModes)}`),
  term: z
    .enum(termIds)
    .optional()
    .describe(`Term id the course runs in: ${listOf(termIds)}`),
  registrationOpen: z.boolean().optional().describe('true: only courses with registration open (in `term` when given)'),
  credits: z.number().int().min(1).max(12).optional().describe('Credits, e.g. 3'),
  q: z
    .string()
    .max(256)
    .optional()
    .describe("Words that must all appear in the code, title, summary or an instructor's name"),
  limit: z.number().int().min(1).max(100).default(20).describe('How many courses to return (1–100, default 20)'),
});

/** MCP upcoming_events: what is still to come at the time of the call. */
export const upcomingEventsInput = z.object({
  kind: z
    .enum(eventKinds)
    .optional()
    .describe(`Only events of this kind: ${listOf(eventKinds)}`),
  limit: z
    .number()
    .int()
    .min(1)
    .max(50)
    .default(10)
    .describe('How many events to return, soonest first (1–50, default 10)'),
});
