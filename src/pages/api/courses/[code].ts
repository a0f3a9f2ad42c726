import type { APIRoute } from 'astro';
import { route } from '../../../lib/api/routes.ts';
import { apiCourse, courseNotFound } from '../../../lib/catalog/api.ts';
import { calendarNow } from '../../../lib/catalog/clock.ts';
import { getCourseCatalog } from '../../../lib/catalog/load.ts';
import { todayAt } from '../../../lib/catalog/time-zone.ts';
import { cachedJson } from '../../../lib/http/etag.ts';
import { methodNotAllowed } from '../../../lib/http/method-guard.ts';

export const prerender = false;

/** One course by code, any case: `/api/courses/BIB201`. */
export const GET = (async ({ params, request }) => {
  const catalog = await getCourseCatalog();
  const course = catalog.course(params.code ?? '');
  if (!course) throw courseNotFound(params.code ?? '');
  const now = calendarNow();
  return cachedJson(request, `course|${todayAt(now)}|${course.code}`, () => apiCourse(catalog, course, now));
}) satisfies APIRoute;
export const HEAD = GET;
export const ALL = methodNotAllowed(route('/api/courses/{code}'));
