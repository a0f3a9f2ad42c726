import type { APIRoute } from 'astro';
import { getStore } from '../../lib/store/index.ts';
import { csvResponse, csvStream, signupExport } from '../../lib/csv/submission-export.ts';

export const prerender = false;

/** Every newsletter signup as CSV (the /staff gate has checked the session). */
export const GET = (() => csvResponse('signups', csvStream(getStore(), signupExport))) satisfies APIRoute;
export const HEAD = GET;
