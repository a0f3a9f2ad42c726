import type { APIRoute } from 'astro';
import { json } from '../../lib/http/json.ts';
import { route } from '../../lib/api/routes.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';

export const prerender = false;

/** Liveness probe: the process is up and serving. */
export const GET = (() => json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })) satisfies APIRoute;
export const HEAD = GET;
export const ALL = methodNotAllowed(route('/api/health'));
