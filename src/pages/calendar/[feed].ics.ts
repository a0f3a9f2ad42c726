import type { APIRoute, GetStaticPaths } from 'astro';
import { feedResponse, partialFeeds } from '../../lib/catalog/feeds.ts';
import type { FeedName } from '../../lib/catalog/ical.ts';

export const getStaticPaths = (() => partialFeeds.map((feed) => ({ params: { feed } }))) satisfies GetStaticPaths;

/** The key dates alone, or the events of one kind: /calendar/key-dates.ics, /calendar/open-day.ics, … */
export const GET = (({ params, site }) => feedResponse(params.feed as FeedName, site)) satisfies APIRoute;
