import type { APIRoute } from 'astro';
import { challengeSiteKey } from '../../../lib/challenge/turnstile.ts';
import { ApiError } from '../../../lib/http/api-error.ts';
import { json } from '../../../lib/http/json.ts';
import { methodNotAllowed } from '../../../lib/http/method-guard.ts';

export const prerender = false;

/** The publishable Turnstile site key for the form widgets. */
export const GET = (() => {
  const siteKey = challengeSiteKey();
  if (!siteKey) {
    throw new ApiError(503, 'CHALLENGE_NOT_CONFIGURED', 'No bot challenge is configured on this site.', {
      resolution: 'GET /api/challenge/required tells whether forms need a token; here they do not.',
    });
  }
  return json({ siteKey }, { headers: { 'Cache-Control': 'no-cache' } });
}) satisfies APIRoute;

export const HEAD = GET;
export const ALL = methodNotAllowed(['GET', 'HEAD']);
