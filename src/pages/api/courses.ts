import type { APIRoute } from 'astro';
import { route } from '../../lib/api/routes.ts';
import { findCoursesAnswer, parseCourseQuery } from '../../lib/catalog/api.ts';
import { calendarNow } from '../../lib/catalog/clock.ts';
import { getCourseCatalog } from '../../lib/catalog/load.ts';
import { cachedJson } from '../../lib/http/etag.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';

export const prerender = false;

/** The course catalog, filtered: `?department=…&level=…&delivery=…&term=…&registrationOpen=…&credits=…&q=…`. */
export const GET = (async ({ url, request }) => {
  const query = parseCourseQuery(url.searchParams);
  return cachedJson(request, findCoursesAnswer(await getCourseCatalog(), query, calendarNow()));
}) satisfies APIRoute;
export const HEAD = GET;
export const ALL = methodNotAllowed(route('/api/courses'));
