import { defineMiddleware } from 'astro:middleware';
import { staffArea, isStaffPath } from './lib/auth/staff-area.ts';
import { errorResponse } from './lib/http/api-error.ts';
import { answersJson } from './lib/http/json-paths.ts';
import { methodError } from './lib/http/method-guard.ts';
import { log } from './lib/log.ts';

/**
 * Every on-demand route runs through here. API and discovery routes never answer with HTML: whatever they throw
 * becomes an ApiError response. Responses they return (Auth.js redirects and cookies included) pass untouched.
 * The staff area is gated (see staff-area.ts).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  if (!answersJson(pathname)) {
    // Every on-demand page (search, the staff area, its CSV exports) is read-only: other methods are a 405. The
    // one exception is the newsletter confirmation page, whose button posts back to it (opening it changes nothing).
    const { method } = context.request;
    const allowed = FORM_PAGES.has(pathname) ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];
    if (!allowed.includes(method)) return pageMethodNotAllowed(context.locals.clientMethod ?? method, allowed);
    return isStaffPath(pathname) ? staffArea(context, next) : next();
  }
  try {
    return await next();
  } catch (err) {
    if (!(err instanceof Error && err.name === 'ApiError'))
      log.error({ err, path: pathname }, 'unhandled error in route');
    return errorResponse(err);
  }
});

/** On-demand pages that take a form post. */
const FORM_PAGES = new Set(['/newsletter/confirm/']);

function pageMethodNotAllowed(method: string, allowed: string[]): Response {
  const err = methodError(method, allowed);
  return new Response(`${err.message}\n`, {
    status: 405,
    headers: { ...err.headers, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
