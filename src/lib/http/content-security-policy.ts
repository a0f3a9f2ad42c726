// Turnstile's script and frame are the only third-party resources the site loads.
const CHALLENGE_ORIGIN = 'https://challenges.cloudflare.com';

/**
 * The site's Content-Security-Policy. `formAction` adds origins forms may be sent to: the staff sign-in page
 * posts to our own /api/auth, which redirects to the identity provider, and browsers check that redirect
 * against `form-action` too.
 * @example contentSecurityPolicy({ formAction: ['https://login.microsoftonline.com'] })
 */
export function contentSecurityPolicy({ formAction = [] }: { formAction?: string[] } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${CHALLENGE_ORIGIN}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${CHALLENGE_ORIGIN}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formAction].join(' '),
    "object-src 'none'",
  ].join('; ');
}
