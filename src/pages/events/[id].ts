import type { APIRoute } from 'astro';
import { eventPageUrl } from '../../lib/catalog/api.ts';
import { calendarNow } from '../../lib/catalog/clock.ts';
import { getCourseCatalog } from '../../lib/catalog/load.ts';
import { builtSite } from '../../lib/site/built-site.ts';
import { LIVE_CACHE_CONTROL } from '../../lib/site/live-pages.ts';

export const prerender = false;

/**
 * An event's lasting address, `/events/<id>`, for links written once (the calendar feeds, made at build time): it
 * sends the visitor to where the event is listed today, the events page while it is to come and the archive once
 * it is over. An unknown id is the site's 404 page.
 */
export const GET = (async ({ params }) => {
  const event = (await getCourseCatalog()).events.find((e) => e.id === params.id);
  if (!event) {
    // An endpoint's 404 is not replaced by the 404 page, so it sends the built one itself.
    const page = builtSite().fileAt('/404.html');
    return new Response(page ? new Uint8Array(page.identity) : 'Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  return new Response(null, {
    status: 302,
    headers: { Location: eventPageUrl(event, calendarNow()), 'Cache-Control': LIVE_CACHE_CONTROL },
  });
}) satisfies APIRoute;
