import type { APIRoute } from 'astro';
import { notFound } from '../../lib/http/api-error.ts';

export const prerender = false;

/** Any method on an /api path no route serves. */
export const ALL = (() => {
  throw notFound();
}) satisfies APIRoute;
