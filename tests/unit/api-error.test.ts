import { describe, expect, it } from 'vitest';
import { ApiError, errorResponse } from '../../src/lib/http/api-error.ts';
import { apiErrorSchema } from '../../src/schemas/api-error.ts';

describe('ApiError', () => {
  it('renders the contract shape with headers', async () => {
    const res = new ApiError(400, 'INVALID_BODY', 'Bad body', {
      issues: [{ path: 'courses.1.code', message: 'unknown' }],
      headers: { 'X-A': '1' },
    }).toResponse();
    expect(res.status).toBe(400);
    expect(res.headers.get('x-a')).toBe('1');
    const body = await res.json();
    expect(apiErrorSchema.parse(body)).toEqual(body);
    expect(body.error.issues[0].path).toBe('courses.1.code');
  });

  it('hides the internals of unexpected errors', async () => {
    const res = errorResponse(new Error('database password is hunter2'));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).toContain('INTERNAL_ERROR');
    expect(text).not.toContain('hunter2');
  });
});
