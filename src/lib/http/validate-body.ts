import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import type { ApiIssue } from '../../schemas/api-error.ts';

/**
 * Validates an untrusted body against a strict schema; failures become `400 INVALID_BODY` with one issue per
 * field, dotted (`courses.1.code`). Unknown keys get an issue each, at their own path.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw invalidBody(result.error.issues.flatMap(toIssues));
}

export function invalidBody(issues: ApiIssue[], message = 'Some fields are missing or invalid.') {
  return new ApiError(400, 'INVALID_BODY', message, {
    resolution: 'Fix the fields listed in "issues" and send again. See /openapi.json for the schema.',
    issues,
  });
}

function toIssues(issue: z.core.$ZodIssue): ApiIssue[] {
  const base = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ path: [...base, key].join('.'), message: 'is not a field of this form' }));
  }
  return [
    {
      path: base.join('.') || '(body)',
      message:
        issue.path.length === 0 && issue.code === 'invalid_type' ? 'the body must be a JSON object' : issue.message,
    },
  ];
}
