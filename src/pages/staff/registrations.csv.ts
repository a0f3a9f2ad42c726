import type { APIRoute } from 'astro';
import { getStore } from '../../lib/store/index.ts';
import { csvResponse, csvStream, registrationExport } from '../../lib/csv/submission-export.ts';

export const prerender = false;

/** Every course registration as CSV (the /staff gate has checked the session). */
export const GET = (() => csvResponse('registrations', csvStream(getStore(), registrationExport))) satisfies APIRoute;
export const HEAD = GET;
