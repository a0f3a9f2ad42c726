/**
 * The route table: every on-demand JSON route of the site, one entry each, and the only place its facts are kept.
 * Each capability keeps its routes, limits and descriptions together in `routes/<capability>.ts`; this module
 * puts them in the order /openapi.json lists them. /openapi.json, /developers, /auth.md, the `Allow` of each
 * route's 405, the JSON-only paths of the middleware, the body caps and fast paths of the server and the rate
 * limiter all read it. tests/unit/routes.test.ts fails when a route file has no entry here, or an entry no file.
 */
<<<<<<< HEAD
import type { z } from 'zod';
import type { ErrorCode } from '../../schemas/api-error.ts';
import { chatRequestSchema } from '../../schemas/chat.ts';
import {
  apiCourseSchema, courseQuerySchema, coursesResponseSchema, eventQuerySchema, eventsResponseSchema, ifNoneMatchSchema, termsResponseSchema,
} from '../../schemas/catalog-api.ts';
import { apiCatalogSchema } from '../../schemas/discovery.ts';
import {
  challengeRequiredSchema, challengeSiteKeySchema, idempotencyKeySchema, registrationAcceptedSchema, registrationSchema,
  signupAcceptedSchema, signupSchema,
} from '../../schemas/forms.ts';
import { healthSchema } from '../../schemas/health.ts';
import { confirmRequestSchema, confirmedSchema, unsubscribeQuerySchema, unsubscribedSchema } from '../../schemas/newsletter.ts';
import { searchQuerySchema, searchResponseSchema } from '../../schemas/search.ts';
=======
import packageJson from '../../../package.json' with { type: 'json' };
import { DEFAULT_BODY_LIMIT, type Route } from './route.ts';
import { chatRoutes } from './routes/chat.ts';
import { catalogRoutes, discoveryDocuments, unknownApiRoutes } from './routes/discovery.ts';
import { challengeRoutes, formRoutes } from './routes/forms.ts';
import { healthRoutes } from './routes/health.ts';
import { mcpRoutes } from './routes/mcp.ts';
import { newsletterRoutes } from './routes/newsletter.ts';
import { searchRoutes } from './routes/search.ts';
import { staffRoutes } from './routes/staff.ts';
>>>>>>> main

export type * from './route.ts';
export { DEFAULT_BODY_LIMIT } from './route.ts';

<<<<<<< HEAD
/** The rate limits' names: each is one counter (Redis key prefix `rl:<name>`), shared by whatever uses it. */
export type RateLimitName = 'signup' | 'registration' | 'chat' | 'search' | 'newsletter-link';

/** Requests per fixed window, per client IP. */
export interface RateLimitPolicy {
  name: RateLimitName;
  points: number;
  durationSeconds: number;
  /** What else counts against it, for the limits table of /developers. */
  shared?: string;
}

/** The body cap of every route without its own `bodyLimit`: routes that take no body. */
export const DEFAULT_BODY_LIMIT = 1024;

type HeaderObject = { $ref: string } | { description?: string; required: boolean; schema: object; example?: unknown };
export type ResponseHeaders = Record<string, HeaderObject>;

export const rateLimitHeaders: ResponseHeaders = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
};
export const retryAfter: ResponseHeaders = { 'Retry-After': { $ref: '#/components/headers/Retry-After' } };

/** A successful (or redirect) answer: a zod schema as JSON, or content as OpenAPI writes it. */
export interface Answer {
  description: string;
  schema?: z.ZodType;
  mediaType?: string;
  example?: unknown;
  content?: Record<string, unknown>;
  headers?: ResponseHeaders;
}

/** An ApiError answer: the codes the route can give with this status; the examples come from the error factories. */
export interface ErrorAnswer {
  description: string;
  codes: ErrorCode[];
  headers?: ResponseHeaders;
}

export type Tag = 'search' | 'catalog' | 'chat' | 'forms' | 'challenge' | 'health' | 'discovery' | 'auth';

export interface Operation {
  operationId: string;
  tags: Tag[];
  summary: string;
  description: string;
  /** Query parameters, one per field. */
  query?: z.ZodObject;
  /** Request headers the route reads (all optional). */
  requestHeaders?: Record<string, z.ZodType>;
  /** Other parameters, as OpenAPI writes them. */
  parameters?: object[];
  /** A required JSON body, or content as OpenAPI writes it. */
  request?: { schema: z.ZodType; example: unknown } | { content: Record<string, unknown> };
  /**
   * The answers. The generator adds 405 (from `methods`), and, for a route with a `bodyLimit` that takes a body,
   * 413, so neither is listed here.
   */
  responses: Record<number, Answer | ErrorAnswer>;
}

export interface Route {
  /** The public path, `{name}` for a parameter; a parameter at the end takes the rest of the path (`[...name]`). */
  path: string;
  /** What the route serves; anything else is a 405 naming these in `Allow`. Empty: every method is answered alike. */
  methods: string[];
  rateLimit?: RateLimitPolicy;
  /** Bytes of request body, enforced by the server before the route runs; default DEFAULT_BODY_LIMIT. */
  bodyLimit?: number;
  /** Path-level parameters, as OpenAPI writes them. */
  parameters?: object[];
  /** What /openapi.json describes, by lower-case method. Routes without are JSON documents outside the API. */
  operations?: Partial<Record<'get' | 'head' | 'post', Operation>>;
}

const FORM_BODY_LIMIT = 16 * 1024;
const GET_HEAD = ['GET', 'HEAD'];
const kib = (bytes: number) => `${bytes / 1024} KiB`;

/** A window for people: 60 → "minute", 600 → "10 minutes", 90 → "90 seconds". */
export function windowText(seconds: number): string {
  if (seconds === 60) return 'minute';
  return seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} seconds`;
}

const policyText = ({ points, durationSeconds }: RateLimitPolicy) =>
  `Rate limited: ${points} requests per ${windowText(durationSeconds)} per client IP.`;

// Only searches the answer cache cannot answer count (GET /api/search, the /search/ page, MCP search_site,
// together). Someone typing into the search box sends one request per pause, and common prefixes are cached:
// 60 a minute is far above what a person asks, while one client can keep at most 60 worker searches a minute
// busy, so a handful of addresses cannot starve the workers.
const searchLimit: RateLimitPolicy = {
  name: 'search', points: 60, durationSeconds: 60, shared: 'and MCP search_site, together: only searches not answered from the cache',
};
const chatLimit: RateLimitPolicy = { name: 'chat', points: 20, durationSeconds: 600 };
const signupLimit: RateLimitPolicy = { name: 'signup', points: 3, durationSeconds: 600 };
const registrationLimit: RateLimitPolicy = { name: 'registration', points: 3, durationSeconds: 600 };
const CHAT_BODY_LIMIT = 64 * 1024;
// The links in the emails (confirm and unsubscribe, API and pages together). The tokens are HMAC-signed, so the
// limit only caps the work one address can cause; it is wider than the forms' because mail providers send
// RFC 8058 one-click unsubscribes for many people from few addresses.
const newsletterLinkLimit: RateLimitPolicy = {
  name: 'newsletter-link', points: 60, durationSeconds: 60, shared: 'the confirm and unsubscribe pages and routes, together',
};
const LINK_BODY_LIMIT = 2048;

/** The answers every rate-limited POST route shares; each carries the rate-limit headers. */
const postErrors = {
  415: { description: 'The body is not `application/json`', codes: ['UNSUPPORTED_MEDIA_TYPE'], headers: rateLimitHeaders },
  429: { description: 'Over the rate limit for this route', codes: ['RATE_LIMITED'], headers: { ...rateLimitHeaders, ...retryAfter } },
  500: { description: 'Something unexpected; no internals in the body', codes: ['INTERNAL_ERROR'], headers: rateLimitHeaders },
} satisfies Record<number, ErrorAnswer>;
const formChallengeErrors: ErrorCode[] = ['CHALLENGE_REQUIRED', 'CHALLENGE_FAILED'];
const formUnavailable: ErrorAnswer = {
  description: 'The challenge verifier or the store is unavailable; nothing was stored',
  codes: ['CHALLENGE_UNAVAILABLE', 'STORAGE_UNAVAILABLE'], headers: { ...rateLimitHeaders, ...retryAfter },
};
const authNotConfigured: ErrorAnswer = { description: 'No staff identity provider is configured on this server, or no such action', codes: ['NOT_FOUND'] };
const redirect: Answer = { description: 'Redirect to the identity provider or back to the site' };
=======
/** The API's version is the package's: /openapi.json, the AI catalog, the MCP server and /developers say it. No path carries it. */
export const API_VERSION: string = packageJson.version;
>>>>>>> main

// ---- The catalog: courses, terms and events as data (issue 25). Read-only, answered for the request's clock. ----

/** What every catalog answer carries: a short public cache and an ETag to revalidate with. */
const catalogCacheHeaders: ResponseHeaders = {
  ETag: { description: 'The answer\'s version; send it back in `If-None-Match` to revalidate', required: true, schema: { type: 'string' }, example: '"q3Jb1xk0h2Z0cP3sZ1m9Yw4dF7eT2uA"' },
  'Cache-Control': { description: 'Reusable for a minute: "upcoming" is decided per request', required: true, schema: { type: 'string' }, example: 'public, max-age=60' },
};
const notModified: Answer = { description: 'The `If-None-Match` ETag is still current; no body', headers: catalogCacheHeaders };
const catalogRequestHeaders = { 'If-None-Match': ifNoneMatchSchema };
const catalogBadQuery: ErrorAnswer = { description: 'A parameter is invalid or unknown; each issue names the values allowed', codes: ['INVALID_QUERY'] };
const catalogFailed: ErrorAnswer = { description: 'Something unexpected; no internals in the body', codes: ['INTERNAL_ERROR'] };
const exampleEvent = {
  id: 'open-day-2027-03', title: 'Open day for Fall 2027 applicants', kind: 'open-day',
  start: '2027-03-13T10:00:00+00:00', end: '2027-03-13T16:00:00+00:00', timeZone: 'Europe/London',
  place: 'Main campus, Harrow Vale', online: 'https://northgate.example/live/',
  summary: 'Sample classes, a tour of the campus and library, a talk about fees and scholarships.', booking: 'mailto:admissions@northgate.example',
  url: '/events/#open-day-2027-03',
};
const exampleCourse = {
  code: 'BIB201', title: 'Biblical Greek I', summary: 'An introduction to the grammar of New Testament Greek.', department: 'biblical-studies',
  credits: 3, level: 'intermediate', delivery: 'online', prerequisites: ['BIB101'], instructors: ['Dr. Miriam Okafor'],
  terms: [{ id: '2027-spring', name: 'Spring 2027', starts: '2027-01-18', registrationOpen: true, registerUrl: '/register/?term=2027-spring&course=BIB201' }],
  nextStart: { id: '2027-spring', name: 'Spring 2027', starts: '2027-01-18', registrationOpen: true, registerUrl: '/register/?term=2027-spring&course=BIB201' },
  url: '/courses/bib201/', markdownUrl: '/courses/bib201.md',
};

const catalogRoutes: Route[] = [
  {
    path: '/api/courses', methods: GET_HEAD,
    operations: {
      get: {
        operationId: 'listCourses', tags: ['catalog'], summary: 'List and filter the courses',
        description: 'The course catalog, filtered by department, level, delivery, term, open registration, credits and free text (every filter narrows), '
          + 'paged like /api/search. Each course says when it next starts and links to the registration form for each term whose registration is open.',
        query: courseQuerySchema, requestHeaders: catalogRequestHeaders,
        responses: {
          200: {
            description: 'The matching courses, by code', headers: catalogCacheHeaders, schema: coursesResponseSchema,
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
    path: '/api/courses/{code}', methods: GET_HEAD,
    parameters: [{ name: 'code', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z]{2,4}[0-9]{3}$' }, description: 'Course code, any case', example: 'BIB201' }],
    operations: {
      get: {
        operationId: 'getCourse', tags: ['catalog'], summary: 'One course',
        description: 'A course by its code, with its terms, when it next starts, and registration links for the terms open for registration.',
        requestHeaders: catalogRequestHeaders,
        responses: {
          200: { description: 'The course', headers: catalogCacheHeaders, schema: apiCourseSchema, example: exampleCourse },
          304: notModified,
          404: { description: 'No course has this code', codes: ['NOT_FOUND'] },
          500: catalogFailed,
        },
      },
    },
  },
  {
    path: '/api/terms', methods: GET_HEAD,
    operations: {
      get: {
        operationId: 'listTerms', tags: ['catalog'], summary: 'The academic terms and their key dates',
        description: 'Every term in calendar order, whether its registration is open, and its key dates (whole days in the institute\'s time zone); '
          + '`current` names the term under way at the time of the request.',
        requestHeaders: catalogRequestHeaders,
        responses: {
          200: {
            description: 'The terms', headers: catalogCacheHeaders, schema: termsResponseSchema,
            example: {
              timeZone: 'Europe/London', current: '2026-fall',
              results: [{
                id: '2027-spring', name: 'Spring 2027', starts: '2027-01-18', ends: '2027-05-07', registrationOpen: true,
                keyDates: [{ id: '2027-spring-add-drop-deadline', kind: 'add-drop-deadline', label: 'Last day to add or drop a course', date: '2027-01-29', until: '2027-01-29' }],
              }],
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
    path: '/api/events', methods: GET_HEAD,
    operations: {
      get: {
        operationId: 'listEvents', tags: ['catalog'], summary: 'Upcoming events, or those in a date range',
        description: 'The events overlapping `from`–`to`. `from` defaults to the time of the request, so by default the events not yet over '
          + '(an event under way is still upcoming); give an earlier `from` for past events. Soonest first; `start` and `end` are ISO 8601 with the offset of the event\'s time zone.',
        query: eventQuerySchema, requestHeaders: catalogRequestHeaders,
        responses: {
          200: { description: 'The events', headers: catalogCacheHeaders, schema: eventsResponseSchema, example: { total: 1, results: [exampleEvent] } },
          304: notModified,
          400: catalogBadQuery,
          500: catalogFailed,
        },
      },
    },
  },
];

/** The API: /openapi.json describes these, in this order. */
export const apiRoutes: Route[] = [
<<<<<<< HEAD
  {
    path: '/.well-known/api-catalog', methods: GET_HEAD,
    operations: {
      get: {
        operationId: 'getApiCatalog', tags: ['discovery'], summary: 'API catalog (RFC 9727)',
        description: 'The machine-readable entry point: where this OpenAPI document, the developer guide and the health probe are, as absolute URLs.',
        responses: {
          200: { description: 'An RFC 9264 linkset pointing to this document, the developer guide and the health probe', schema: apiCatalogSchema, mediaType: 'application/linkset+json' },
        },
      },
      head: {
        operationId: 'headApiCatalog', tags: ['discovery'], summary: 'Where the API catalog is',
        description: 'RFC 9727 section 3: the catalog\'s own URL in a `Link` header with `rel="api-catalog"`, without a body.',
        responses: {
          200: {
            description: 'No body; `Link` names the catalog',
            headers: { Link: { required: true, schema: { type: 'string' }, example: '<https://northgate.example/.well-known/api-catalog>; rel="api-catalog"' } },
          },
        },
      },
    },
  },
  {
    path: '/api/health', methods: GET_HEAD,
    operations: {
      get: {
        operationId: 'getHealth', tags: ['health'], summary: 'Liveness probe',
        description: 'Answers while the server process runs; it does not check the store or the language model.',
        responses: { 200: { description: 'The server is up', schema: healthSchema, example: { status: 'ok' } } },
      },
    },
  },
  {
    path: '/api/search', methods: GET_HEAD, rateLimit: searchLimit,
    operations: {
      get: {
        operationId: 'searchSite', tags: ['search'], summary: 'Search the site\'s pages',
        description: 'Full-text search over courses, programs, handbook pages and the institute\'s pages (the Pagefind index built with the site). '
          + `${policyText(searchLimit)} Only searches not answered from the server's cache count (the same search again is free), `
          + 'together with the MCP tool search_site.',
        query: searchQuerySchema,
        responses: {
          200: {
            description: 'Matching pages, best first', headers: rateLimitHeaders, schema: searchResponseSchema,
            example: {
              query: 'greek', total: 3, limit: 10, offset: 0,
              results: [{ title: 'BIB201: Biblical Greek I', url: '/courses/bib201/', type: 'course', excerpt: 'An introduction to <mark>Greek</mark> grammar…', markdownUrl: '/courses/bib201.md' }],
            },
          },
          400: { description: 'A parameter is missing or invalid; `issues` lists each', codes: ['INVALID_QUERY'] },
          429: { description: 'Over the search limit for this client', codes: ['RATE_LIMITED'], headers: { ...rateLimitHeaders, ...retryAfter } },
          500: { description: 'Something unexpected; no internals in the body', codes: ['INTERNAL_ERROR'] },
          503: { description: 'Every search worker is busy and the queue is full; retry after `Retry-After` seconds', codes: ['SEARCH_UNAVAILABLE'], headers: { ...rateLimitHeaders, ...retryAfter } },
        },
      },
    },
  },
  ...catalogRoutes,
  {
    path: '/api/chat', methods: ['POST'], rateLimit: chatLimit, bodyLimit: CHAT_BODY_LIMIT,
    operations: {
      post: {
        operationId: 'chat', tags: ['chat'], summary: 'Ask the site a question (streamed answer)',
        description: `Retrieval-augmented answer from the site's pages, streamed as an AI SDK UI message stream: a \`source-url\` part for every page used, then the text. ${policyText(chatLimit)} Body at most ${kib(CHAT_BODY_LIMIT)}.`,
        request: { schema: chatRequestSchema, example: { messages: [{ id: 'msg_1', role: 'user', parts: [{ type: 'text', text: 'Can I study Greek online?' }] }] } },
        responses: {
          200: {
            description: 'AI SDK UI message stream (Server-Sent Events)',
            headers: { ...rateLimitHeaders, 'x-vercel-ai-ui-message-stream': { schema: { type: 'string', const: 'v1' }, required: true } },
            content: { 'text/event-stream': { schema: { type: 'string', description: 'data: lines, each one JSON UI message chunk; ends with data: [DONE]' } } },
          },
          400: { description: 'The body is not valid JSON or not a chat request', codes: ['INVALID_BODY'], headers: rateLimitHeaders },
          ...postErrors,
          503: {
            description: 'No language model is configured, it failed before the answer started, or this server is already writing as many answers as it may (then with `Retry-After`)',
            codes: ['AI_UNAVAILABLE'],
            headers: {
              ...rateLimitHeaders,
              'Retry-After': { description: 'Only when the chat is busy: seconds to wait before asking again', required: false, schema: { type: 'integer', minimum: 1 }, example: 5 },
            },
          },
        },
      },
    },
  },
  {
    path: '/api/email-marketing-signup', methods: ['POST'], rateLimit: signupLimit, bodyLimit: FORM_BODY_LIMIT,
    operations: {
      post: {
        operationId: 'signUpForNewsletter', tags: ['forms'], summary: 'Subscribe to the newsletter',
        description: `The same answer for a new and an already subscribed address. ${policyText(signupLimit)} Body at most ${kib(FORM_BODY_LIMIT)}.`,
        request: { schema: signupSchema, example: { email: 'ada@example.org', name: 'Ada', interests: ['courses', 'online-learning'] } },
        responses: {
          200: { description: 'Accepted and stored', headers: rateLimitHeaders, schema: signupAcceptedSchema, example: { status: 'accepted' } },
          400: { description: 'Invalid body or bot challenge', codes: ['INVALID_BODY', ...formChallengeErrors], headers: rateLimitHeaders },
          ...postErrors,
          503: formUnavailable,
        },
      },
    },
  },
  {
    path: '/api/course-registration', methods: ['POST'], rateLimit: registrationLimit, bodyLimit: FORM_BODY_LIMIT,
    operations: {
      post: {
        operationId: 'registerForCourses', tags: ['forms'], summary: 'Register a returning student for courses',
        description: `Each course must exist and run in the chosen term. ${policyText(registrationLimit)} Body at most ${kib(FORM_BODY_LIMIT)}.`,
        requestHeaders: { 'Idempotency-Key': idempotencyKeySchema },
        request: {
          schema: registrationSchema,
          example: {
            student: { studentId: 'S123456', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
            term: '2027-spring', courses: [{ code: 'BIB201' }, { code: 'THE310', section: 'B' }],
          },
        },
        responses: {
          200: { description: 'Accepted and stored', headers: rateLimitHeaders, schema: registrationAcceptedSchema, example: { status: 'accepted', registrationId: 'reg_01JD8W3K' } },
          400: { description: 'Invalid body (unknown course, term not open…) or bot challenge', codes: ['INVALID_BODY', ...formChallengeErrors], headers: rateLimitHeaders },
          ...postErrors,
          503: formUnavailable,
        },
      },
    },
  },
  {
    path: '/api/newsletter/confirm', methods: ['POST'], rateLimit: newsletterLinkLimit, bodyLimit: LINK_BODY_LIMIT,
    operations: {
      post: {
        operationId: 'confirmNewsletterSubscription', tags: ['forms'], summary: 'Confirm a newsletter subscription (double opt-in)',
        description: 'What the confirmation link in the email does (the link opens /newsletter/confirm/, which calls the same code): '
          + `a pending address becomes a confirmed subscriber. The token expires after 72 hours and works once. ${policyText(newsletterLinkLimit)}`,
        request: { schema: confirmRequestSchema, example: { token: 'eyJwIjoiY29uZmlybSIsInMiOiJzdWJfNmZRazFuIiwiZSI6MTc5NTM0NjkxMzIzOH0.qZ3v0Xc9kF1mT8bWn2yLr5HsJ4aP7dUe6oGiN0tVxQc' } },
        responses: {
          200: { description: 'Confirmed', headers: rateLimitHeaders, schema: confirmedSchema, example: { status: 'confirmed' } },
          400: { description: 'The token was changed, has expired or was used already; or the body is invalid', codes: ['INVALID_TOKEN', 'INVALID_BODY'], headers: rateLimitHeaders },
          ...postErrors,
          503: { description: 'The store is unavailable; nothing changed', codes: ['STORAGE_UNAVAILABLE'], headers: { ...rateLimitHeaders, ...retryAfter } },
        },
      },
    },
  },
  {
    path: '/api/newsletter/unsubscribe', methods: ['GET', 'HEAD', 'POST'], rateLimit: newsletterLinkLimit, bodyLimit: LINK_BODY_LIMIT,
    operations: {
      get: {
        operationId: 'openUnsubscribePage', tags: ['forms'], summary: 'The List-Unsubscribe link opened in a browser',
        description: 'Every email to a subscriber names this URL in `List-Unsubscribe`. Opened in a browser, it redirects to the '
          + 'unsubscribe page, which has one button; nothing changes until it is pressed.',
        query: unsubscribeQuerySchema,
        responses: {
          303: {
            description: 'To /newsletter/unsubscribe/ with the same token',
            headers: { Location: { required: true, schema: { type: 'string' }, example: '/newsletter/unsubscribe/?token=eyJ…' } },
          },
        },
      },
      post: {
        operationId: 'unsubscribeFromNewsletter', tags: ['forms'], summary: 'One-click unsubscribe (RFC 8058)',
        description: 'What a mail provider sends for `List-Unsubscribe-Post: List-Unsubscribe=One-Click`: the body '
          + '`List-Unsubscribe=One-Click` (form-encoded or multipart), the token in the query, no cookie. Unsubscribes at once; '
          + `the address is deleted within 30 days. The unsubscribe page's button sends the same request. ${policyText(newsletterLinkLimit)}`,
        query: unsubscribeQuerySchema,
        request: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', required: ['List-Unsubscribe'], properties: { 'List-Unsubscribe': { type: 'string', const: 'One-Click' } } },
              example: { 'List-Unsubscribe': 'One-Click' },
            },
          },
        },
        responses: {
          200: { description: 'Unsubscribed', headers: rateLimitHeaders, schema: unsubscribedSchema, example: { status: 'unsubscribed' } },
          303: { description: 'Only for a browser\'s form post (`Sec-Fetch-Mode: navigate`): to the page saying it is done', headers: rateLimitHeaders },
          400: { description: 'The token was changed or was used already, or the body is not `List-Unsubscribe=One-Click`', codes: ['INVALID_TOKEN', 'INVALID_BODY'], headers: rateLimitHeaders },
          ...postErrors,
          415: { description: 'The body is not form-encoded (`application/x-www-form-urlencoded` or `multipart/form-data`)', codes: ['UNSUPPORTED_MEDIA_TYPE'], headers: rateLimitHeaders },
          503: { description: 'The store is unavailable; nothing changed', codes: ['STORAGE_UNAVAILABLE'], headers: { ...rateLimitHeaders, ...retryAfter } },
        },
      },
    },
  },
  {
    path: '/api/challenge/site-key', methods: GET_HEAD,
    operations: {
      get: {
        operationId: 'getChallengeSiteKey', tags: ['challenge'], summary: 'Publishable Turnstile site key for the form widgets',
        description: 'The public site key a client renders the Turnstile widget with, to obtain the `turnstileToken` the form APIs accept.',
        responses: {
          200: { description: 'The site key', schema: challengeSiteKeySchema, example: { siteKey: '0x4AAAAAAAxxxxxxxx' } },
          503: { description: 'No bot challenge is configured', codes: ['CHALLENGE_NOT_CONFIGURED'] },
        },
      },
    },
  },
  {
    path: '/api/challenge/required', methods: GET_HEAD,
    operations: {
      get: {
        operationId: 'getChallengeRequired', tags: ['challenge'], summary: 'Whether the form APIs need a turnstileToken',
        description: 'When `required` is true, the signup and registration bodies must carry a fresh `turnstileToken`; otherwise they may omit it.',
        responses: { 200: { description: 'The flag', schema: challengeRequiredSchema, example: { required: false } } },
      },
    },
  },
  {
    // Auth.js's forms: a CSRF token and a callback URL.
    path: '/api/auth/{action}', methods: ['GET', 'POST'], bodyLimit: 8 * 1024,
    parameters: [{
      name: 'action', in: 'path', required: true, schema: { type: 'string' },
      description: 'Auth.js action, one or more path segments: session, csrf, providers, signin/{provider}, callback/{provider}, signout',
      example: 'session',
    }],
    operations: {
      get: {
        operationId: 'staffAuthGet', tags: ['auth'], summary: 'Staff sign-in handler (GET actions)',
        description: 'Auth.js for staff of the institute, with its external identity provider. Not an OAuth API for third parties: see /auth.md.',
        responses: {
          200: { description: 'The handler\'s answer (JSON for session, csrf and providers)', content: { 'application/json': { schema: {} }, 'text/html': { schema: { type: 'string' } } } },
          302: redirect,
          404: authNotConfigured,
        },
      },
      post: {
        operationId: 'staffAuthPost', tags: ['auth'], summary: 'Staff sign-in handler (POST actions: sign-in, sign-out)',
        description: 'Form posts carrying the Auth.js CSRF token. Not an OAuth API for third parties: see /auth.md.',
        request: { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { csrfToken: { type: 'string' }, callbackUrl: { type: 'string' } } } } } },
        responses: {
          200: { description: 'The handler\'s answer', content: { 'application/json': { schema: {} } } },
          302: redirect,
          400: { description: 'Auth.js refused the request (e.g. a session update without its CSRF token)', codes: ['INVALID_BODY'] },
          404: authNotConfigured,
        },
      },
    },
  },
  {
    path: '/api/{unknown}', methods: [],
    operations: {
      get: {
        operationId: 'unknownApiPath', tags: ['discovery'], summary: 'Any path no route serves (every method)',
        description: 'Not a route to call: it documents that every other path under /api/, with any method, answers `404 NOT_FOUND` as an `ApiError` whose resolution points to this document.',
        parameters: [{ name: 'unknown', in: 'path', required: true, schema: { type: 'string' }, description: 'Any unadvertised path under /api/', example: 'nope' }],
        responses: { 404: { description: 'No such API route; the resolution points here', codes: ['NOT_FOUND'] } },
      },
    },
  },
=======
  ...catalogRoutes,
  ...healthRoutes,
  ...searchRoutes,
  ...chatRoutes,
  ...formRoutes,
  ...newsletterRoutes,
  ...challengeRoutes,
  ...staffRoutes,
  ...unknownApiRoutes,
>>>>>>> main
];

/** The documents outside the API: JSON (or JSON-RPC on /mcp) on every error too, never HTML. */
export const documentRoutes: Route[] = [...discoveryDocuments, ...mcpRoutes];

export const allRoutes: Route[] = [...apiRoutes, ...documentRoutes];

/**
 * The entry of `path`, as the table spells it; throws for a path it does not hold, so a typo fails at start.
 * @example export const ALL = methodNotAllowed(route('/api/search'));
 */
export function route(path: string): Route {
  const found = allRoutes.find((r) => r.path === path);
  if (!found) throw new Error(`${path} is not in the route table (src/lib/api/routes/)`);
  return found;
}

/** A route's body cap in bytes. */
export const maxBody = (r: Route) => r.bodyLimit ?? DEFAULT_BODY_LIMIT;

/** The routes with a fast path in the server (server/app.ts), by path. */
export const fastPaths: ReadonlyMap<string, Route> = new Map(allRoutes.flatMap((r) => (r.fastPath ? [[r.path, r] as const] : [])));

/**
 * What a table path matches: a path with a parameter at the end matches every path under its prefix
 * (`/api/auth/{action}` → `/api/auth/`), any other exactly itself.
 */
export function pathPattern(path: string): { exact: string } | { prefix: string } {
  const param = path.indexOf('{');
  return param === -1 ? { exact: path } : { prefix: path.slice(0, param) };
}
