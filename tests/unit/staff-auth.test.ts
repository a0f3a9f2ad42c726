import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, parseConfig } from '../../src/lib/config.ts';
import { isStaffEmail } from '../../src/lib/auth/staff-email.ts';
import { authProviders, entraProfile, oidcProfile, staffProviders } from '../../src/lib/auth/providers.ts';
import { safeReturnPath } from '../../src/lib/auth/return-path.ts';
import { mayEnter, type StaffRules } from '../../src/lib/auth/staff-claims.ts';
import { authOptions } from '../../src/lib/auth/auth-options.ts';
import { pageWindow } from '../../src/lib/page-window.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const OIDC = {
  AUTH_OIDC_ISSUER: 'https://id.northgate.example',
  AUTH_OIDC_ID: 'web',
  AUTH_OIDC_SECRET: 's3cret-value',
  AUTH_SECRET: SECRET,
  STAFF_EMAIL_DOMAINS: 'northgate.example',
};
const ENTRA = {
  AUTH_MICROSOFT_ENTRA_ID_ID: 'app-id',
  AUTH_MICROSOFT_ENTRA_ID_SECRET: 'entra-secret',
  AUTH_MICROSOFT_ENTRA_ID_ISSUER: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
  AUTH_SECRET: SECRET,
  STAFF_EMAIL_DOMAINS: 'northgate.example',
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
    const config = parseConfig({
      ...OIDC,
      ...ENTRA,
      STAFF_EMAIL_DOMAINS: ' Northgate.example, @staff.northgate.example ,',
    });
    expect(config.STAFF_EMAIL_DOMAINS).toEqual(['northgate.example', 'staff.northgate.example']);
    expect(staffProviders(config).map((p) => p.id)).toEqual(['microsoft-entra-id', 'oidc']);
  });

  it('requires AUTH_SECRET once a provider is configured, saying how to make one', () => {
    const [problem] = problems({ ...OIDC, AUTH_SECRET: '' });
    expect(problem).toMatch(
      /^AUTH_SECRET: required when a staff sign-in provider is configured; generate one with `openssl rand -base64 33`/,
    );
  });

  it('requires STAFF_EMAIL_DOMAINS once a provider is configured', () => {
    expect(problems({ ...ENTRA, STAFF_EMAIL_DOMAINS: '' })).toEqual([
      expect.stringMatching(/^STAFF_EMAIL_DOMAINS: required/),
    ]);
  });

  it('names the missing half of a provider', () => {
    expect(problems({ ...OIDC, AUTH_OIDC_SECRET: '' })).toEqual([
      expect.stringMatching(/^AUTH_OIDC_SECRET: required with the other OpenID Connect settings/),
    ]);
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
    expect(problems({ ...ENTRA, AUTH_MICROSOFT_ENTRA_ID_ISSUER: issuer })).toEqual([
      expect.stringMatching(/^AUTH_MICROSOFT_ENTRA_ID_ISSUER: must be the tenant issuer/),
    ]);
  });

  it('refuses a plain-http issuer except on loopback', () => {
    expect(problems({ ...OIDC, AUTH_OIDC_ISSUER: 'http://id.northgate.example' })).toEqual([
      expect.stringMatching(/^AUTH_OIDC_ISSUER: must be an https URL/),
    ]);
    expect(problems({ ...OIDC, AUTH_OIDC_ISSUER: 'http://127.0.0.1:9000' })).toEqual([]);
  });

  it('refuses a domain list with something that is not a domain', () => {
    expect(problems({ ...OIDC, STAFF_EMAIL_DOMAINS: 'northgate.example, *' })).toEqual([
      expect.stringMatching(/^STAFF_EMAIL_DOMAINS: "\*" is not a domain name/),
    ]);
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
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes the Entra ID profile from the ID token, without calling Microsoft Graph', async () => {
    const fetch = vi.fn(() => {
      throw new Error('no network calls expected');
    });
    vi.stubGlobal('fetch', fetch);
    const [entra] = authProviders(parseConfig(ENTRA)) as unknown as {
      options: { profile: (claims: object, tokens: object) => unknown; authorization: { params: { scope: string } } };
    }[];
    const profile = await entra.options.profile(
      { sub: 'abc', name: 'Ada', preferred_username: 'ada@northgate.example' },
      { access_token: 'token' },
    );
    expect(profile).toEqual({ id: 'abc', name: 'Ada', email: 'ada@northgate.example', image: null });
    expect(entra.options.authorization.params.scope).toBe('openid profile email');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('prefers the email claim in Entra ID when Microsoft says its domain owner is verified', () => {
    expect(
      entraProfile({ sub: 'x', email: 'a@b.example', xms_edov: true, preferred_username: 'c@d.example' }).email,
    ).toBe('a@b.example');
    expect(entraProfile({ sub: 'x', email: 'a@b.example', preferred_username: 'c@d.example' }).email).toBe(
      'c@d.example',
    );
  });

  it('drops an address the OIDC provider does not say, as the boolean true, it verified', () => {
    expect(oidcProfile({ sub: 'x', email: 'ada@northgate.example', email_verified: false }).email).toBeNull();
    expect(oidcProfile({ sub: 'x', email: 'ada@northgate.example', email_verified: 'false' }).email).toBeNull();
    expect(oidcProfile({ sub: 'x', email: 'ada@northgate.example' }).email).toBeNull();
    expect(oidcProfile({ sub: 'x', email: 'ada@northgate.example', email_verified: true }).email).toBe(
      'ada@northgate.example',
    );
  });
});

describe('who may enter (the sign-in decision)', () => {
  const rules: StaffRules = { domains: ['northgate.example'] };
  const withRole: StaffRules = { domains: ['northgate.example'], entraRequiredRole: 'Staff' };
  const ada = 'ada@northgate.example';

  it.each([
    [{ email: ada, email_verified: true }, true],
    [{ email: ada, email_verified: false }, false],
    [{ email: ada, email_verified: 'false' }, false],
    [{ email: ada, email_verified: 'true' }, false],
    [{ email: ada, email_verified: 1 }, false],
    [{ email: ada }, false],
    [{ email: ada, email_verified: null }, false],
    [{ email: 'eve@elsewhere.example', email_verified: true }, false],
    [{ email: ['ada@northgate.example'], email_verified: true }, false],
    [{ email_verified: true, preferred_username: ada }, false],
  ])('generic OIDC %j → %s', (claims, expected) => {
    expect(mayEnter('oidc', { sub: 'x', ...claims }, rules)).toBe(expected);
  });

  it.each([
    // The user principal name: its domain is always one the tenant has verified.
    [{ preferred_username: ada }, true],
    // `email` is the Mail attribute, which need not be verified: only with xms_edov (domain owner verified).
    [{ email: ada, preferred_username: 'eve@elsewhere.example' }, false],
    [{ email: ada, xms_edov: false, preferred_username: 'eve@elsewhere.example' }, false],
    [{ email: ada, xms_edov: 'true', preferred_username: 'eve@elsewhere.example' }, false],
    [{ email: ada, xms_edov: true, preferred_username: 'eve@elsewhere.example' }, true],
    [{ email: 'eve@elsewhere.example', xms_edov: true, preferred_username: ada }, false],
    [{ email: ada }, false],
    [{}, false],
  ])('Entra ID %j → %s', (claims, expected) => {
    expect(mayEnter('microsoft-entra-id', { sub: 'x', ...claims }, rules)).toBe(expected);
  });

  it.each([
    [{ preferred_username: ada, roles: ['Staff'] }, true],
    [{ preferred_username: ada, roles: ['Reader', 'Staff'] }, true],
    [{ preferred_username: ada, roles: ['Student'] }, false],
    [{ preferred_username: ada, roles: ['staff'] }, false],
    [{ preferred_username: ada, roles: 'Staff' }, false],
    [{ preferred_username: ada }, false],
    [{ preferred_username: 'eve@elsewhere.example', roles: ['Staff'] }, false],
  ])('Entra ID with a required role %j → %s', (claims, expected) => {
    expect(mayEnter('microsoft-entra-id', { sub: 'x', ...claims }, withRole)).toBe(expected);
  });

  it('asks the role only of Entra ID, whose tokens carry app roles', () => {
    expect(mayEnter('oidc', { sub: 'x', email: ada, email_verified: true }, withRole)).toBe(true);
  });

  it('refuses an unknown provider and missing claims', () => {
    expect(mayEnter('github', { sub: 'x', email: ada, email_verified: true }, rules)).toBe(false);
    expect(mayEnter(undefined, { sub: 'x', email: ada, email_verified: true }, rules)).toBe(false);
    expect(mayEnter('oidc', undefined, rules)).toBe(false);
  });

  it('reads the required role from AUTH_MICROSOFT_ENTRA_ID_REQUIRED_ROLE into the sign-in callback', async () => {
    const options = authOptions(
      parseConfig({ ...ENTRA, AUTH_MICROSOFT_ENTRA_ID_REQUIRED_ROLE: 'Staff' }),
      new URL('https://www.northgate.example'),
    );
    const signIn = (roles: string[]) =>
      options.callbacks!.signIn!({
        user: { email: ada },
        account: { provider: 'microsoft-entra-id', type: 'oidc', providerAccountId: 'x' },
        profile: { sub: 'x', preferred_username: ada, roles },
      });
    expect(await signIn(['Staff'])).toBe(true);
    expect(await signIn([])).toBe(false);
  });

  it('refuses AUTH_MICROSOFT_ENTRA_ID_REQUIRED_ROLE without Entra ID, where it would do nothing', () => {
    expect(problems({ ...OIDC, AUTH_MICROSOFT_ENTRA_ID_REQUIRED_ROLE: 'Staff' })).toEqual([
      expect.stringMatching(/^AUTH_MICROSOFT_ENTRA_ID_REQUIRED_ROLE: has no effect without Microsoft Entra ID/),
    ]);
  });
});

describe('session lifetime', () => {
  const HOUR = 60 * 60;
  const jwtCallback = (env: Record<string, string>) => {
    const options = authOptions(parseConfig({ ...OIDC, ...env }), new URL('https://www.northgate.example'));
    return (token: Record<string, unknown>, trigger?: 'signIn') =>
      options.callbacks!.jwt!({ token, user: { email: 'ada@northgate.example' }, trigger });
  };
  const now = () => Math.floor(Date.now() / 1000);

  it('records the sign-in time on sign-in', async () => {
    const token = await jwtCallback({})({ email: 'ada@northgate.example' }, 'signIn');
    expect(token?.signedInAt).toBeGreaterThanOrEqual(now() - 5);
  });

  it('ends a session STAFF_SESSION_HOURS after sign-in (default 8), and sets the cookie lifetime to match', async () => {
    expect(authOptions(parseConfig(OIDC), new URL('https://x.example')).session?.maxAge).toBe(8 * HOUR);
    expect(
      authOptions(parseConfig({ ...OIDC, STAFF_SESSION_HOURS: '2' }), new URL('https://x.example')).session?.maxAge,
    ).toBe(2 * HOUR);
    const twoHours = jwtCallback({ STAFF_SESSION_HOURS: '2' });
    expect(await twoHours({ signedInAt: now() - HOUR })).toMatchObject({ signedInAt: expect.any(Number) });
    expect(await twoHours({ signedInAt: now() - 3 * HOUR })).toBeNull();
    expect(await twoHours({ signedInAt: now() + HOUR })).toBeNull();
    expect(await twoHours({ signedInAt: String(now()) })).toBeNull();
    expect(await twoHours({})).toBeNull();
  });

  it.each(['0', '-1', 'eight', '1000'])('refuses STAFF_SESSION_HOURS=%s', (hours) => {
    expect(problems({ ...OIDC, STAFF_SESSION_HOURS: hours })).toEqual([
      expect.stringMatching(/^STAFF_SESSION_HOURS: /),
    ]);
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
