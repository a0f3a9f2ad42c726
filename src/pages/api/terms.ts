import type { APIRoute } from 'astro';
import { route } from '../../lib/api/routes.ts';
import { invalidCatalogQuery, termsAnswer } from '../../lib/catalog/api.ts';
import { calendarNow } from '../../lib/catalog/clock.ts';
import { getCourseCatalog } from '../../lib/catalog/load.ts';
import { todayAt } from '../../lib/catalog/time-zone.ts';
import { cachedJson } from '../../lib/http/etag.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';

export const prerender = false;

/** Every term with its key dates. */
export const GET = (async ({ url, request }) => {
  const unknown = [...new Set(url.searchParams.keys())];
  if (unknown.length > 0) {
    throw invalidCatalogQuery(
      unknown.map((path) => ({ path, message: 'Unknown parameter; this route takes none' })),
      'Call GET /api/terms without parameters.',
    );
  }
  const catalog = await getCourseCatalog();
  const now = calendarNow();
  return cachedJson(request, `terms|${todayAt(now)}`, () => termsAnswer(catalog, now));
}) satisfies APIRoute;
export const HEAD = GET;
export const ALL = methodNotAllowed(route('/api/terms'));
