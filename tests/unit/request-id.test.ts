import { describe, expect, it } from 'vitest';
import { currentRequestId, requestContext, requestIdOf } from '../../src/lib/http/request-id.ts';
import { ApiError } from '../../src/lib/http/api-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('takes the X-Request-Id of a trusted proxy, and makes a new one otherwise', () => {
    expect(requestIdOf('lb-42.abc', 1)).toBe('lb-42.abc');
    // Without a trusted proxy the header is the client's own text: it must not name our log lines.
    expect(requestIdOf('lb-42.abc', 0)).toMatch(UUID);
    expect(requestIdOf(undefined, 1)).toMatch(UUID);
    for (const unsafe of ['with space', 'x'.repeat(129), '', 'a\nb', ['a', 'b']])
      expect(requestIdOf(unsafe, 1)).toMatch(UUID);
    expect(requestIdOf(undefined, 0)).not.toBe(requestIdOf(undefined, 0));
  });

  it('puts the current request id into every ApiError body, and none outside a request', async () => {
    const err = new ApiError(400, 'INVALID_QUERY', 'bad');
    expect(err.toBody().error).not.toHaveProperty('requestId');
    const body = await requestContext.run({ requestId: 'req-1' }, async () => {
      await new Promise((r) => setTimeout(r, 1)); // across an await, as in a route
      expect(currentRequestId()).toBe('req-1');
      return err.toBody();
    });
    expect(body.error.requestId).toBe('req-1');
    expect(currentRequestId()).toBeUndefined();
  });
});
