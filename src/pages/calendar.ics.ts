import type { APIRoute } from 'astro';
import { feedResponse } from '../lib/catalog/feeds.ts';

/** Every key date and every event, as one iCalendar feed (RFC 5545). */
export const GET = (({ site }) => feedResponse('all', site)) satisfies APIRoute;
