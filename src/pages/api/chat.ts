import type { APIRoute } from 'astro';
import { replyToChat } from '../../lib/chat/reply.ts';
import { uiMessageStreamResponse } from '../../lib/chat/ui-message-stream.ts';
import { clientIp } from '../../lib/http/client-ip.ts';
import { maxBody, route } from '../../lib/api/routes.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';
import { publicOrigin } from '../../lib/http/public-origin.ts';
import { readJsonBody } from '../../lib/http/read-json-body.ts';

export const prerender = false;

/**
 * Answers a question from the site's pages as an AI SDK UI message stream; 503 AI_UNAVAILABLE without a model.
 * Behind the server a POST never gets here: it answers the same function before Astro (server/chat.ts).
 */
export const POST = (async ({ request, clientAddress }) => {
  const { answer, headers } = await replyToChat({
    ip: clientIp(clientAddress, request.headers),
    origin: publicOrigin(request),
    signal: request.signal,
    readBody: () => readJsonBody(request, maxBody(route('/api/chat'))),
  });
  return uiMessageStreamResponse(answer, headers);
}) satisfies APIRoute;

export const ALL = methodNotAllowed(route('/api/chat'));
