import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { browserUnavailable, useBrowser } from '../helpers/browser.ts';
import { startServer, useServer, type ServerEnv } from '../helpers/server.ts';
import { startIdp, type IdpClient, type TestIdp } from '../helpers/oidc-idp.ts';
import { seedSubmissions } from '../helpers/seed-submissions.ts';

const SESSION_COOKIE = 'authjs.session-token';

describe.skipIf(browserUnavailable())('staff sign-in against a real OpenID provider', () => {
  let idp: TestIdp;
  let oidc: IdpClient;
  let entra: IdpClient;
  let env: ServerEnv;

  beforeAll(async () => {
    idp = await startIdp();
    oidc = idp.addClient();
    // The Entra ID provider, configured as for Microsoft, with the loopback IdP as the tenant's issuer.
    entra = idp.addClient();
    const dataDir = mkdtempSync(join(tmpdir(), 'institute-staff-'));
    await seedSubmissions(dataDir);
    env = {
      DATA_DIR: dataDir,
      AUTH_SECRET: 'test-secret-of-at-least-thirty-two-characters',
      STAFF_EMAIL_DOMAINS: 'northgate.example, staff.northgate.example',
      AUTH_OIDC_ISSUER: idp.issuer,
      AUTH_OIDC_ID: oidc.clientId,
      AUTH_OIDC_SECRET: oidc.clientSecret,
      AUTH_OIDC_NAME: 'Northgate SSO',
      AUTH_MICROSOFT_ENTRA_ID_ISSUER: idp.issuer,
      AUTH_MICROSOFT_ENTRA_ID_ID: entra.clientId,
      AUTH_MICROSOFT_ENTRA_ID_SECRET: entra.clientSecret,
      AUTH_MICROSOFT_ENTRA_ID_REQUIRED_ROLE: 'Staff',
    };
  });
  afterAll(async () => {
    await idp?.close();
  });
  const server = useServer(() => env);
  const chrome = useBrowser();
  beforeAll(() => {
    oidc.allowRedirect(`${server.url}/api/auth/callback/oidc`);
    entra.allowRedirect(`${server.url}/api/auth/callback/microsoft-entra-id`);
  });

  /** From a staff page through the provider's login form and back; resolves on the page the user lands on. */
  async function signIn(page: Page, email: string, { start = '/staff', button = 'Sign in with Northgate SSO' } = {}) {
    await page.goto(server.url + start);
    await page.getByRole('button', { name: button }).click();
    await page.waitForURL(`${idp.issuer}/interaction/**`);
    await page.locator('input[name=login]').fill(email);
    await page.locator('input[name=password]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page
      .waitForURL((url) => url.origin === server.url && !url.pathname.startsWith('/api/auth/'), { timeout: 10_000 })
      .catch((err) => {
        throw new Error(`sign-in stopped at ${page.url()}: ${err.message}`);
      });
  }

  const sessionCookie = async (context: BrowserContext) =>
    (await context.cookies(server.url)).find((c) => c.name === SESSION_COOKIE);

  it('signs in an allowed user with PKCE, state and nonce, and shows the staff pages', async () => {
    const context = await chrome.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const problems: string[] = [];
    // Only our pages count: the IdP's development login page fetches web fonts this sandbox cannot resolve.
    page.on('console', (m) => {
      if (m.type() === 'error' && m.location().url.startsWith(server.url)) problems.push(m.text());
    });
    const before = idp.requests.length;

    await signIn(page, 'ada@northgate.example', { start: '/staff/signups?page=2' });
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/staff/signups?page=2');
    await expect(page.getByTestId('staff-user').textContent()).resolves.toBe('ada@northgate.example');
    await expect(page.getByText('Page 2 of 2 (60 in all)').count()).resolves.toBe(1);

    const authorize = idp.requests.slice(before).find((r) => r.startsWith('GET /auth?'))!;
    const params = new URL(authorize.slice(4), idp.issuer).searchParams;
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^[\w.-]{16,}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{16,}$/);
    expect(params.get('redirect_uri')).toBe(`${server.url}/api/auth/callback/oidc`);

    const cookie = await sessionCookie(context);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false, path: '/' });

    const response = await page.goto(server.url + '/staff');
    expect(response!.status()).toBe(200);
    expect(response!.headers()['x-robots-tag']).toContain('noindex');
    expect(response!.headers()['cache-control']).toBe('no-store');
    await expect(page.getByTestId('signup-count').textContent()).resolves.toBe('60');
    await expect(page.getByTestId('registration-count').textContent()).resolves.toBe('2');

    await page.getByRole('link', { name: 'Course registrations' }).click();
    await page.waitForURL('**/staff/registrations');
    const table = await page.getByTestId('registrations').textContent();
    expect(table).toContain('S123456');
    expect(table).toContain('BIB201 (A)');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download all as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^registrations-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(
      csv.startsWith('\uFEFFid,created_at,student_id,first_name,last_name,email,phone,term,courses,notes\r\n'),
    ).toBe(true);
    expect(csv).toContain(',"\'=HYPERLINK(""http://evil.example/"",""Click"")"\r\n');
    expect(csv).toContain(',"\'+1 555 0100",');
    expect(csv.trimEnd().split('\r\n')).toHaveLength(3);

    await page.goto(server.url + '/staff/signups');
    const states = await page.getByTestId('signups').textContent();
    expect(states).toContain('pending');
    expect(states).toContain('confirmed');
    // The export is the mailing list: confirmed subscribers only, each with their one-click unsubscribe URL.
    const [signups] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the confirmed subscribers as CSV' }).click(),
    ]);
    const rows = readFileSync((await signups.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(rows).toHaveLength(41);
    expect(rows[0]).toBe('\uFEFFid,email,name,interests,source,created_at,confirmed_at,confirmed_via,unsubscribe_url');
    expect(new Set(rows.slice(1).map((r) => r.split(',')[0])).size).toBe(40);
    expect(rows.slice(1).every((r) => r.includes(`,${server.url}/api/newsletter/unsubscribe?token=`))).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('refuses a user outside STAFF_EMAIL_DOMAINS and gives them no session', async () => {
    const context = await chrome.browser.newContext();
    const page = await context.newPage();
    await signIn(page, 'eve@elsewhere.example');
    expect(new URL(page.url()).pathname).toBe('/staff/auth-error');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Not allowed');
    expect(await sessionCookie(context)).toBeUndefined();
    const again = await page.goto(server.url + '/staff/signups');
    expect(new URL(page.url()).pathname).toBe('/staff/sign-in');
    expect(await again!.text()).not.toContain('@example.org');
    await context.close();
  });

  it('refuses an address the provider has not verified', async () => {
    const context = await chrome.browser.newContext();
    const page = await context.newPage();
    await signIn(page, 'unverified+mallory@northgate.example');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Not allowed');
    expect(await sessionCookie(context)).toBeUndefined();
    await context.close();
  });

  /** Signs `login` in with the IdP sending `claims` for it; resolves on the heading of the page it lands on. */
  async function signInWith(login: string, claims: Record<string, unknown>, button?: string) {
    idp.claims[login] = claims;
    const context = await chrome.browser.newContext();
    const page = await context.newPage();
    try {
      await signIn(page, login, button ? { button } : {});
      return {
        heading: await page.getByRole('heading', { level: 1 }).textContent(),
        cookie: await sessionCookie(context),
        path: new URL(page.url()).pathname,
      };
    } finally {
      delete idp.claims[login];
      await context.close();
    }
  }

  it.each([
    [
      'the string "false"',
      'string-false+ada@northgate.example',
      { email: 'ada@northgate.example', email_verified: 'false' },
    ],
    ['missing', 'missing+ada@northgate.example', { email: 'ada@northgate.example', email_verified: undefined }],
  ])('refuses an OIDC address whose email_verified is %s', async (_, login, claims) => {
    const result = await signInWith(login, claims);
    expect(result.path).toBe('/staff/auth-error');
    expect(result.heading).toBe('Not allowed');
    expect(result.cookie).toBeUndefined();
  });

  it('ignores an Entra ID email claim whose domain owner Microsoft has not verified (no xms_edov)', async () => {
    const result = await signInWith(
      'mallory@elsewhere.example',
      { email: 'ada@northgate.example' },
      'Sign in with Microsoft',
    );
    expect(result.heading).toBe('Not allowed');
    expect(result.cookie).toBeUndefined();
  });

  it('takes an Entra ID email claim that xms_edov marks verified', async () => {
    const result = await signInWith(
      'ada.lovelace@elsewhere.example',
      { email: 'ada@northgate.example', xms_edov: true },
      'Sign in with Microsoft',
    );
    expect(result.path).toBe('/staff');
    expect(result.cookie).toMatchObject({ name: SESSION_COOKIE, value: expect.stringMatching(/\S/) });
  });

  it('refuses an Entra ID user in a staff domain without the required app role', async () => {
    const result = await signInWith('student@northgate.example', { roles: ['Student'] }, 'Sign in with Microsoft');
    expect(result.heading).toBe('Not allowed');
    expect(result.cookie).toBeUndefined();
  });

  it('redirects to sign-in and back without a session', async () => {
    const context = await chrome.browser.newContext();
    const page = await context.newPage();
    await page.goto(server.url + '/staff/registrations?page=1');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/staff/sign-in');
    expect(url.searchParams.get('callbackUrl')).toBe('/staff/registrations?page=1');
    await expect(page.getByRole('button', { name: 'Sign in with Microsoft' }).count()).resolves.toBe(1);
    await context.close();
  });

  it('ends the session on sign-out', async () => {
    const context = await chrome.browser.newContext();
    const page = await context.newPage();
    await signIn(page, 'grace@staff.northgate.example');
    await expect(page.getByTestId('staff-user').textContent()).resolves.toBe('grace@staff.northgate.example');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/staff/sign-in?signedOut=1');
    await expect(page.locator('main').getByRole('status').textContent()).resolves.toBe('You are signed out.');
    expect(await sessionCookie(context)).toBeUndefined();
    await page.goto(server.url + '/staff');
    expect(new URL(page.url()).pathname).toBe('/staff/sign-in');
    await context.close();
  });

  it('turns away a session whose domain is no longer on the staff list', async () => {
    // A second server with the same secret but another staff domain: the browser sends it the same cookie
    // (cookies ignore the port), as if STAFF_EMAIL_DOMAINS had changed after this user signed in.
    const narrower = await startServer({ ...env, STAFF_EMAIL_DOMAINS: 'other.example' });
    try {
      const context = await chrome.browser.newContext();
      const page = await context.newPage();
      await signIn(page, 'ada@northgate.example');
      const response = await page.goto(narrower.url + '/staff/signups');
      expect(response!.status()).toBe(403);
      expect(new URL(page.url()).pathname).toBe('/staff/signups');
      await expect(page.getByTestId('not-allowed').textContent()).resolves.toContain('ada@northgate.example');
      expect(await page.content()).not.toContain('reader1@example.org');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL('**/staff/sign-in?signedOut=1');
      expect(await sessionCookie(context)).toBeUndefined();
      await context.close();
    } finally {
      await narrower.stop();
    }
  });

  it('refuses a tampered session cookie', async () => {
    const context = await chrome.browser.newContext();
    const page = await context.newPage();
    await signIn(page, 'ada@northgate.example');
    const cookie = (await sessionCookie(context))!;
    const middle = Math.floor(cookie.value.length / 2);
    const flipped =
      cookie.value.slice(0, middle) + (cookie.value[middle] === 'A' ? 'B' : 'A') + cookie.value.slice(middle + 1);
    await context.addCookies([{ ...cookie, value: flipped }]);
    const response = await page.goto(server.url + '/staff/signups');
    expect(new URL(page.url()).pathname).toBe('/staff/sign-in');
    expect(await response!.text()).not.toContain('ada@northgate.example');
    await context.close();
  });

  it('fails safely when the state on the callback does not match', async () => {
    const context = await chrome.browser.newContext();
    const page = await context.newPage();
    // The provider's redirect back to us arrives with its state swapped for another value.
    let forged = 0;
    idp.rewriteRedirect = (location) => {
      const url = new URL(location, idp.issuer);
      if (url.origin !== server.url || !url.pathname.startsWith('/api/auth/callback/')) return location;
      forged++;
      url.searchParams.set('state', 'forged-state-value');
      return url.href;
    };
    let response: import('playwright-core').Response | undefined;
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/staff/auth-error') response = r;
    });
    try {
      await signIn(page, 'ada@northgate.example');
    } finally {
      idp.rewriteRedirect = undefined;
    }
    expect(forged).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/staff/auth-error');
    expect(response!.status()).toBe(400);
    expect(response!.request().redirectedFrom()?.url()).toContain('state=forged-state-value');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Sign-in failed');
    expect(await sessionCookie(context)).toBeUndefined();
    await context.close();
  });

  it('signs in through the Microsoft Entra ID provider, without Microsoft Graph', async () => {
    const context = await chrome.browser.newContext();
    const page = await context.newPage();
    const before = idp.requests.length;
    await signIn(page, 'ada@northgate.example', { button: 'Sign in with Microsoft' });
    expect(new URL(page.url()).pathname).toBe('/staff');
    await expect(page.getByTestId('staff-user').textContent()).resolves.toBe('ada@northgate.example');
    const authorize = idp.requests.slice(before).find((r) => r.startsWith('GET /auth?'))!;
    const params = new URL(authorize.slice(4), idp.issuer).searchParams;
    expect(params.get('redirect_uri')).toBe(`${server.url}/api/auth/callback/microsoft-entra-id`);
    expect(params.get('scope')).toBe('openid profile email');
    expect(params.get('code_challenge_method')).toBe('S256');
    // The profile comes from the ID token: no userinfo request (the stock provider would call Graph instead).
    expect(idp.requests.slice(before).some((r) => r.includes('/me'))).toBe(false);
    await context.close();
  });
});
