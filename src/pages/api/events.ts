import type { APIRoute } from 'astro';
import { route } from '../../lib/api/routes.ts';
import { eventsAnswer, parseEventQuery } from '../../lib/catalog/api.ts';
import { calendarNow } from '../../lib/catalog/clock.ts';
import { getCourseCatalog } from '../../lib/catalog/load.ts';
import { cachedJson } from '../../lib/http/etag.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';

export const prerender = false;

/** Events still to come at the time of the request, or those in `?from=…&to=…`; `kind` narrows either. */
export const GET = (async ({ url, request }) => {
  const catalog = await getCourseCatalog();
  const now = calendarNow();
  // Without `from`, the answer changes when an event ends; with it, each event's link does (events or archive).
  return cachedJson(request, `events|${catalog.endedCount(now)}|${url.search}`, () =>
    eventsAnswer(catalog, parseEventQuery(url.searchParams), now),
  );
}) satisfies APIRoute;
export const HEAD = GET;
export const ALL = methodNotAllowed(route('/api/events'));
