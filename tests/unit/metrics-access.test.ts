import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { mayReadMetrics } from '../../server/operations.ts';

const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;
const TOKEN = 'a-token-of-at-least-16-chars';

describe('who may read /metrics', () => {
  it('without a proxy: a direct loopback client, or the token', () => {
    expect(mayReadMetrics(request('127.0.0.1'), undefined, false)).toBe(true);
    expect(mayReadMetrics(request('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }), undefined, false)).toBe(false);
    expect(mayReadMetrics(request('203.0.113.9'), undefined, false)).toBe(false);
    expect(mayReadMetrics(request('203.0.113.9', { authorization: `Bearer ${TOKEN}` }), TOKEN, false)).toBe(true);
  });

  // Security review, finding 7: a same-host proxy that adds no X-Forwarded-For made /metrics public.
  it('behind a proxy (TRUST_PROXY set): only the token, loopback proves nothing', () => {
    expect(mayReadMetrics(request('127.0.0.1'), undefined, true)).toBe(false);
    expect(mayReadMetrics(request('127.0.0.1'), TOKEN, true)).toBe(false);
    expect(mayReadMetrics(request('127.0.0.1', { authorization: `Bearer ${TOKEN}` }), TOKEN, true)).toBe(true);
  });
});
