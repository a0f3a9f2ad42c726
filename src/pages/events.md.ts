import type { APIRoute } from 'astro';
import { liveTwinResponse } from '../lib/site/live-twins.ts';

export const prerender = false;

/** The events page's Markdown twin, made per request: only the events still to come today. */
export const GET = ((context) => liveTwinResponse('/events/', () => context.rewrite('/events/'))) satisfies APIRoute;
