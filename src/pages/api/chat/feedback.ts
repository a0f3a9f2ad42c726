import type { APIRoute } from 'astro';
import { maxBody, route } from '../../../lib/api/routes.ts';
import { clientIp } from '../../../lib/http/client-ip.ts';
import { json } from '../../../lib/http/json.ts';
import { methodNotAllowed } from '../../../lib/http/method-guard.ts';
import { readJsonBody } from '../../../lib/http/read-json-body.ts';
import { parseBody } from '../../../lib/http/validate-body.ts';
import { recordFeedback } from '../../../lib/insights/recorder.ts';
import { withRateLimit } from '../../../lib/limits/rate-limit.ts';
import { chatFeedbackSchema } from '../../../schemas/insights.ts';

export const prerender = false;

/** Thumbs up or down on a chat answer, with an optional comment; the address only feeds the rate limit. */
export const POST = (async ({ request, clientAddress }) => {
  return withRateLimit('insights', clientIp(clientAddress, request.headers), async () => {
    const feedback = parseBody(chatFeedbackSchema, await readJsonBody(request, maxBody(route('/api/chat/feedback'))));
    recordFeedback(feedback.rating, feedback.question, feedback.comment);
    return json({ status: 'accepted' }, { status: 202, headers: { 'Cache-Control': 'no-store' } });
  });
}) satisfies APIRoute;

export const ALL = methodNotAllowed(route('/api/chat/feedback'));
