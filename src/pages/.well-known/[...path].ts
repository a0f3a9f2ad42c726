import type { APIRoute } from 'astro';
import { notFound } from '../../lib/http/api-error.ts';

export const prerender = false;

/** Unknown discovery documents are a real 404, never the HTML site. */
export const ALL = (() => {
  throw notFound('There is no such discovery document.');
}) satisfies APIRoute;
