import type { APIRoute } from 'astro';
import { route } from '../../lib/api/routes.ts';
import { findCoursesAnswer, parseCourseQuery } from '../../lib/catalog/api.ts';
import { calendarNow } from '../../lib/catalog/clock.ts';
import { getCourseCatalog } from '../../lib/catalog/load.ts';
import { todayAt } from '../../lib/catalog/time-zone.ts';
import { cachedJson } from '../../lib/http/etag.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';

export const prerender = false;

/** The course catalog, filtered: `?department=…&level=…&delivery=…&term=…&registrationOpen=…&credits=…&q=…`. */
export const GET = (async ({ url, request }) => {
  const catalog = await getCourseCatalog();
  const now = calendarNow();
  // The answer changes with the query and the day (each course's next start); a bad query throws, and is not kept.
  return cachedJson(request, `courses|${todayAt(now)}|${url.search}`, () =>
    findCoursesAnswer(catalog, parseCourseQuery(url.searchParams), now),
  );
}) satisfies APIRoute;
export const HEAD = GET;
export const ALL = methodNotAllowed(route('/api/courses'));
