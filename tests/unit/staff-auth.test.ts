import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, parseConfig } from '../../src/lib/config.ts';
import { isStaffEmail } from '../../src/lib/auth/staff-email.ts';
import { authProviders, entraProfile, oidcProfile, staffProviders } from '../../src/lib/auth/providers.ts';
import { publicOrigin } from '../../src/lib/auth/public-origin.ts';
import { safeReturnPath } from '../../src/lib/auth/return-path.ts';
import { pageWindow } from '../../src/lib/staff/paging.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const OIDC = { AUTH_OIDC_ISSUER: 'https://id.northgate.example', AUTH_OIDC_ID: 'web', AUTH_OIDC_SECRET: 's3cret-value', AUTH_SECRET: SECRET, STAFF_EMAIL_DOMAINS: 'northgate.example' };
const ENTRA = {
  AUTH_MICROSOFT_ENTRA_ID_ID: 'app-id', AUTH_MICROSOFT_ENTRA_ID_SECRET: 'entra-secret',
  AUTH_MICROSOFT_ENTRA_ID_ISSUER: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
  AUTH_SECRET: SECRET, STAFF_EMAIL_DOMAINS: 'northgate.example',
};
const problems = (env: Record<string, string>) => {
  try {
    parseConfig(env);
    return [];
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.problems;
  }
};

describe('staff sign-in configuration', () => {
  it('needs no provider: the staff area is then closed', () => {
    expect(staffProviders(parseConfig({}))).toEqual([]);
  });

  it('reads both providers and the staff domains', () => {
    const config = parseConfig({ ...OIDC, ...ENTRA, STAFF_EMAIL_DOMAINS: ' Northgate.example, @staff.northgate.example ,' });
    expect(config.STAFF_EMAIL_DOMAINS).toEqual(['northgate.example', 'staff.northgate.example']);
    expect(staffProviders(config).map((p) => p.id)).toEqual(['microsoft-entra-id', 'oidc']);
  });

  it('requires AUTH_SECRET once a provider is configured, saying how to make one', () => {
    const [problem] = problems({ ...OIDC, AUTH_SECRET: '' });
    expect(problem).toMatch(/^AUTH_SECRET: required when a staff sign-in provider is configured; generate one with `openssl rand -base64 33`/);
  });

  it('requires STAFF_EMAIL_DOMAINS once a provider is configured', () => {
    expect(problems({ ...ENTRA, STAFF_EMAIL_DOMAINS: '' })).toEqual([expect.stringMatching(/^STAFF_EMAIL_DOMAINS: required/)]);
  });

  it('names the missing half of a provider', () => {
    expect(problems({ ...OIDC, AUTH_OIDC_SECRET: '' })).toEqual([expect.stringMatching(/^AUTH_OIDC_SECRET: required with the other OpenID Connect settings/)]);
  });

  it('never prints a secret it rejects', () => {
    const [problem] = problems({ ...OIDC, AUTH_SECRET: 'short-but-secret' });
    expect(problem).toContain('AUTH_SECRET: must be at least 32 characters');
    expect(problem).not.toContain('short-but-secret');
  });

  it.each([
    'https://login.microsoftonline.com/common/v2.0',
    'https://login.microsoftonline.com/organizations/v2.0',
    'https://login.microsoftonline.com/consumers/v2.0',
  ])('refuses the shared Entra issuer %s: only the tenant may decide who is staff', (issuer) => {
    expect(problems({ ...ENTRA, AUTH_MICROSOFT_ENTRA_ID_ISSUER: issuer })).toEqual([expect.stringMatching(/^AUTH_MICROSOFT_ENTRA_ID_ISSUER: must be the tenant issuer/)]);
  });

  it('refuses a plain-http issuer except on loopback', () => {
    expect(problems({ ...OIDC, AUTH_OIDC_ISSUER: 'http://id.northgate.example' })).toEqual([expect.stringMatching(/^AUTH_OIDC_ISSUER: must be an https URL/)]);
    expect(problems({ ...OIDC, AUTH_OIDC_ISSUER: 'http://127.0.0.1:9000' })).toEqual([]);
  });

  it('refuses a domain list with something that is not a domain', () => {
    expect(problems({ ...OIDC, STAFF_EMAIL_DOMAINS: 'northgate.example, *' })).toEqual([expect.stringMatching(/^STAFF_EMAIL_DOMAINS: "\*" is not a domain name/)]);
  });
});

describe('isStaffEmail', () => {
  const domains = ['northgate.example'];
  it.each([
    ['ada@northgate.example', true],
    ['Ada@NorthGate.Example', true],
    ['ada@evil.example', false],
    ['ada@sub.northgate.example', false],
    ['ada@northgate.example.evil.example', false],
    ['"ada@northgate.example"@evil.example', false],
    ['northgate.example', false],
    ['@northgate.example', false],
    ['', false],
    [null, false],
  ])('%j → %s', (email, expected) => {
    expect(isStaffEmail(email, domains)).toBe(expected);
  });
});

describe('profiles', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('takes the Entra ID profile from the ID token, without calling Microsoft Graph', async () => {
    const fetch = vi.fn(() => { throw new Error('no network calls expected'); });
    vi.stubGlobal('fetch', fetch);
    const [entra] = authProviders(parseConfig(ENTRA)) as unknown as { options: { profile: (claims: object, tokens: object) => unknown; authorization: { params: { scope: string } } } }[];
    const profile = await entra.options.profile({ sub: 'abc', name: 'Ada', preferred_username: 'ada@northgate.example' }, { access_token: 'token' });
    expect(profile).toEqual({ id: 'abc', name: 'Ada', email: 'ada@northgate.example', image: null });
    expect(entra.options.authorization.params.scope).toBe('openid profile email');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('prefers the email claim in Entra ID', () => {
    expect(entraProfile({ sub: 'x', email: 'a@b.example', preferred_username: 'c@d.example' }).email).toBe('a@b.example');
  });

  it('drops an address the OIDC provider marks unverified', () => {
    expect(oidcProfile({ sub: 'x', email: 'ada@northgate.example', email_verified: false }).email).toBeNull();
    expect(oidcProfile({ sub: 'x', email: 'ada@northgate.example', email_verified: true }).email).toBe('ada@northgate.example');
  });
});

describe('publicOrigin', () => {
  const request = (headers: Record<string, string> = {}) => new Request('http://127.0.0.1:4321/staff', { headers });

  it('uses SITE_URL when set', () => {
    expect(publicOrigin(request(), parseConfig({ SITE_URL: 'https://www.northgate.example/base' })).href).toBe('https://www.northgate.example/');
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', () => {
    expect(publicOrigin(request({ 'x-forwarded-proto': 'https' }), parseConfig({})).protocol).toBe('http:');
    expect(publicOrigin(request({ 'x-forwarded-proto': 'https' }), parseConfig({ TRUST_PROXY: '1' })).protocol).toBe('https:');
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['/staff/signups?page=2', '/staff/signups?page=2'],
    ['https://evil.example/', '/staff'],
    ['//evil.example/', '/staff'],
    ['/\\evil.example/', '/staff'],
    [null, '/staff'],
    ['', '/staff'],
    ['/staff#top', '/staff#top'],
    // Browsers drop tabs and line ends from URLs: `/<TAB>/evil.example` is `//evil.example` to them.
    ['/\t/evil.example', '/staff'],
    ['/\n/evil.example', '/staff'],
    ['/\r/evil.example', '/staff'],
    ['/\r\n/evil.example', '/staff'],
    ['/\u0000/evil.example', '/staff'],
    ['/\u001f/evil.example', '/staff'],
    ['/\u007f/evil.example', '/staff'],
    ['/\u0085/evil.example', '/staff'],
    ['/staff\tx', '/staff'],
    ['\t//evil.example', '/staff'],
    [' //evil.example', '/staff'],
    ['\\\\evil.example', '/staff'],
    ['/\\/evil.example', '/staff'],
    ['/staff\\..\\..\\evil', '/staff'],
    ['///evil.example', '/staff'],
    ['/%2F/evil.example', '/%2F/evil.example'],
    ['https:evil.example', '/staff'],
    ['javascript:alert(1)', '/staff'],
    ['/../../staff/signups', '/staff/signups'],
    ['/staff/../..//evil.example', '/staff'],
    ['http://127.0.0.1/staff', '/staff'],
  ])('%j → %j', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });
});

describe('pageWindow', () => {
  it.each([
    [null, 120, { page: 1, pages: 3, offset: 0, limit: 50 }],
    ['3', 120, { page: 3, pages: 3, offset: 100, limit: 50 }],
    ['9', 120, { page: 3, pages: 3, offset: 100, limit: 50 }],
    ['0', 120, { page: 1, pages: 3, offset: 0, limit: 50 }],
    ['-1', 120, { page: 1, pages: 3, offset: 0, limit: 50 }],
    ['2abc', 120, { page: 1, pages: 3, offset: 0, limit: 50 }],
    ['1', 0, { page: 1, pages: 1, offset: 0, limit: 50 }],
  ])('page %j of %i records', (requested, total, expected) => {
    expect(pageWindow(requested, total)).toEqual(expected);
  });
});
