import type { FullAuthConfig } from 'auth-astro/src/config';
import type { Config } from '../config.ts';
import { log } from '../log.ts';
import { authProviders } from './providers.ts';
import { isStaffEmail } from './staff-email.ts';

export const AUTH_PREFIX = '/api/auth';
export const SIGN_IN_PAGE = '/staff/sign-in';
export const ERROR_PAGE = '/staff/auth-error';
/** A working day: staff sign in again the next morning. */
const SESSION_SECONDS = 8 * 60 * 60;

/**
 * The Auth.js configuration for one request, built at run time from the validated environment (never at build
 * time: the secret and the providers are not in the bundle). `origin` decides the cookies: `Secure` and the
 * `__Secure-`/`__Host-` names over https.
 */
export function authOptions(config: Config, origin: URL): FullAuthConfig {
  const domains = config.STAFF_EMAIL_DOMAINS ?? [];
  return {
    prefix: AUTH_PREFIX,
    basePath: AUTH_PREFIX,
    secret: config.AUTH_SECRET,
    // requestForAuth() has already replaced the forwarded headers with the origin we trust.
    trustHost: true,
    useSecureCookies: origin.protocol === 'https:',
    providers: authProviders(config),
    session: { strategy: 'jwt', maxAge: SESSION_SECONDS },
    // Our own pages in the site's look; Auth.js's built-in ones need inline styles our CSP refuses.
    pages: { signIn: SIGN_IN_PAGE, error: ERROR_PAGE, signOut: '/staff' },
    callbacks: {
      // Outsiders never get a session: Auth.js sends them to the error page with `error=AccessDenied`.
      signIn: ({ user }) => isStaffEmail(user.email, domains),
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
