/**
 * /openapi.json: OpenAPI 3.1.0 for the API routes of the route table (src/lib/api/routes.ts). Bodies and parameters
 * come from the zod schemas the routes validate with (openapi-schemas.ts), error examples from the factories the
 * routes throw; this file only turns the table into OpenAPI.
 */
import type { ErrorCode } from '../../schemas/api-error.ts';
import { getConfig } from '../config.ts';
import { SITE_NAME } from '../site.ts';
import {
  API_VERSION,
  apiRoutes,
  maxBody,
  type Answer,
  type ErrorAnswer,
  type Operation,
  type Route,
} from '../api/routes.ts';
import { signInNotConfigured, signInRefused } from '../auth/errors.ts';
import {
  challengeMissing,
  challengeNotConfigured,
  challengeRejected,
  challengeUnavailable,
} from '../challenge/turnstile.ts';
import { aiUnavailable } from '../chat/answer.ts';
import { invalidBody } from '../http/validate-body.ts';
import { storageUnavailable } from '../forms/storage-unavailable.ts';
import { type ApiError, internalError, notFound } from '../http/api-error.ts';
import { methodError } from '../http/method-guard.ts';
import { requestContext } from '../http/request-id.ts';
import { notJson, tooLarge } from '../http/read-json-body.ts';
import { rateLimited } from '../limits/rate-limit.ts';
import { mcpLimitText } from '../limits/policies.ts';
import { invalidToken } from '../mail/subscription.ts';
import { invalidQuery } from '../search/params.ts';
import { courseNotFound, invalidCatalogQuery } from '../catalog/api.ts';
import { searchUnavailable } from '../search/index.ts';
import { componentSchemas, jsonSchemaOf, ref, refOf } from './openapi-schemas.ts';

/**
 * The example of each error code on `route`: what the route really answers, from the factory that makes it, with
 * representative arguments where the message has some.
 */
function errorExample(code: ErrorCode, route: Route): ApiError {
  const auth = route.path.startsWith('/api/auth/');
  const catalog = /^\/api\/(courses|terms|events)/.test(route.path);
  const examples: Record<ErrorCode, () => ApiError> = {
    NOT_FOUND: () => (auth ? signInNotConfigured() : catalog ? courseNotFound('XYZ999') : notFound()),
    METHOD_NOT_ALLOWED: () => methodError('DELETE', route.methods),
    INVALID_QUERY: () =>
      catalog
        ? invalidCatalogQuery(
            [{ path: 'department', message: 'Unknown department; one of "biblical-studies", "theology", …' }],
            'Each message lists the values allowed.',
          )
        : invalidQuery([{ path: 'q', message: 'Required' }]),
    INVALID_BODY: () => (auth ? signInRefused() : invalidBody([{ path: 'email', message: 'Invalid email address' }])),
    UNSUPPORTED_MEDIA_TYPE: notJson,
    PAYLOAD_TOO_LARGE: () => tooLarge(maxBody(route)),
    CHALLENGE_REQUIRED: challengeMissing,
    CHALLENGE_FAILED: () => challengeRejected(false),
    CHALLENGE_UNAVAILABLE: challengeUnavailable,
    CHALLENGE_NOT_CONFIGURED: challengeNotConfigured,
    // A client over the limit at the start of a window waits the whole window.
    RATE_LIMITED: () => {
      if (!route.rateLimit) throw new Error(`${route.path} lists RATE_LIMITED but has no rateLimit in the route table`);
      return rateLimited(route.rateLimit, route.rateLimit.durationSeconds);
    },
    INVALID_TOKEN: () => invalidToken(route.path.includes('confirm') ? 'confirm' : 'unsubscribe', 'tampered'),
    AI_UNAVAILABLE: () => aiUnavailable(false),
    STORAGE_UNAVAILABLE: storageUnavailable,
    SEARCH_UNAVAILABLE: searchUnavailable,
    INTERNAL_ERROR: internalError,
  };
  return examples[code]();
}

/** The request id the examples show: the document is made while serving a request, whose own id it must not show. */
const EXAMPLE_REQUEST_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** An ApiError answer with one example per code the route can give for this status. */
function errorResponse({ description, codes, headers }: ErrorAnswer, route: Route) {
  const examples = Object.fromEntries(
    codes.map((code) => [
      code,
      {
        value: requestContext.run({ requestId: EXAMPLE_REQUEST_ID }, () => errorExample(code, route).toBody()),
      },
    ]),
  );
  const withId = { ...headers, 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };
  return { description, headers: withId, content: { 'application/json': { schema: ref('ApiError'), examples } } };
}

function answerResponse({ description, schema, mediaType = 'application/json', example, content, headers }: Answer) {
  const body = schema
    ? { [mediaType]: { schema: refOf(schema), ...(example === undefined ? {} : { example }) } }
    : content;
  return { description, ...(headers ? { headers } : {}), ...(body ? { content: body } : {}) };
}

const isError = (answer: Answer | ErrorAnswer): answer is ErrorAnswer => 'codes' in answer;

/** The answers every route gives before it runs: 405 for another method, 413 for a body over its cap. */
function guardAnswers(route: Route, method: string): Record<number, ErrorAnswer> {
  const answers: Record<number, ErrorAnswer> = {};
  if (route.methods.length > 0)
    answers[405] = {
      description: 'The path exists but not for this method; `Allow` lists the methods',
      codes: ['METHOD_NOT_ALLOWED'],
    };
  // Refused by the server before the route runs (so before the rate limiter): no rate-limit headers.
  if (route.bodyLimit !== undefined && method === 'post') {
    answers[413] = {
      description: `The body is larger than ${route.bodyLimit / 1024} KiB: refused as soon as Content-Length says so, or while reading a chunked body`,
      codes: ['PAYLOAD_TOO_LARGE'],
    };
  }
  return answers;
}

function operationOf(route: Route, method: string, op: Operation): Record<string, unknown> {
  const parameters = [
    ...Object.entries(op.query?.shape ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: !schema.safeParse(undefined).success,
      schema: jsonSchemaOf(schema),
      description: schema.description,
    })),
    ...Object.entries(op.requestHeaders ?? {}).map(([name, schema]) => ({
      name,
      in: 'header',
      required: false,
      schema: jsonSchemaOf(schema),
      description: schema.description,
    })),
    ...(op.parameters ?? []),
  ];
  const request =
    op.request &&
    ('schema' in op.request
      ? {
          required: true,
          content: { 'application/json': { schema: refOf(op.request.schema), example: op.request.example } },
        }
      : { content: op.request.content });
  const responses = { ...op.responses, ...guardAnswers(route, method) };
  return {
    operationId: op.operationId,
    tags: op.tags,
    summary: op.summary,
    description: op.description,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(request ? { requestBody: request } : {}),
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, answer]) => [
        status,
        isError(answer) ? errorResponse(answer, route) : answerResponse(answer),
      ]),
    ),
    // Every operation is anonymous; none needs a security scheme today.
    security: [],
  };
}

function buildPaths(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    apiRoutes.map((route) => [
      route.path,
      {
        ...(route.parameters ? { parameters: route.parameters } : {}),
        ...Object.fromEntries(
          Object.entries(route.operations ?? {}).map(([method, op]) => [method, operationOf(route, method, op)]),
        ),
      },
    ]),
  );
}

let built: { paths: Record<string, Record<string, unknown>>; components: Record<string, unknown> } | undefined;

/**
 * The whole document. Paths and components are built once per process (they depend only on the code); the links
 * in `info` and `externalDocs` must be absolute URLs (linters and code generators refuse relative ones), so they
 * use the public origin: SITE_URL, or the request's own (see http/public-origin.ts).
 * @example openApiDocument('https://northgate.example').externalDocs.url === 'https://northgate.example/developers'
 */
export function openApiDocument(origin: string): Record<string, unknown> {
  built ??= { paths: buildPaths(), components: buildComponents() };
  return {
    openapi: '3.1.0',
    info: {
      title: `${SITE_NAME} public API`,
      version: API_VERSION,
      summary:
        'Site search, the course catalog and calendar, AI chat, newsletter signup, course registration, bot-challenge helpers, health and discovery.',
      description:
        'Public routes are anonymous: no key or token. Errors are always JSON `ApiError` bodies. ' +
        'The guide with runnable examples is at /developers; staff sign-in is explained at /auth.md. ' +
        mcpLimitText(),
      contact: {
        name: `${SITE_NAME}, developer contact`,
        email: getConfig().CONTACT_EMAIL,
        url: `${origin}/developers`,
      },
      // The API serves the institute's own pages and texts, © the institute like the rest of the site.
      license: { name: 'Proprietary: all rights reserved', url: `${origin}/developers#terms` },
    },
    servers: [{ url: '/' }],
    externalDocs: { description: 'Developer guide', url: `${origin}/developers` },
    tags: [
      { name: 'search', description: "Full-text search over the site's pages" },
      {
        name: 'catalog',
        description:
          'Courses, terms with their key dates, and events, as data; "upcoming" is decided at the time of the request',
      },
      { name: 'chat', description: "Questions answered from the site's pages by a language model" },
      { name: 'forms', description: 'Newsletter signup and course registration' },
      {
        name: 'challenge',
        description: "Whether the forms need a Turnstile bot-challenge token, and the widget's site key",
      },
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
      'X-RateLimit-Limit': {
        description: 'Requests allowed in the current window',
        required: true,
        schema: { type: 'integer', minimum: 0 },
        example: 3,
      },
      'X-RateLimit-Remaining': {
        description: 'Requests left in the current window',
        required: true,
        schema: { type: 'integer', minimum: 0 },
        example: 2,
      },
      'X-RateLimit-Reset': {
        description: 'When the window resets, Unix time in milliseconds',
        required: true,
        schema: { type: 'integer' },
        example: 1798765200000,
      },
      'Retry-After': {
        description: 'Seconds to wait before retrying (rounded up)',
        required: true,
        schema: { type: 'integer', minimum: 0 },
        example: 540,
      },
      'X-Request-Id': {
        description: "This request's id, the same as the ApiError's requestId: quote it when reporting a problem",
        required: true,
        schema: { type: 'string' },
        example: EXAMPLE_REQUEST_ID,
      },
    },
  };
}
