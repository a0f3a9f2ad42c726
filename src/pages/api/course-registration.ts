import type { APIRoute } from 'astro';
import { clientIp } from '../../lib/http/client-ip.ts';
import { json } from '../../lib/http/json.ts';
import { maxBody, route } from '../../lib/api/routes.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';
import { readJsonBody } from '../../lib/http/read-json-body.ts';
import { invalidBody, parseBody } from '../../lib/http/validate-body.ts';
import { submitRegistration } from '../../lib/forms/submit-registration.ts';
import { withRateLimit } from '../../lib/limits/rate-limit.ts';
import { mailOrigin } from '../../lib/mail/origin.ts';
import { idempotencyKeySchema, registrationSchema } from '../../schemas/forms.ts';

export const prerender = false;

/** Registers a returning student for courses of an open term; `Idempotency-Key` makes retries safe. */
export const POST = (async ({ request, clientAddress }) => {
  const ip = clientIp(clientAddress, request.headers);
  return withRateLimit('registration', ip, async () => {
    const key = request.headers.get('idempotency-key') ?? undefined;
    if (key !== undefined && !idempotencyKeySchema.safeParse(key).success) {
      throw invalidBody(
        [{ path: 'Idempotency-Key', message: 'the header must be 1–128 visible ASCII characters' }],
        'The Idempotency-Key header is invalid.',
      );
    }
    const input = parseBody(
      registrationSchema,
      await readJsonBody(request, maxBody(route('/api/course-registration'))),
    );
    const registrationId = await submitRegistration(input, ip, mailOrigin(request), key);
    return json({ status: 'accepted', registrationId }, { headers: { 'Cache-Control': 'no-store' } });
  });
}) satisfies APIRoute;

export const ALL = methodNotAllowed(route('/api/course-registration'));
