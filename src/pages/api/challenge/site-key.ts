import type { APIRoute } from 'astro';
import { challengeNotConfigured, challengeSiteKey } from '../../../lib/challenge/turnstile.ts';
import { CHALLENGE_ACTIONS_BY_FORM } from '../../../lib/challenge/actions.ts';
import { json } from '../../../lib/http/json.ts';
import { route } from '../../../lib/api/routes.ts';
import { methodNotAllowed } from '../../../lib/http/method-guard.ts';

export const prerender = false;

/** The publishable Turnstile site key for the form widgets, and the action each form's token must be solved for. */
export const GET = (() => {
  const siteKey = challengeSiteKey();
  if (!siteKey) throw challengeNotConfigured();
  return json({ siteKey, actions: CHALLENGE_ACTIONS_BY_FORM }, { headers: { 'Cache-Control': 'no-cache' } });
}) satisfies APIRoute;

export const HEAD = GET;
export const ALL = methodNotAllowed(route('/api/challenge/site-key'));
