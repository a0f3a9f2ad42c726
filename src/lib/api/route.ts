/**
 * The shape of one entry of the route table (src/lib/api/routes/), and the answer pieces entries share. Only
 * types and schemas here: the rate limiter, the body guard and the error factories read the table, so it
 * imports none of them (the OpenAPI generator fills the error examples from the factories, per error code).
 */
import type { z } from 'zod';
import type { ErrorCode } from '../../schemas/api-error.ts';
import type { RateLimitPolicy } from '../limits/policies.ts';
import { acceptedSchema } from '../../schemas/insights.ts';

/** The body cap of every route without its own `bodyLimit`: routes that take no body. */
export const DEFAULT_BODY_LIMIT = 1024;
export const GET_HEAD = ['GET', 'HEAD'];
export const kib = (bytes: number) => `${bytes / 1024} KiB`;

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

/** What the insights routes (a search click, chat feedback) answer: counted in memory, written within seconds. */
export const insightAccepted: Answer = {
  description: 'Accepted; written to the store within seconds',
  headers: rateLimitHeaders,
  schema: acceptedSchema,
  example: { status: 'accepted' },
};

/** The answers every rate-limited POST route shares; each carries the rate-limit headers. */
export const postErrors = {
  415: {
    description: 'The body is not `application/json`',
    codes: ['UNSUPPORTED_MEDIA_TYPE'],
    headers: rateLimitHeaders,
  },
  429: {
    description: 'Over the rate limit for this route',
    codes: ['RATE_LIMITED'],
    headers: { ...rateLimitHeaders, ...retryAfter },
  },
  500: {
    description: 'Something unexpected; no internals in the body',
    codes: ['INTERNAL_ERROR'],
    headers: rateLimitHeaders,
  },
} satisfies Record<number, ErrorAnswer>;

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

/**
 * What the server (server/app.ts) does with a POST to the route before Astro sees it, after the body guard:
 * - `early-429`: a client already over the route's limit gets the route's own 429 without Astro's pipeline
 *   (refusing must cost less than answering). Only for routes whose limit counts every request first.
 * - `mcp-tool-call`: the common MCP tool calls (search_site, get_page) are answered without a server per request.
 * - `chat-answer`: the whole chat (server/chat.ts, the same function as its route), its 429 included: a chat is
 *   answered many times a minute, and Astro's pipeline was a large share of its CPU.
 * Anything the fast path does not answer goes on to the route.
 */
export type FastPath = 'early-429' | 'mcp-tool-call' | 'chat-answer';

export interface Route {
  /** The public path, `{name}` for a parameter; a parameter at the end takes the rest of the path (`[...name]`). */
  path: string;
  /** What the route serves; anything else is a 405 naming these in `Allow`. Empty: every method is answered alike. */
  methods: string[];
  rateLimit?: RateLimitPolicy;
  /** Bytes of request body, enforced by the server before the route runs; default DEFAULT_BODY_LIMIT. */
  bodyLimit?: number;
  fastPath?: FastPath;
  /** Path-level parameters, as OpenAPI writes them. */
  parameters?: object[];
  /** What /openapi.json describes, by lower-case method. Routes without are JSON documents outside the API. */
  operations?: Partial<Record<'get' | 'head' | 'post', Operation>>;
}
