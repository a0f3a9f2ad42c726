import type { APIRoute } from 'astro';
import { liveTwinResponse } from '../../lib/site/live-twins.ts';

export const prerender = false;

/** The archive's Markdown twin, made per request. */
export const GET = ((context) =>
  liveTwinResponse('/events/archive/', () => context.rewrite('/events/archive/'))) satisfies APIRoute;
