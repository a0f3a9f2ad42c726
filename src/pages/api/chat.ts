import type { APIRoute } from 'astro';
import { answerChat, chatLimits, requireModel } from '../../lib/chat/answer.ts';
import { getChatModel } from '../../lib/chat/model.ts';
import { uiMessageStreamResponse } from '../../lib/chat/ui-message-stream.ts';
import { getConfig } from '../../lib/config.ts';
import { parseBody } from '../../lib/http/validate-body.ts';
import { clientIp } from '../../lib/http/client-ip.ts';
import { maxBody, route } from '../../lib/api/routes.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';
import { publicOrigin } from '../../lib/http/public-origin.ts';
import { readJsonBody } from '../../lib/http/read-json-body.ts';
import { withRateLimit } from '../../lib/limits/rate-limit.ts';
import { search, siteVocabulary } from '../../lib/search/index.ts';
import { calendarContextPage } from '../../lib/chat/calendar.ts';
import { calendarNow } from '../../lib/catalog/clock.ts';
import { getCourseCatalog } from '../../lib/catalog/load.ts';
import { recordQuestion } from '../../lib/insights/recorder.ts';
import { chatRequestSchema, messageText } from '../../schemas/chat.ts';

export const prerender = false;

/** Answers a question from the site's pages as an AI SDK UI message stream; 503 AI_UNAVAILABLE without a model. */
export const POST = (async ({ request, clientAddress }) => {
  const ip = clientIp(clientAddress, request.headers);
  return withRateLimit('chat', ip, async () => {
    // Before reading the body: with no model there is nothing a valid body could get.
    const model = requireModel(getChatModel());
    const chat = parseBody(chatRequestSchema, await readJsonBody(request, maxBody(route('/api/chat'))));
    const config = getConfig();
    const calendar = async () => calendarContextPage(await getCourseCatalog(), calendarNow());
    const answer = await answerChat(chat, {
      model,
      search,
      calendar,
      vocabulary: siteVocabulary(),
      origin: publicOrigin(request, config),
      signal: request.signal,
      ...chatLimits(config),
    });
    // For the staff insights page: counts only, written later off the request path (lib/insights/recorder.ts).
    recordQuestion(messageText(chat.messages.at(-1)!), {
      sourceFound: answer.sources.length > 0,
      declined: answer.declined ?? false,
    });
    return uiMessageStreamResponse(answer);
  });
}) satisfies APIRoute;

export const ALL = methodNotAllowed(route('/api/chat'));
