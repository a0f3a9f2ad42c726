import type { FullAuthConfig } from 'auth-astro/src/config';
import type { Config } from '../config.ts';
import { log } from '../log.ts';
import { authProviders } from './providers.ts';
import { sessionCallbacks } from './session-lifetime.ts';
import { mayEnter } from './staff-claims.ts';

export const AUTH_PREFIX = '/api/auth';
export const SIGN_IN_PAGE = '/staff/sign-in';
export const ERROR_PAGE = '/staff/auth-error';

/**
 * The Auth.js configuration for one request, built at run time from the validated environment (never at build
 * time: the secret and the providers are not in the bundle). `origin` decides the cookies: `Secure` and the
 * `__Secure-`/`__Host-` names over https.
 */
export function authOptions(config: Config, origin: URL): FullAuthConfig {
  const rules = {
    domains: config.STAFF_EMAIL_DOMAINS ?? [],
    entraRequiredRole: config.AUTH_MICROSOFT_ENTRA_ID_REQUIRED_ROLE,
  };
  // STAFF_SESSION_HOURS after sign-in, however active: a working day by default, then staff sign in again.
  const lifetime = Math.round(config.STAFF_SESSION_HOURS * 60 * 60);
  const session = sessionCallbacks(lifetime);
  return {
    prefix: AUTH_PREFIX,
    basePath: AUTH_PREFIX,
    secret: config.AUTH_SECRET,
    // requestForAuth() has already replaced the forwarded headers with the origin we trust.
    trustHost: true,
    useSecureCookies: origin.protocol === 'https:',
    providers: authProviders(config),
    // maxAge is the cookie's lifetime at sign-in; the callbacks below end the session itself.
    session: { strategy: 'jwt', maxAge: lifetime },
    jwt: { encode: session.encode },
    // Our own pages in the site's look; Auth.js's built-in ones need inline styles our CSP refuses.
    pages: { signIn: SIGN_IN_PAGE, error: ERROR_PAGE, signOut: '/staff' },
    callbacks: {
      // Outsiders never get a session: Auth.js sends them to the error page with `error=AccessDenied`.
      signIn: ({ account, profile }) => mayEnter(account?.provider, profile, rules),
      jwt: session.jwt,
      session: session.session,
      // Only ever back into this site.
      redirect: ({ url, baseUrl }) => {
        const target = new URL(url, baseUrl);
        return target.origin === new URL(baseUrl).origin ? target.href : `${baseUrl}/staff`;
      },
    },
    logger: {
      error: (error) => log.warn({ err: error, type: (error as { type?: string }).type }, 'staff sign-in error'),
      warn: (code) => log.warn({ code }, 'staff sign-in warning'),
      debug: (message, metadata) => log.debug({ metadata }, message),
    },
  };
}
