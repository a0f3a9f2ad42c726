import type { APIRoute } from 'astro';
import { handleAuthRequest, signInConfigured } from '../../../lib/auth/handler.ts';
import { signInNotConfigured, signInRefused } from '../../../lib/auth/errors.ts';
import { notFound } from '../../../lib/http/api-error.ts';
import { route } from '../../../lib/api/routes.ts';
import { methodNotAllowed } from '../../../lib/http/method-guard.ts';

export const prerender = false;

/**
 * Auth.js (through auth-astro): signin, signout, session, csrf, providers, callback/*. Declared here rather than
 * injected by auth-astro so that it gets the configuration read at run time; being more specific than
 * api/[...path].ts, it wins over the catch-all.
 */
const handle = (async (context) => {
  if (!signInConfigured()) throw signInNotConfigured();
  const response = await handleAuthRequest(context);
  if (!response) throw notFound();
  // Auth.js answers a few refusals itself, as a bare JSON `null` (e.g. POST /session without a CSRF token):
  // under /api/ every error is an ApiError. Its redirects (to the sign-in and error pages) pass untouched.
  if (response.status >= 500) throw new Error(`Auth.js answered ${response.status}`);
  if (response.status === 404) throw notFound();
  if (response.status >= 400) throw signInRefused();
  if (response.headers.has('Cache-Control')) return response;
  // Sessions, tokens and redirects carrying state are never for a shared cache. A copy, because Auth.js answers
  // some errors with Response.redirect(), whose headers cannot be changed.
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', 'no-store');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}) satisfies APIRoute;

export const GET = handle;
export const POST = handle;
export const ALL = methodNotAllowed(route('/api/auth/{action}'));
