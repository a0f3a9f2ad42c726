import { z } from 'zod';

/** Every error code the API answers with; the public contract (see /openapi.json). */
export const errorCodes = [
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'INVALID_QUERY',
  'INVALID_BODY',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'CHALLENGE_REQUIRED',
  'CHALLENGE_FAILED',
  'CHALLENGE_UNAVAILABLE',
  'CHALLENGE_NOT_CONFIGURED',
  'RATE_LIMITED',
  'INVALID_TOKEN',
  'AI_UNAVAILABLE',
  'STORAGE_UNAVAILABLE',
  'SEARCH_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes).describe('Machine-readable code, e.g. "NOT_FOUND"'),
      message: z.string().describe('What went wrong, for people'),
      resolution: z.string().optional().describe('What to do about it, for agents and integrators'),
      issues: z
        .array(
          z.object({
            path: z.string().describe('The field at fault, dotted, e.g. "courses.1.code"'),
            message: z.string(),
          }),
        )
        .optional()
        .describe('One entry per invalid field, on validation failures only'),
      requestId: z
        .string()
        .optional()
        .describe("The request's id, also in the X-Request-Id response header: quote it when reporting a problem"),
    }),
  })
  .describe('ApiError: the body of every JSON error');

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
export type ApiIssue = NonNullable<ApiErrorBody['error']['issues']>[number];
