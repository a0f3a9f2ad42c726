/** The calendar feeds' routes: each is written at build time, a static file the server sends with its ETag. */
import { eventKinds } from '../../schemas/calendar.ts';
import { calendarFeed, type FeedName } from './ical.ts';
import { getCourseCatalog } from './load.ts';

/** Every feed but the whole calendar: the key dates, then one per kind of event. */
export const partialFeeds: FeedName[] = ['key-dates', ...eventKinds];

// DTSTAMP: when the feed was made, i.e. this build.
const builtAt = new Date();

/** A feed as the response Astro writes to dist/. */
export async function feedResponse(feed: FeedName, site: URL | undefined): Promise<Response> {
  const origin = (site ?? new URL('http://localhost:4321')).origin;
  return new Response(calendarFeed(await getCourseCatalog(), feed, origin, builtAt), {
    headers: { 'Content-Type': 'text/calendar; charset=utf-8' },
  });
}
