/**
 * The one error path of the API: routes throw ApiError, the middleware turns it (or anything else) into
 * an ApiError JSON response.
 */
import type { ApiErrorBody, ApiIssue, ErrorCode } from '../../schemas/api-error.ts';
import { json } from './json.ts';
import { currentRequestId } from './request-id.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly resolution?: string;
  readonly issues?: ApiIssue[];
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { resolution?: string; issues?: ApiIssue[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.resolution = options.resolution;
    this.issues = options.issues;
    this.headers = options.headers ?? {};
  }

  /** The JSON body: what toResponse() sends, and what the server writes itself where no Response is at hand. */
  toBody(): ApiErrorBody {
    const error: ApiErrorBody['error'] = { code: this.code, message: this.message };
    if (this.resolution) error.resolution = this.resolution;
    if (this.issues) error.issues = this.issues;
    // The id of the request being served (http/request-id.ts): what a visitor quotes so we find its log lines.
    const requestId = currentRequestId();
    if (requestId) error.requestId = requestId;
    return { error };
  }

  toResponse(): Response {
    return json(this.toBody(), { status: this.status, headers: this.headers });
  }
}

/** The 500 for anything unexpected: no internals. */
export const internalError = () =>
  new ApiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side.', {
    resolution: 'Try again later. If it keeps happening, tell us what you sent.',
  });

/** Any thrown value as a response; unexpected errors become a 500 without internals. */
export function errorResponse(err: unknown): Response {
  return (err instanceof ApiError ? err : internalError()).toResponse();
}

export const notFound = (what = 'This API path does not exist.') =>
  new ApiError(404, 'NOT_FOUND', what, {
    resolution: 'See /openapi.json for the routes this API offers.',
  });
