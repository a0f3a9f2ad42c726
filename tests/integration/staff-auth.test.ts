import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/server.ts';

// Enough to start: these tests never reach the provider (the browser tests in tests/e2e do).
const ISSUER = 'http://127.0.0.1:9';
const PROVIDER = {
  AUTH_SECRET: 'integration-secret-of-at-least-32-characters',
  STAFF_EMAIL_DOMAINS: 'northgate.example',
  AUTH_OIDC_ISSUER: ISSUER, AUTH_OIDC_ID: 'web', AUTH_OIDC_SECRET: 'oidc-secret',
};

function cookieNamed(res: Response, name: string) {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

describe('staff area without a sign-in provider', () => {
  let server: RunningServer;
  beforeAll(async () => { server = await startServer(); });
  afterAll(async () => { await server?.stop(); });
  const get = (path: string, init?: RequestInit) => fetch(server.url + path, { redirect: 'manual', ...init });

  it.each(['/staff', '/staff/', '/staff/signups', '/staff/registrations.csv'])('%s explains how to configure one, for people only', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('data-testid="sign-in-not-configured"');
    expect(html).toContain('AUTH_MICROSOFT_ENTRA_ID_ISSUER');
    expect(html).toContain('<meta name="robots" content="noindex"');
  });

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
  let server: RunningServer;
  beforeAll(async () => { server = await startServer({ ...PROVIDER, TRUST_PROXY: '1' }); });
  afterAll(async () => { await server?.stop(); });
  const get = (path: string, init?: RequestInit) => fetch(server.url + path, { redirect: 'manual', ...init });

  it('sends a visitor without a session to sign in, and back', async () => {
    const res = await get('/staff/signups?page=2');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/staff/sign-in?callbackUrl=%2Fstaff%2Fsignups%3Fpage%3D2');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a session cookie it did not issue', async () => {
    const res = await get('/staff', { headers: { Cookie: 'authjs.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..AAAA.BBBB.CCCC' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/staff\/sign-in\?/);
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

  it('serves Auth.js under /api/auth, ahead of the catch-all', async () => {
    const providers = await get('/api/auth/providers');
    expect(providers.status).toBe(200);
    expect(await providers.json()).toMatchObject({ oidc: { id: 'oidc', type: 'oidc', callbackUrl: `${server.url}/api/auth/callback/oidc` } });
    const session = await get('/api/auth/session');
    expect(session.status).toBe(200);
    expect(session.headers.get('cache-control')).toMatch(/no-store/);
    expect(await session.json()).toBeNull();
    const csrf = await get('/api/auth/csrf');
    expect((await csrf.json()).csrfToken).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sends Auth.js\'s own sign-in page to ours', async () => {
    const res = await get('/api/auth/signin');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/\/staff\/sign-in/);
  });

  it('refuses a sign-in without the CSRF token instead of going to the provider', async () => {
    const res = await get('/api/auth/signin/oidc', {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'callbackUrl=%2Fstaff',
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
    expect(put.headers.get('allow')).toBe('GET, POST, HEAD');
    expect((await put.json()).error.code).toBe('METHOD_NOT_ALLOWED');
  });
});
