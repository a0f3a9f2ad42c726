import type { APIRoute } from 'astro';
import { challengeRequired } from '../../../lib/challenge/turnstile.ts';
import { json } from '../../../lib/http/json.ts';
import { route } from '../../../lib/api/routes.ts';
import { methodNotAllowed } from '../../../lib/http/method-guard.ts';

export const prerender = false;

/** Whether the form APIs need a `turnstileToken`. */
export const GET = (() =>
  json({ required: challengeRequired() }, { headers: { 'Cache-Control': 'no-cache' } })) satisfies APIRoute;

export const HEAD = GET;
export const ALL = methodNotAllowed(route('/api/challenge/required'));
