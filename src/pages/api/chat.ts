import type { APIRoute } from 'astro';
import { answerChat, chatLimits, requireModel } from '../../lib/chat/answer.ts';
import { getChatModel } from '../../lib/chat/model.ts';
import { getConfig } from '../../lib/config.ts';
import { parseBody } from '../../lib/http/validate-body.ts';
import { clientIp } from '../../lib/http/client-ip.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';
import { CHAT_BODY_LIMIT, readJsonBody } from '../../lib/http/read-json-body.ts';
import { withRateLimit } from '../../lib/limits/rate-limit.ts';
import { search } from '../../lib/search/index.ts';
import { chatRequestSchema } from '../../schemas/chat.ts';

export const prerender = false;

/** Answers a question from the site's pages as an AI SDK UI message stream; 503 AI_UNAVAILABLE without a model. */
export const POST = (async ({ request, clientAddress, url }) => {
  const ip = clientIp(clientAddress, request.headers);
  return withRateLimit('chat', ip, async () => {
    // Before reading the body: with no model there is nothing a valid body could get.
    const model = requireModel(getChatModel());
    const chat = parseBody(chatRequestSchema, await readJsonBody(request, CHAT_BODY_LIMIT));
    const config = getConfig();
    return answerChat(chat, { model, search, origin: config.SITE_URL ?? url.origin, signal: request.signal, ...chatLimits(config) });
  });
}) satisfies APIRoute;

export const ALL = methodNotAllowed(['POST']);
