import { describe, expect, it } from 'vitest';
import { loggablePath } from '../../server/request-log.ts';

// Security review, finding 5: the request log kept tokens, OAuth codes and what visitors searched for.
describe('the request log', () => {
  it('keeps the path and the allow-listed parameters', () => {
    expect(loggablePath('/api/courses?department=theology&limit=5')).toBe('/api/courses?department=theology&limit=5');
    expect(loggablePath('/courses/')).toBe('/courses/');
  });

  it('never keeps a token, an OAuth code or state, or a search term', () => {
    const secrets = [
      '/newsletter/confirm/?token=eyJwIjoiY29uZmlybSJ9.sig',
      '/api/newsletter/unsubscribe?token=eyJ9.sig',
      '/api/auth/callback/oidc?code=SplxlOBeZQQYbYS6WxSbIA&state=af0ifjsldkj',
      '/api/search?q=ada%40example.org&limit=3',
      '/search/?q=my+phone+is+555+0100',
    ];
    for (const url of secrets) {
      const logged = loggablePath(url);
      expect(logged).not.toMatch(/eyJ|SplxlOB|af0ifj|ada|example|555/);
      expect(logged).toContain('REDACTED');
    }
    expect(loggablePath('/api/search?q=greek&limit=3')).toBe('/api/search?q=REDACTED&limit=3');
  });
});
