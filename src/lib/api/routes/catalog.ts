/** The catalog: courses, terms and events as data. Read-only, answered for the request's clock. */
import {
  apiCourseSchema,
  courseQuerySchema,
  coursesResponseSchema,
  eventQuerySchema,
  eventsResponseSchema,
  ifNoneMatchSchema,
  termsResponseSchema,
} from '../../../schemas/catalog-api.ts';
import { GET_HEAD, type Answer, type ErrorAnswer, type ResponseHeaders, type Route } from '../route.ts';

/** What every catalog answer carries: a short public cache and an ETag to revalidate with. */
const catalogCacheHeaders: ResponseHeaders = {
  ETag: {
    description: "The answer's version; send it back in `If-None-Match` to revalidate",
    required: true,
    schema: { type: 'string' },
    example: '"q3Jb1xk0h2Z0cP3sZ1m9Yw4dF7eT2uA"',
  },
  'Cache-Control': {
    description: 'Reusable for a minute: "upcoming" is decided per request',
    required: true,
    schema: { type: 'string' },
    example: 'public, max-age=60',
  },
};
const notModified: Answer = {
  description: 'The `If-None-Match` ETag is still current; no body',
  headers: catalogCacheHeaders,
};
const catalogRequestHeaders = { 'If-None-Match': ifNoneMatchSchema };
const catalogBadQuery: ErrorAnswer = {
  description: 'A parameter is invalid or unknown; each issue names the values allowed',
  codes: ['INVALID_QUERY'],
};
const catalogFailed: ErrorAnswer = {
  description: 'Something unexpected; no internals in the body',
  codes: ['INTERNAL_ERROR'],
};
const exampleEvent = {
  id: 'open-day-2027-03',
  title: 'Open day for Fall 2027 applicants',
  kind: 'open-day',
  start: '2027-03-13T10:00:00+00:00',
  end: '2027-03-13T16:00:00+00:00',
  timeZone: 'Europe/London',
  place: 'Main campus, Harrow Vale',
  online: 'https://northgate.example/live/',
  summary: 'Sample classes, a tour of the campus and library, a talk about fees and scholarships.',
  booking: 'mailto:admissions@northgate.example',
  url: '/events/#open-day-2027-03',
};
const exampleCourse = {
  code: 'BIB201',
  title: 'Biblical Greek I',
  summary: 'An introduction to the grammar of New Testament Greek.',
  department: 'biblical-studies',
  credits: 3,
  level: 'intermediate',
  delivery: 'online',
  prerequisites: ['BIB101'],
  instructors: ['Dr. Miriam Okafor'],
  terms: [
    {
      id: '2027-spring',
      name: 'Spring 2027',
      starts: '2027-01-18',
      registrationOpen: true,
      registerUrl: '/register/?term=2027-spring&course=BIB201',
    },
  ],
  nextStart: {
    id: '2027-spring',
    name: 'Spring 2027',
    starts: '2027-01-18',
    registrationOpen: true,
    registerUrl: '/register/?term=2027-spring&course=BIB201',
  },
  url: '/courses/bib201/',
  markdownUrl: '/courses/bib201.md',
};

export const catalogRoutes: Route[] = [
  {
    path: '/api/courses',
    methods: GET_HEAD,
    operations: {
      get: {
        operationId: 'listCourses',
        tags: ['catalog'],
        summary: 'List and filter the courses',
        description:
          'The course catalog, filtered by department, level, delivery, term, open registration, credits and free text (every filter narrows), ' +
          'paged like /api/search. Each course says when it next starts and links to the registration form for each term whose registration is open.',
        query: courseQuerySchema,
        requestHeaders: catalogRequestHeaders,
        responses: {
          200: {
            description: 'The matching courses, by code',
            headers: catalogCacheHeaders,
            schema: coursesResponseSchema,
            example: { total: 1, limit: 20, offset: 0, results: [exampleCourse] },
          },
          304: notModified,
          400: catalogBadQuery,
          500: catalogFailed,
        },
      },
    },
  },
  {
    path: '/api/courses/{code}',
    methods: GET_HEAD,
    parameters: [
      {
        name: 'code',
        in: 'path',
        required: true,
        schema: { type: 'string', pattern: '^[A-Za-z]{2,4}[0-9]{3}$' },
        description: 'Course code, any case',
        example: 'BIB201',
      },
    ],
    operations: {
      get: {
        operationId: 'getCourse',
        tags: ['catalog'],
        summary: 'One course',
        description:
          'A course by its code, with its terms, when it next starts, and registration links for the terms open for registration.',
        requestHeaders: catalogRequestHeaders,
        responses: {
          200: {
            description: 'The course',
            headers: catalogCacheHeaders,
            schema: apiCourseSchema,
            example: exampleCourse,
          },
          304: notModified,
          404: { description: 'No course has this code', codes: ['NOT_FOUND'] },
          500: catalogFailed,
        },
      },
    },
  },
  {
    path: '/api/terms',
    methods: GET_HEAD,
    operations: {
      get: {
        operationId: 'listTerms',
        tags: ['catalog'],
        summary: 'The academic terms and their key dates',
        description:
          "Every term in calendar order, whether its registration is open, and its key dates (whole days in the institute's time zone); " +
          '`current` names the term under way at the time of the request.',
        requestHeaders: catalogRequestHeaders,
        responses: {
          200: {
            description: 'The terms',
            headers: catalogCacheHeaders,
            schema: termsResponseSchema,
            example: {
              timeZone: 'Europe/London',
              current: '2026-fall',
              results: [
                {
                  id: '2027-spring',
                  name: 'Spring 2027',
                  starts: '2027-01-18',
                  ends: '2027-05-07',
                  registrationOpen: true,
                  keyDates: [
                    {
                      id: '2027-spring-add-drop-deadline',
                      kind: 'add-drop-deadline',
                      label: 'Last day to add or drop a course',
                      date: '2027-01-29',
                      until: '2027-01-29',
                    },
                  ],
                },
              ],
            },
          },
          304: notModified,
          400: catalogBadQuery,
          500: catalogFailed,
        },
      },
    },
  },
  {
    path: '/api/events',
    methods: GET_HEAD,
    operations: {
      get: {
        operationId: 'listEvents',
        tags: ['catalog'],
        summary: 'Upcoming events, or those in a date range',
        description:
          'The events overlapping `from`–`to`. `from` defaults to the time of the request, so by default the events not yet over ' +
          "(an event under way is still upcoming); give an earlier `from` for past events. Soonest first; `start` and `end` are ISO 8601 with the offset of the event's time zone.",
        query: eventQuerySchema,
        requestHeaders: catalogRequestHeaders,
        responses: {
          200: {
            description: 'The events',
            headers: catalogCacheHeaders,
            schema: eventsResponseSchema,
            example: { total: 1, results: [exampleEvent] },
          },
          304: notModified,
          400: catalogBadQuery,
          500: catalogFailed,
        },
      },
    },
  },
];
