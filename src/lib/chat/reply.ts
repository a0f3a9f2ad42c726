/**
 * POST /api/chat, up to the answer's first token, for both of its edges: the server answers it before Astro
 * (server/chat.ts, the route table's `chat-answer` fast path), and the Astro route (src/pages/api/chat.ts) where the
 * server is not in front (`astro dev`). Each edge reads the request its own way and writes the answer as the UI
 * message stream (ui-message-stream.ts); what is checked, in which order, and every error are decided here.
 */
import { getConfig } from '../config.ts';
import { getCalendar } from '../catalog/calendar-files.ts';
import { calendarNow } from '../catalog/clock.ts';
import { recordQuestion } from '../insights/recorder.ts';
import { underRateLimit, type RateLimitHeaders } from '../limits/rate-limit.ts';
import { parseBody } from '../http/validate-body.ts';
import { searchForChat } from '../search/index.ts';
import { chatRequestSchema, messageText } from '../../schemas/chat.ts';
import { answerChat, chatLimits, requireModel, type ChatAnswer } from './answer.ts';
import { calendarContextPage } from './calendar.ts';
import { getChatModel } from './model.ts';

export interface ChatRequestInput {
  /** The client's address (http/client-ip.ts): what the rate limit counts. */
  ip: string;
  /** The public origin (http/public-origin.ts), for the sources' absolute URLs. */
  origin: string;
  /** Aborted when the client goes away: retrieval and the model call stop with it. */
  signal: AbortSignal;
  /** The body as untrusted JSON (http/read-json-body.ts: 415, 413, 400); read only once the request is counted. */
  readBody: () => Promise<unknown> | unknown;
}

/**
 * Counts the request, then answers it: resolves once the model's first token is in, with the rate-limit headers
 * the answer carries.
 * @throws ApiError (with the rate-limit headers): 429, 503 AI_UNAVAILABLE (no model, the model failing before its
 * first token, or the chat busy), 415/413/400 for the body, 500 for anything unexpected.
 */
export async function replyToChat(input: ChatRequestInput): Promise<{ answer: ChatAnswer; headers: RateLimitHeaders }> {
  const { value: answer, headers } = await underRateLimit('chat', input.ip, async () => {
    // Before reading the body: with no model there is nothing a valid body could get.
    const model = requireModel(getChatModel());
    const chat = parseBody(chatRequestSchema, await input.readBody());
    const answer = await answerChat(chat, {
      model,
      ...searchForChat(),
      calendar: async () => calendarContextPage(getCalendar(), calendarNow()),
      origin: input.origin,
      signal: input.signal,
      ...chatLimits(getConfig()),
    });
    // For the staff insights page: counts only, written later off the request path (lib/insights/recorder.ts).
    recordQuestion(messageText(chat.messages.at(-1)!), {
      sourceFound: answer.sources.length > 0,
      declined: answer.declined,
    });
    return answer;
  });
  return { answer, headers };
}
