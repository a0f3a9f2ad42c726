import { defineMiddleware } from 'astro:middleware';
import { staffArea, isStaffPath } from './lib/auth/staff-area.ts';
import { errorResponse } from './lib/http/api-error.ts';
import { log } from './lib/log.ts';

/** Discovery routes outside /.well-known/ whose errors (a 405) are JSON too. */
const JSON_DOCUMENTS = new Set(['/openapi.json', '/auth.md', '/mcp']);

/**
 * Every on-demand route runs through here. API and discovery routes never answer with HTML: whatever they throw
 * becomes an ApiError response. Responses they return (Auth.js redirects and cookies included) pass untouched.
 * The staff area is gated (see staff-area.ts).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  if (isStaffPath(pathname)) return staffArea(context, next);
  if (!pathname.startsWith('/api/') && !pathname.startsWith('/.well-known/') && !JSON_DOCUMENTS.has(pathname)) return next();
  try {
    return await next();
  } catch (err) {
    if (!(err instanceof Error && err.name === 'ApiError')) log.error({ err, path: pathname }, 'unhandled error in route');
    return errorResponse(err);
  }
});
