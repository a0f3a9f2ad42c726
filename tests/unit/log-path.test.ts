// Security finding 5: the request log kept tokens, OAuth codes and search terms from the query string.
import { describe, expect, it } from 'vitest';
import { loggablePath, REDACTED } from '../../src/lib/http/log-path.ts';

describe('loggablePath', () => {
  it('keeps paths and allow-listed parameters as they are', () => {
    expect(loggablePath('/courses/')).toBe('/courses/');
    expect(loggablePath('/staff/signups?page=2&status=confirmed')).toBe('/staff/signups?page=2&status=confirmed');
    expect(loggablePath('/api/search?limit=5&offset=10')).toBe('/api/search?limit=5&offset=10');
    expect(loggablePath(undefined)).toBe('/');
  });

  it('replaces the value of every other parameter: tokens, OAuth code and state, search terms', () => {
    expect(loggablePath('/newsletter/confirm/?token=eyJwIjoiY29uZmlybSJ9.sig')).toBe(`/newsletter/confirm/?token=${REDACTED}`);
    expect(loggablePath('/api/auth/callback/oidc?code=abc123&state=xyz&iss=https%3A%2F%2Fidp'))
      .toBe(`/api/auth/callback/oidc?code=${REDACTED}&state=${REDACTED}&iss=${REDACTED}`);
    const searched = loggablePath('/api/search?q=ada%40example.org&limit=5');
    expect(searched).toBe(`/api/search?q=${REDACTED}&limit=5`);
    expect(searched).not.toContain('ada');
  });

  it('drops names that are not plain words, so a bare term cannot slip through as a name', () => {
    const logged = loggablePath('/search?ada@example.org&page=1');
    expect(logged).toBe(`/search?${REDACTED}&page=1`);
    expect(loggablePath('/search?greek&signedOut')).toBe(`/search?${REDACTED}&signedOut`);
  });
});
