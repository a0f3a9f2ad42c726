import { describe, expect, it } from 'vitest';
import { useServer } from '../helpers/server.ts';
import { expectApiError, newClient, postJson, registrationBody } from '../helpers/forms.ts';

// Behind a proxy, /metrics needs the token (security review, finding 7).
const METRICS_TOKEN = 'forms-limits-metrics-token';
const proxied = useServer({ TRUST_PROXY: '1', METRICS_TOKEN });
const direct = useServer();

const signup = (base: string, xff?: string, email = 'limits@example.org') =>
  fetch(base + '/api/email-marketing-signup', {
    method: 'POST',
    body: JSON.stringify({ email }),
    headers: { 'Content-Type': 'application/json', ...(xff ? { 'X-Forwarded-For': xff } : {}) },
  });

describe('rate limits: 3 per 10 minutes per client', () => {
  it('counts 3, 2, 1 down, then answers 429 with the four headers and an ApiError', async () => {
    const client = newClient();
    const started = Date.now();
    const remaining: (string | null)[] = [];
    let reset = '';
    for (let i = 0; i < 3; i++) {
      const res = await signup(proxied.url, client);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      remaining.push(res.headers.get('x-ratelimit-remaining'));
      reset ||= res.headers.get('x-ratelimit-reset')!;
      // A fixed window: the reset does not move (it is rounded to whole seconds, so it may tick once at most).
      expect(Math.abs(Number(res.headers.get('x-ratelimit-reset')) - Number(reset))).toBeLessThanOrEqual(1000);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    expect(Number(reset)).toBeGreaterThanOrEqual(started + 599_000);
    expect(Number(reset)).toBeLessThanOrEqual(Date.now() + 601_000);

    const limited = await signup(proxied.url, client);
    const error = await expectApiError(limited, 429, 'RATE_LIMITED');
    expect(error.resolution).toContain('Retry-After');
    expect(limited.headers.get('x-ratelimit-limit')).toBe('3');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Math.abs(Number(limited.headers.get('x-ratelimit-reset')) - Number(reset))).toBeLessThanOrEqual(1000);
    const retryAfter = limited.headers.get('retry-after')!;
    expect(retryAfter).toMatch(/^\d+$/); // whole seconds
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(Math.floor((Number(reset) - Date.now()) / 1000) - 1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(600);
  });

  it('counts before validation: invalid bodies use up the quota too', async () => {
    const client = newClient();
    for (let i = 0; i < 3; i++) expect((await signup(proxied.url, client, 'not-an-address')).status).toBe(400);
    await expectApiError(await signup(proxied.url, client), 429, 'RATE_LIMITED');
  });

  it('keeps the two forms apart', async () => {
    const client = newClient();
    for (let i = 0; i < 3; i++) await signup(proxied.url, client);
    await expectApiError(await signup(proxied.url, client), 429, 'RATE_LIMITED');
    const res = await postJson(proxied.url, '/api/course-registration', registrationBody(), { client });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('does not let a spoofed left-most X-Forwarded-For entry buy a new quota behind a trusted proxy', async () => {
    const client = newClient();
    for (let i = 0; i < 3; i++) expect((await signup(proxied.url, `10.66.0.${i}, ${client}`)).status).toBe(200);
    await expectApiError(await signup(proxied.url, `10.66.1.1, ${client}`), 429, 'RATE_LIMITED');
    await expectApiError(await signup(proxied.url, `203.0.113.200, 10.66.1.2, ${client}`), 429, 'RATE_LIMITED');
  });

  it('ignores X-Forwarded-For entirely without TRUST_PROXY', async () => {
    for (let i = 0; i < 3; i++) expect((await signup(direct.url, `10.77.0.${i}`)).status).toBe(200);
    await expectApiError(await signup(direct.url, '10.77.9.9'), 429, 'RATE_LIMITED');
  });

  it('refuses an over-limit client before the route, counting each refusal once, and a 413 still comes first', async () => {
    const client = newClient();
    const refusals = async () =>
      Number(
        (
          await (
            await fetch(proxied.url + '/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
          ).text()
        ).match(/rate_limit_refusals_total\{limit="signup"\} (\d+)/)?.[1] ?? 0,
      );
    for (let i = 0; i < 3; i++) await signup(proxied.url, client);
    const before = await refusals();
    for (let i = 0; i < 2; i++) {
      const limited = await signup(proxied.url, client);
      await expectApiError(limited, 429, 'RATE_LIMITED');
      expect(limited.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(limited.headers.get('cache-control')).toBeNull(); // as the route's own answer
      expect(limited.headers.get('x-request-id')).toBeTruthy();
    }
    expect(await refusals()).toBe(before + 2);
    const tooBig = await fetch(proxied.url + '/api/email-marketing-signup', {
      method: 'POST',
      body: JSON.stringify({ email: 'x'.repeat(20_000) }),
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
    });
    await expectApiError(tooBig, 413, 'PAYLOAD_TOO_LARGE');
  });
});
