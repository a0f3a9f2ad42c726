import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/http/api-error.ts';
import { rateLimit, rateLimitKey, refusal, refusedEarly } from '../../src/lib/limits/rate-limit.ts';

describe('rateLimit', () => {
  it('counts down and then refuses with the four headers', async () => {
    const before = Date.now();
    const first = await rateLimit('signup', '198.51.100.7');
    expect(first['X-RateLimit-Limit']).toBe('3');
    expect(first['X-RateLimit-Remaining']).toBe('2');
    const reset = Number(first['X-RateLimit-Reset']);
    expect(reset).toBeGreaterThanOrEqual(before + 599_000);
    expect(reset).toBeLessThanOrEqual(Date.now() + 601_000);
    await rateLimit('signup', '198.51.100.7');
    expect((await rateLimit('signup', '198.51.100.7'))['X-RateLimit-Remaining']).toBe('0');
    const err = (await rateLimit('signup', '198.51.100.7').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(429);
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.headers).toMatchObject({ 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': '0', 'Retry-After': '600' });
  });

  it('keeps routes and clients apart', async () => {
    for (let i = 0; i < 3; i++) await rateLimit('registration', '198.51.100.8');
    await expect(rateLimit('registration', '198.51.100.8')).rejects.toBeInstanceOf(ApiError);
    await expect(rateLimit('signup', '198.51.100.8')).resolves.toMatchObject({
      'X-RateLimit-Limit': '3',
      'X-RateLimit-Remaining': '2',
    });
    await expect(rateLimit('registration', '198.51.100.9')).resolves.toMatchObject({
      'X-RateLimit-Limit': '3',
      'X-RateLimit-Remaining': '2',
    });
    expect((await rateLimit('chat', '198.51.100.8'))['X-RateLimit-Limit']).toBe('20');
  });
});

describe("refusal (the server's early 429)", () => {
  it('counts nothing, and refuses once the window is used up with the 429 rateLimit gives', async () => {
    const ip = '198.51.100.20';
    await rateLimit('signup', ip);
    // Only read: asking again and again does not use up the quota.
    for (let i = 0; i < 5; i++) expect(await refusal('signup', ip)).toBeUndefined();
    expect((await rateLimit('signup', ip))['X-RateLimit-Remaining']).toBe('1');
    await rateLimit('signup', ip);
    const early = (await refusal('signup', ip))!;
    const counted = (await rateLimit('signup', ip).catch((e: unknown) => e)) as ApiError;
    expect(early).toBeInstanceOf(ApiError);
    expect(early.toBody()).toEqual(counted.toBody());
    expect(early.headers).toEqual(counted.headers);
    expect(await refusal('signup', '198.51.100.21')).toBeUndefined();
  });

  it('is for the POST routes that count every request, not search (only cache misses count) nor the chat (its fast path counts)', () => {
    expect(Object.fromEntries(refusedEarly)).toEqual({
      '/api/email-marketing-signup': 'signup',
      '/api/course-registration': 'registration',
      '/api/newsletter/confirm': 'newsletter-link',
    });
  });
});

describe('rateLimitKey', () => {
  it('groups an IPv6 /64 and keeps IPv4 addresses apart', () => {
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe(rateLimitKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(rateLimitKey('2001:db8:1:2::1')).toBe('2001:0db8:0001:0002::/64');
    expect(rateLimitKey('2001:db8:1:3::1')).not.toBe(rateLimitKey('2001:db8:1:2::1'));
    expect(rateLimitKey('::1')).toBe('0000:0000:0000:0000::/64');
    expect(rateLimitKey('192.0.2.1')).toBe('192.0.2.1');
  });
});

describe('withRateLimit', () => {
  it('puts the headers on success, on ApiErrors and on unexpected failures', async () => {
    const { withRateLimit } = await import('../../src/lib/limits/rate-limit.ts');
    const ok = await withRateLimit('chat', '198.51.100.20', async () => new Response('{}'));
    expect(ok.headers.get('X-RateLimit-Limit')).toBe('20');
    const apiError = await withRateLimit('chat', '198.51.100.20', async () => {
      throw new ApiError(400, 'INVALID_BODY', 'x');
    }).then(
      () => expect.unreachable(),
      (e: ApiError) => e,
    );
    expect(apiError.headers['X-RateLimit-Remaining']).toBe('18');
    const crash = await withRateLimit('chat', '198.51.100.20', async () => {
      throw new TypeError('internal detail');
    }).then(
      () => expect.unreachable(),
      (e: ApiError) => e,
    );
    expect(crash).toBeInstanceOf(ApiError);
    expect(crash.status).toBe(500);
    expect(crash.message).not.toContain('internal detail');
    expect(crash.headers['X-RateLimit-Remaining']).toBe('17');
  });
});
