/**
 * /openapi.json: OpenAPI 3.1.0 for every route of the specification's endpoint table. Bodies and parameters
 * come from the zod schemas the routes validate with (openapi-schemas.ts); this file only says which route
 * answers what, with which headers, and gives examples.
 */
import type { ErrorCode } from '../../schemas/api-error.ts';
import { getConfig } from '../config.ts';
import { idempotencyKeySchema } from '../../schemas/forms.ts';
import { searchQuerySchema } from '../../schemas/search.ts';
import { SITE_NAME } from '../site.ts';
import { rateLimitPolicies, windowText } from '../limits/policies.ts';
import { AUTH_BODY_LIMIT } from '../http/body-limits.ts';
import { componentSchemas, jsonSchemaOf, ref, type ComponentName } from './openapi-schemas.ts';

export const OPENAPI_VERSION = '1.1.0';

/** Example texts for the error examples; the routes' real messages say more. */
const errorExamples: Record<ErrorCode, { message: string; resolution?: string }> = {
  NOT_FOUND: { message: 'This API path does not exist.', resolution: 'See /openapi.json for the routes this API offers.' },
  METHOD_NOT_ALLOWED: { message: 'DELETE is not allowed here.', resolution: 'Use GET or HEAD. See /openapi.json.' },
  INVALID_QUERY: { message: 'Invalid search parameters: q.', resolution: 'Send q (1–256 characters).' },
  INVALID_BODY: { message: 'The body has invalid fields: email.', resolution: 'Fix each field listed in issues.' },
  UNSUPPORTED_MEDIA_TYPE: { message: 'This route accepts only JSON bodies.', resolution: 'Send Content-Type: application/json.' },
  PAYLOAD_TOO_LARGE: { message: 'The body is larger than 16 KiB.', resolution: 'Send at most 16384 bytes.' },
  CHALLENGE_REQUIRED: { message: 'This form needs a bot-challenge token.', resolution: 'Send turnstileToken from the Turnstile widget.' },
  CHALLENGE_FAILED: { message: 'The bot-challenge token was not accepted.', resolution: 'Solve the challenge again and send the new token.' },
  CHALLENGE_UNAVAILABLE: { message: 'The bot-challenge verifier could not be reached.', resolution: 'Retry after the Retry-After seconds.' },
  CHALLENGE_NOT_CONFIGURED: { message: 'No bot challenge is configured on this site.' },
  RATE_LIMITED: { message: 'Too many requests.', resolution: 'Wait for the Retry-After seconds.' },
  AI_UNAVAILABLE: { message: 'The chat is not available: this site has no language model configured.', resolution: 'Use /api/search to find pages.' },
  STORAGE_UNAVAILABLE: { message: 'We could not save this right now; nothing was stored.', resolution: 'Try again in a minute.' },
  SEARCH_UNAVAILABLE: { message: 'The search is busy right now.', resolution: 'Try again in 1 second (Retry-After).' },
  INTERNAL_ERROR: { message: 'Something went wrong on our side.', resolution: 'Try again later.' },
};

const json = (schema: ComponentName, example?: unknown) => ({
  'application/json': { schema: ref(schema), ...(example === undefined ? {} : { example }) },
});

type Headers = Record<string, { $ref: string } | { description: string; required: boolean; schema: object; example?: unknown }>;
const rateLimitHeaders: Headers = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
};
const retryAfter: Headers = { 'Retry-After': { $ref: '#/components/headers/Retry-After' } };

/** An ApiError answer with one example per code the route can give for this status. */
function error(description: string, codes: ErrorCode[], headers?: Headers) {
  const examples = Object.fromEntries(codes.map((code) => [code, { value: { error: { code, ...errorExamples[code] } } }]));
  return { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema: ref('ApiError'), examples } } };
}

const methodNotAllowed = error('The path exists but not for this method; `Allow` lists the methods', ['METHOD_NOT_ALLOWED']);
const authNotConfigured = error('No staff identity provider is configured on this server, or no such action', ['NOT_FOUND']);
const internal = error('Something unexpected; no internals in the body', ['INTERNAL_ERROR']);

/** The answers every rate-limited POST route shares; each carries the rate-limit headers. */
function postErrors(bodyLimit: string, extra: Record<string, unknown> = {}) {
  return {
    '405': methodNotAllowed,
    // Refused by the server before the route runs (so before the rate limiter): no rate-limit headers.
    '413': error(`The body is larger than ${bodyLimit}: refused as soon as Content-Length says so, or while reading a chunked body`, ['PAYLOAD_TOO_LARGE']),
    '415': error('The body is not `application/json`', ['UNSUPPORTED_MEDIA_TYPE'], rateLimitHeaders),
    '429': error('Over the rate limit for this route', ['RATE_LIMITED'], { ...rateLimitHeaders, ...retryAfter }),
    ...extra,
    '500': error('Something unexpected; no internals in the body', ['INTERNAL_ERROR'], rateLimitHeaders),
  };
}

const policyText = (route: keyof typeof rateLimitPolicies) => {
  const { points, durationSeconds } = rateLimitPolicies[route];
  return `Rate limited: ${points} requests per ${windowText(durationSeconds)} per client IP.`;
};

function searchParameters() {
  return Object.entries(searchQuerySchema.shape).map(([name, schema]) => ({
    name, in: 'query', required: name === 'q', schema: jsonSchemaOf(schema), description: schema.description,
  }));
}

let built: { paths: Record<string, Record<string, unknown>>; components: Record<string, unknown> } | undefined;

/**
 * The whole document. Paths and components are built once per process (they depend only on the code); the links
 * in `info` and `externalDocs` must be absolute URLs (linters and code generators refuse relative ones), so they
 * use the public origin: SITE_URL, or the request's own (see siteOrigin).
 * @example openApiDocument('https://northgate.example').externalDocs.url === 'https://northgate.example/developers'
 */
export function openApiDocument(origin: string): Record<string, unknown> {
  built ??= { paths: publicOperations(buildPaths()), components: buildComponents() };
  return {
    openapi: '3.1.0',
    info: {
      title: `${SITE_NAME} public API`,
      version: OPENAPI_VERSION,
      summary: 'Site search, AI chat, newsletter signup, course registration, bot-challenge helpers, health and discovery.',
      description: 'Public routes are anonymous: no key or token. Errors are always JSON `ApiError` bodies. '
        + 'The guide with runnable examples is at /developers; staff sign-in is explained at /auth.md.',
      contact: { name: `${SITE_NAME}, developer contact`, email: getConfig().CONTACT_EMAIL, url: `${origin}/developers` },
      // The API serves the institute's own pages and texts, © the institute like the rest of the site.
      license: { name: 'Proprietary: all rights reserved', url: `${origin}/developers#terms` },
    },
    servers: [{ url: '/' }],
    externalDocs: { description: 'Developer guide', url: `${origin}/developers` },
    tags: [
      { name: 'search', description: 'Full-text search over the site\'s pages' },
      { name: 'chat', description: 'Questions answered from the site\'s pages by a language model' },
      { name: 'forms', description: 'Newsletter signup and course registration' },
      { name: 'challenge', description: 'Whether the forms need a Turnstile bot-challenge token, and the widget\'s site key' },
      { name: 'health', description: 'Liveness probe for monitors' },
      { name: 'discovery', description: 'Where the API and its documents are, and what unknown paths answer' },
      { name: 'auth', description: 'Staff sign-in (Auth.js); not an API for third parties' },
    ],
    paths: built.paths,
    components: built.components,
  };
}

function buildComponents(): Record<string, unknown> {
  return {
    schemas: componentSchemas(),
    headers: {
      'X-RateLimit-Limit': { description: 'Requests allowed in the current window', required: true, schema: { type: 'integer', minimum: 0 }, example: 3 },
      'X-RateLimit-Remaining': { description: 'Requests left in the current window', required: true, schema: { type: 'integer', minimum: 0 }, example: 2 },
      'X-RateLimit-Reset': { description: 'When the window resets, Unix time in milliseconds', required: true, schema: { type: 'integer' }, example: 1798765200000 },
      'Retry-After': { description: 'Seconds to wait before retrying (rounded up)', required: true, schema: { type: 'integer', minimum: 0 }, example: 540 },
    },
  };
}

const METHODS = new Set(['get', 'head', 'post', 'put', 'patch', 'delete', 'options']);

/** Every operation is anonymous (`security: []`), unless it says otherwise; none needs a security scheme today. */
function publicOperations(all: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  for (const item of Object.values(all)) {
    for (const [method, op] of Object.entries(item)) if (METHODS.has(method)) (op as { security?: unknown[] }).security ??= [];
  }
  return all;
}

function buildPaths(): Record<string, Record<string, unknown>> {
  const formChallengeErrors = ['CHALLENGE_REQUIRED', 'CHALLENGE_FAILED'] as ErrorCode[];
  return {
    '/.well-known/api-catalog': {
      get: {
        operationId: 'getApiCatalog', tags: ['discovery'], summary: 'API catalog (RFC 9727)',
        description: 'The machine-readable entry point: where this OpenAPI document, the developer guide and the health probe are, as absolute URLs.',
        responses: {
          '200': {
            description: 'An RFC 9264 linkset pointing to this document, the developer guide and the health probe',
            content: { 'application/linkset+json': { schema: ref('ApiCatalog') } },
          },
          '405': methodNotAllowed,
        },
      },
      head: {
        operationId: 'headApiCatalog', tags: ['discovery'], summary: 'Where the API catalog is',
        description: 'RFC 9727 section 3: the catalog\'s own URL in a `Link` header with `rel="api-catalog"`, without a body.',
        responses: {
          '200': {
            description: 'No body; `Link` names the catalog',
            headers: { Link: { required: true, schema: { type: 'string' }, example: '<https://northgate.example/.well-known/api-catalog>; rel="api-catalog"' } },
          },
          '405': methodNotAllowed,
        },
      },
    },
    '/api/health': {
      get: {
        operationId: 'getHealth', tags: ['health'], summary: 'Liveness probe',
        description: 'Answers while the server process runs; it does not check the store or the language model.',
        responses: { '200': { description: 'The server is up', content: json('HealthStatus', { status: 'ok' }) }, '405': methodNotAllowed },
      },
    },
    '/api/search': {
      get: {
        operationId: 'searchSite', tags: ['search'], summary: 'Search the site\'s pages',
        description: 'Full-text search over courses, programs, handbook pages and the institute\'s pages (the Pagefind index built with the site). '
          + `${policyText('search')} Only searches not answered from the server's cache count (the same search again is free), `
          + 'together with the MCP tool search_site.',
        parameters: searchParameters(),
        responses: {
          '200': {
            description: 'Matching pages, best first',
            headers: rateLimitHeaders,
            content: json('SearchResponse', {
              query: 'greek', total: 3, limit: 10, offset: 0,
              results: [{ title: 'BIB201: Biblical Greek I', url: '/courses/bib201/', type: 'course', excerpt: 'An introduction to <mark>Greek</mark> grammar…', markdownUrl: '/courses/bib201.md' }],
            }),
          },
          '400': error('A parameter is missing or invalid; `issues` lists each', ['INVALID_QUERY']),
          '405': methodNotAllowed,
          '429': error('Over the search limit for this client', ['RATE_LIMITED'], { ...rateLimitHeaders, ...retryAfter }),
          '500': internal,
          '503': error('Every search worker is busy and the queue is full; retry after `Retry-After` seconds', ['SEARCH_UNAVAILABLE'], { ...rateLimitHeaders, ...retryAfter }),
        },
      },
    },
    '/api/chat': {
      post: {
        operationId: 'chat', tags: ['chat'], summary: 'Ask the site a question (streamed answer)',
        description: `Retrieval-augmented answer from the site's pages, streamed as an AI SDK UI message stream: a \`source-url\` part for every page used, then the text. ${policyText('chat')} Body at most 64 KiB.`,
        requestBody: {
          required: true,
          content: json('ChatRequest', { messages: [{ id: 'msg_1', role: 'user', parts: [{ type: 'text', text: 'Can I study Greek online?' }] }] }),
        },
        responses: {
          '200': {
            description: 'AI SDK UI message stream (Server-Sent Events)',
            headers: { ...rateLimitHeaders, 'x-vercel-ai-ui-message-stream': { schema: { type: 'string', const: 'v1' }, required: true } },
            content: { 'text/event-stream': { schema: { type: 'string', description: 'data: lines, each one JSON UI message chunk; ends with data: [DONE]' } } },
          },
          '400': error('The body is not valid JSON or not a chat request', ['INVALID_BODY'], rateLimitHeaders),
          ...postErrors('64 KiB', {
            '503': error('No language model is configured, it failed before the answer started, or this server is already writing as many answers as it may (then with `Retry-After`)', ['AI_UNAVAILABLE'], {
              ...rateLimitHeaders,
              'Retry-After': { description: 'Only when the chat is busy: seconds to wait before asking again', required: false, schema: { type: 'integer', minimum: 1 }, example: 5 },
            }),
          }),
        },
      },
    },
    '/api/email-marketing-signup': {
      post: {
        operationId: 'signUpForNewsletter', tags: ['forms'], summary: 'Subscribe to the newsletter',
        description: `The same answer for a new and an already subscribed address. ${policyText('signup')} Body at most 16 KiB.`,
        requestBody: { required: true, content: json('SignupRequest', { email: 'ada@example.org', name: 'Ada', interests: ['courses', 'online-learning'] }) },
        responses: {
          '200': { description: 'Accepted and stored', headers: rateLimitHeaders, content: json('SignupAccepted', { status: 'accepted' }) },
          '400': error('Invalid body or bot challenge', ['INVALID_BODY', ...formChallengeErrors], rateLimitHeaders),
          ...postErrors('16 KiB', {
            '503': error('The challenge verifier or the store is unavailable; nothing was stored', ['CHALLENGE_UNAVAILABLE', 'STORAGE_UNAVAILABLE'], { ...rateLimitHeaders, ...retryAfter }),
          }),
        },
      },
    },
    '/api/course-registration': {
      post: {
        operationId: 'registerForCourses', tags: ['forms'], summary: 'Register a returning student for courses',
        description: `Each course must exist and run in the chosen term. ${policyText('registration')} Body at most 16 KiB.`,
        parameters: [{ name: 'Idempotency-Key', in: 'header', required: false, schema: jsonSchemaOf(idempotencyKeySchema), description: idempotencyKeySchema.description }],
        requestBody: {
          required: true,
          content: json('RegistrationRequest', {
            student: { studentId: 'S123456', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
            term: '2027-spring', courses: [{ code: 'BIB201' }, { code: 'THE310', section: 'B' }],
          }),
        },
        responses: {
          '200': { description: 'Accepted and stored', headers: rateLimitHeaders, content: json('RegistrationAccepted', { status: 'accepted', registrationId: 'reg_01JD8W3K' }) },
          '400': error('Invalid body (unknown course, term not open…) or bot challenge', ['INVALID_BODY', ...formChallengeErrors], rateLimitHeaders),
          ...postErrors('16 KiB', {
            '503': error('The challenge verifier or the store is unavailable; nothing was stored', ['CHALLENGE_UNAVAILABLE', 'STORAGE_UNAVAILABLE'], { ...rateLimitHeaders, ...retryAfter }),
          }),
        },
      },
    },
    '/api/challenge/site-key': {
      get: {
        operationId: 'getChallengeSiteKey', tags: ['challenge'], summary: 'Publishable Turnstile site key for the form widgets',
        description: 'The public site key a client renders the Turnstile widget with, to obtain the `turnstileToken` the form APIs accept.',
        responses: {
          '200': { description: 'The site key', content: json('ChallengeSiteKey', { siteKey: '0x4AAAAAAAxxxxxxxx' }) },
          '405': methodNotAllowed,
          '503': error('No bot challenge is configured', ['CHALLENGE_NOT_CONFIGURED']),
        },
      },
    },
    '/api/challenge/required': {
      get: {
        operationId: 'getChallengeRequired', tags: ['challenge'], summary: 'Whether the form APIs need a turnstileToken',
        description: 'When `required` is true, the signup and registration bodies must carry a fresh `turnstileToken`; otherwise they may omit it.',
        responses: { '200': { description: 'The flag', content: json('ChallengeRequired', { required: false }) }, '405': methodNotAllowed },
      },
    },
    '/api/auth/{action}': {
      parameters: [{
        name: 'action', in: 'path', required: true, schema: { type: 'string' },
        description: 'Auth.js action, one or more path segments: session, csrf, providers, signin/{provider}, callback/{provider}, signout',
        example: 'session',
      }],
      get: {
        operationId: 'staffAuthGet', tags: ['auth'], summary: 'Staff sign-in handler (GET actions)',
        description: 'Auth.js for staff of the institute, with its external identity provider. Not an OAuth API for third parties: see /auth.md.',
        responses: {
          '200': { description: 'The handler\'s answer (JSON for session, csrf and providers)', content: { 'application/json': { schema: {} }, 'text/html': { schema: { type: 'string' } } } },
          '302': { description: 'Redirect to the identity provider or back to the site' },
          '404': authNotConfigured,
        },
      },
      post: {
        operationId: 'staffAuthPost', tags: ['auth'], summary: 'Staff sign-in handler (POST actions: sign-in, sign-out)',
        description: 'Form posts carrying the Auth.js CSRF token. Not an OAuth API for third parties: see /auth.md.',
        requestBody: { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { csrfToken: { type: 'string' }, callbackUrl: { type: 'string' } } } } } },
        responses: {
          '200': { description: 'The handler\'s answer', content: { 'application/json': { schema: {} } } },
          '302': { description: 'Redirect to the identity provider or back to the site' },
          '400': error('Auth.js refused the request (e.g. a session update without its CSRF token)', ['INVALID_BODY']),
          '404': authNotConfigured,
          '413': error(`The form is larger than ${AUTH_BODY_LIMIT / 1024} KiB: refused before it is read`, ['PAYLOAD_TOO_LARGE']),
        },
      },
    },
    '/api/{unknown}': {
      get: {
        operationId: 'unknownApiPath', tags: ['discovery'], summary: 'Any path no route serves (every method)',
        description: 'Not a route to call: it documents that every other path under /api/, with any method, answers `404 NOT_FOUND` as an `ApiError` whose resolution points to this document.',
        parameters: [{ name: 'unknown', in: 'path', required: true, schema: { type: 'string' }, description: 'Any unadvertised path under /api/', example: 'nope' }],
        responses: { '404': error('No such API route; the resolution points here', ['NOT_FOUND']) },
      },
    },
  };
}
