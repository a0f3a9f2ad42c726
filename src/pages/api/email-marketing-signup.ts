import type { APIRoute } from 'astro';
import { clientIp } from '../../lib/http/client-ip.ts';
import { json } from '../../lib/http/json.ts';
import { maxBody, route } from '../../lib/api/routes.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';
import { readJsonBody } from '../../lib/http/read-json-body.ts';
import { parseBody } from '../../lib/http/validate-body.ts';
import { submitSignup } from '../../lib/forms/submit-signup.ts';
import { withRateLimit } from '../../lib/limits/rate-limit.ts';
import { mailOrigin } from '../../lib/mail/origin.ts';
import { signupSchema } from '../../schemas/forms.ts';

export const prerender = false;

/** Subscribes an address (pending until it confirms by email); the same 200 whether it was new, pending or confirmed. */
export const POST = (async ({ request, clientAddress }) => {
  const ip = clientIp(clientAddress, request.headers);
  return withRateLimit('signup', ip, async () => {
    const input = parseBody(signupSchema, await readJsonBody(request, maxBody(route('/api/email-marketing-signup'))));
    await submitSignup(input, ip, mailOrigin(request));
    return json({ status: 'accepted' }, { headers: { 'Cache-Control': 'no-store' } });
  });
}) satisfies APIRoute;

export const ALL = methodNotAllowed(route('/api/email-marketing-signup'));
