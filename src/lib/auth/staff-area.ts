import type { APIContext, MiddlewareNext } from 'astro';
import { getConfig } from '../config.ts';
import { ERROR_PAGE, SIGN_IN_PAGE } from './auth-options.ts';
import { csrfToken, signInConfigured, staffSession } from './handler.ts';
import { isStaffEmail } from './staff-email.ts';

/** Pages of the staff area anyone may see: how to sign in, and why it failed. */
const OPEN_PAGES = new Set([SIGN_IN_PAGE, ERROR_PAGE]);

export const isStaffPath = (pathname: string) => pathname === '/staff' || pathname.startsWith('/staff/');

/**
 * The gate in front of every /staff page: without a provider the page explains the set-up, without a session
 * the visitor goes to sign in (and comes back), a session outside STAFF_EMAIL_DOMAINS sees "not allowed".
 * Whatever answers, robots are told to stay out and nothing is cached.
 */
export async function staffArea(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const response = await decide(context, next);
  // In place: Astro keeps the page's cookies on the response object itself. Our pages' responses and
  // context.redirect() have mutable headers.
  response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

async function decide(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { pathname, search } = context.url;
  const page = pathname.replace(/\/$/, '') || '/';
  if (!signInConfigured()) return next(OPEN_PAGES.has(page) ? undefined : SIGN_IN_PAGE);
  if (OPEN_PAGES.has(page)) return withCsrfToken(context, () => next());
  const session = await staffSession(context.request);
  if (!session?.user) {
    const back = new URLSearchParams({ callbackUrl: pathname + search });
    return context.redirect(`${SIGN_IN_PAGE}?${back}`, 302);
  }
  // The domains may have changed since this session was issued.
  if (!isStaffEmail(session.user.email, getConfig().STAFF_EMAIL_DOMAINS ?? [])) {
    context.locals.staffUser = { name: session.user.name ?? null, email: session.user.email ?? null };
    return withCsrfToken(context, () => next(`${ERROR_PAGE}?error=AccessDenied`));
  }
  context.locals.staffUser = { name: session.user.name ?? null, email: session.user.email ?? null };
  return withCsrfToken(context, () => next());
}

/** The sign-in and sign-out forms post Auth.js's CSRF token; its cookie goes out with the page. */
async function withCsrfToken(context: APIContext, render: () => Promise<Response>): Promise<Response> {
  const { token, setCookie } = await csrfToken(context.request);
  context.locals.csrfToken = token;
  const response = await render();
  for (const line of setCookie) response.headers.append('Set-Cookie', line);
  return response;
}
