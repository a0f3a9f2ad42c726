import type { APIRoute } from 'astro';
import { clientIp } from '../../../lib/http/client-ip.ts';
import { json } from '../../../lib/http/json.ts';
import { maxBody, route } from '../../../lib/api/routes.ts';
import { methodNotAllowed } from '../../../lib/http/method-guard.ts';
import { readJsonBody } from '../../../lib/http/read-json-body.ts';
import { parseBody } from '../../../lib/http/validate-body.ts';
import { withRateLimit } from '../../../lib/limits/rate-limit.ts';
import { confirmSubscription } from '../../../lib/mail/subscription.ts';
import { confirmRequestSchema } from '../../../schemas/newsletter.ts';

export const prerender = false;

/** Confirms a pending subscription with the token of the confirmation email (the page /newsletter/confirm/ does the same). */
export const POST = (async ({ request, clientAddress }) => {
  return withRateLimit('newsletter-link', clientIp(clientAddress, request.headers), async () => {
    const { token } = parseBody(
      confirmRequestSchema,
      await readJsonBody(request, maxBody(route('/api/newsletter/confirm'))),
    );
    await confirmSubscription(token, '/api/newsletter/confirm');
    return json({ status: 'confirmed' }, { headers: { 'Cache-Control': 'no-store' } });
  });
}) satisfies APIRoute;

export const ALL = methodNotAllowed(route('/api/newsletter/confirm'));
