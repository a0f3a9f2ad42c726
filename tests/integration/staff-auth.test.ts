import { describe, expect, it } from 'vitest';
import { decode, encode } from '@auth/core/jwt';
import { startServer, useServer } from '../helpers/server.ts';

// Enough to start: these tests never reach the provider (the browser tests in tests/e2e do).
const ISSUER = 'http://127.0.0.1:9';
const PROVIDER = {
  AUTH_SECRET: 'integration-secret-of-at-least-32-characters',
  STAFF_EMAIL_DOMAINS: 'northgate.example',
  AUTH_OIDC_ISSUER: ISSUER,
  AUTH_OIDC_ID: 'web',
  AUTH_OIDC_SECRET: 'oidc-secret',
};

const HOUR = 60 * 60;
const SESSION_COOKIE = 'authjs.session-token';
const now = () => Math.floor(Date.now() / 1000);

/**
 * A session cookie as this server would encrypt it (the salt is the cookie's name), signed in `hoursAgo` hours
 * ago; its own `exp` is 30 days away, so only the sign-in time can end it. `signedInAt: undefined` leaves it out.
 */
async function sessionCookie(hoursAgo: number | undefined) {
  const token = {
    name: 'Ada',
    email: 'ada@northgate.example',
    sub: 'ada',
    ...(hoursAgo === undefined ? {} : { signedInAt: now() - hoursAgo * HOUR }),
  };
  const value = await encode({ token, secret: PROVIDER.AUTH_SECRET, salt: SESSION_COOKIE, maxAge: 30 * 24 * HOUR });
  return `${SESSION_COOKIE}=${value}`;
}

function cookieNamed(res: Response, name: string) {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

describe('staff area without a sign-in provider', () => {
  const server = useServer();
  const get = (path: string, init?: RequestInit) => fetch(server.url + path, { redirect: 'manual', ...init });

  it.each(['/staff', '/staff/', '/staff/signups', '/staff/registrations.csv'])(
    '%s explains how to configure one, for people only',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-robots-tag')).toContain('noindex');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('data-testid="sign-in-not-configured"');
      expect(html).toContain('AUTH_MICROSOFT_ENTRA_ID_ISSUER');
      expect(html).toContain('<meta name="robots" content="noindex"');
    },
  );

  it('answers /api/auth/* with a JSON 404, and the catch-all still answers the rest of /api', async () => {
    for (const path of ['/api/auth/session', '/api/auth/signin', '/api/authx', '/api/auth']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).error.code).toBe('NOT_FOUND');
    }
  });

  it('keeps robots out of /staff', async () => {
    expect(await (await get('/robots.txt')).text()).toContain('Disallow: /staff');
  });
});

describe('staff sign-in configuration at start', () => {
  it('stops the start when a provider is configured without AUTH_SECRET, naming the variable', async () => {
    const failed = startServer({ ...PROVIDER, AUTH_SECRET: '' });
    await expect(failed).rejects.toThrow(/AUTH_SECRET: required when a staff sign-in provider is configured/);
  });
});

describe('staff area with a sign-in provider', () => {
  const server = useServer({ ...PROVIDER, TRUST_PROXY: '1' });
  const get = (path: string, init?: RequestInit) => fetch(server.url + path, { redirect: 'manual', ...init });

  it('sends a visitor without a session to sign in, and back', async () => {
    const res = await get('/staff/signups?page=2');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/staff/sign-in?callbackUrl=%2Fstaff%2Fsignups%3Fpage%3D2');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a session cookie it did not issue', async () => {
    const res = await get('/staff', {
      headers: { Cookie: 'authjs.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..AAAA.BBBB.CCCC' },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/staff\/sign-in\?/);
  });

  it('accepts a session signed in less than STAFF_SESSION_HOURS (default 8) ago', async () => {
    const cookie = await sessionCookie(1);
    const page = await get('/staff', { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const session = await get('/api/auth/session', { headers: { Cookie: cookie } });
    expect(await session.json()).toMatchObject({ user: { email: 'ada@northgate.example' } });
  });

  it.each([
    ['signed in 9 hours ago', 9],
    ['signed in 30 days ago', 30 * 24],
    ['without a sign-in time', undefined],
  ])('refuses a session %s, though its own expiry is in the future', async (_, hoursAgo) => {
    const cookie = await sessionCookie(hoursAgo);
    const page = await get('/staff/signups', { headers: { Cookie: cookie } });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toMatch(/^\/staff\/sign-in\?/);
    const session = await get('/api/auth/session', { headers: { Cookie: cookie } });
    expect(await session.json()).toBeNull();
    // And the browser is told to drop it.
    expect(cookieNamed(session, SESSION_COOKIE)).toMatch(
      /^authjs\.session-token=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i,
    );
  });

  it('never extends a session past 8 hours from sign-in when it is refreshed', async () => {
    const signedInAt = now() - 7 * HOUR;
    const end = signedInAt + 8 * HOUR;
    const session = await get('/api/auth/session', { headers: { Cookie: await sessionCookie(7) } });
    const body = await session.json();
    expect(Date.parse(body.expires) / 1000).toBeLessThanOrEqual(end);
    const renewed = cookieNamed(session, SESSION_COOKIE)!;
    const token = await decode({
      token: renewed.slice(SESSION_COOKIE.length + 1).split(';')[0],
      secret: PROVIDER.AUTH_SECRET,
      salt: SESSION_COOKIE,
    });
    // The refreshed cookie keeps the original sign-in time, and its own expiry is the end of the 8 hours.
    expect(token?.signedInAt).toBeGreaterThanOrEqual(signedInAt);
    expect(token?.signedInAt).toBeLessThanOrEqual(signedInAt + 60);
    expect(token?.exp).toBeLessThanOrEqual(end + 60);
  });

  it('serves the sign-in page with a CSRF cookie and lets its form reach the provider', async () => {
    const res = await get('/staff/sign-in?callbackUrl=%2Fstaff%2Fregistrations');
    expect(res.status).toBe(200);
    const csrf = cookieNamed(res, 'authjs.csrf-token')!;
    expect(csrf).toMatch(/; HttpOnly/i);
    expect(csrf).toMatch(/; SameSite=Lax/i);
    expect(csrf).not.toMatch(/; Secure/i);
    expect(res.headers.get('content-security-policy')).toContain(`form-action 'self' ${ISSUER}`);
    const html = await res.text();
    expect(html).toContain('action="/api/auth/signin/oidc"');
    expect(html).toContain('name="callbackUrl" value="/staff/registrations"');
  });

  it('never offers a way back to another site', async () => {
    const html = await (await get('/staff/sign-in?callbackUrl=https%3A%2F%2Fevil.example%2F')).text();
    expect(html).toContain('name="callbackUrl" value="/staff"');
  });

  it('uses Secure, prefixed cookies over https', async () => {
    const res = await get('/staff/sign-in', { headers: { 'X-Forwarded-Proto': 'https' } });
    const csrf = cookieNamed(res, '__Host-authjs.csrf-token')!;
    expect(csrf).toMatch(/; Secure/i);
    expect(csrf).toMatch(/; HttpOnly/i);
    expect(csrf).toMatch(/; SameSite=Lax/i);
  });

  it('behind a TLS proxy (TRUST_PROXY=1, no SITE_URL), discovery, MCP and auth all use the https origin', async () => {
    const tls = { 'X-Forwarded-Proto': 'https' };
    const httpsOrigin = server.url.replace(/^http:/, 'https:');
    const providers = await (await get('/api/auth/providers', { headers: tls })).json();
    expect(providers.oidc.callbackUrl).toBe(`${httpsOrigin}/api/auth/callback/oidc`);
    for (const path of [
      '/openapi.json',
      '/.well-known/api-catalog',
      '/.well-known/oauth-protected-resource',
      '/.well-known/ai-catalog.json',
      '/.well-known/mcp/server-card.json',
    ]) {
      const text = await (await get(path, { headers: tls })).text();
      expect(text, path).toContain(httpsOrigin);
      expect(text, path).not.toContain(server.url);
    }
    expect((await get('/', { headers: tls })).headers.get('link')).toContain(
      `<${httpsOrigin}/.well-known/api-catalog>; rel="api-catalog"`,
    );
    // A browser on the https origin may use /mcp (the DNS-rebinding check compares Origin with the public origin).
    const mcp = await get('/mcp', {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      headers: {
        ...tls,
        Origin: httpsOrigin,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
    });
    expect(mcp.status).toBe(200);
  });

  it('serves Auth.js under /api/auth, ahead of the catch-all', async () => {
    const providers = await get('/api/auth/providers');
    expect(providers.status).toBe(200);
    expect(await providers.json()).toMatchObject({
      oidc: { id: 'oidc', type: 'oidc', callbackUrl: `${server.url}/api/auth/callback/oidc` },
    });
    const session = await get('/api/auth/session');
    expect(session.status).toBe(200);
    expect(session.headers.get('cache-control')).toMatch(/no-store/);
    expect(await session.json()).toBeNull();
    const csrf = await get('/api/auth/csrf');
    expect((await csrf.json()).csrfToken).toMatch(/^[0-9a-f]{64}$/);
  });

  it("sends Auth.js's own sign-in page to ours", async () => {
    const res = await get('/api/auth/signin');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/\/staff\/sign-in/);
  });

  it('refuses a sign-in without the CSRF token instead of going to the provider', async () => {
    const res = await get('/api/auth/signin/oidc', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'callbackUrl=%2Fstaff',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).not.toContain(ISSUER);
    expect(res.headers.get('location')).toMatch(/error=MissingCSRF/);
  });

  it('answers unknown actions and methods with ApiError JSON', async () => {
    const unknown = await get('/api/auth/nothing-here');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('NOT_FOUND');
    const put = await get('/api/auth/session', { method: 'PUT', body: '{}' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST');
    expect((await put.json()).error.code).toBe('METHOD_NOT_ALLOWED');
  });
});
