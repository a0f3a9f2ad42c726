/**
 * ask_site: the same answer POST /api/chat streams (retrieval, model, sources), its text read to the end into one
 * tool result.
 * Availability and limits are the chat route's: the same model check and the same per-IP chat rate limit, so
 * MCP is no way around either.
 */
import { answerChat, chatLimits, requireModel, type ChatAnswer } from '../chat/answer.ts';
import { getChatModel } from '../chat/model.ts';
import { AnswerInterruptedError } from '../chat/stream-answer.ts';
import { getConfig } from '../config.ts';
import { ApiError } from '../http/api-error.ts';
import { rateLimit } from '../limits/rate-limit.ts';
import { searchForChat } from '../search/index.ts';
import type { McpDependencies } from './server.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { calendarNow } from '../catalog/clock.ts';
import { calendarContextPage } from '../chat/calendar.ts';

type Answer = Awaited<ReturnType<McpDependencies['ask']>>;

/** Longest an answer may take, so a client that never goes away cannot hold a slot for ever. */
const ASK_TIMEOUT_MS = 120_000;

/**
 * An `ask` for one MCP request from `ip`, with source links on `origin`. `signal` is the request's: when the
 * client goes away, the model stops writing (and the answer's slot is freed).
 */
export function askSite(
  ip: string,
  origin: string,
  signal: AbortSignal,
  catalog?: () => Promise<Catalog>,
): McpDependencies['ask'] {
  return async (question) => {
    try {
      const model = requireModel(getChatModel());
      await rateLimit('chat', ip);
      const answer = await answerChat(
        { messages: [{ id: 'mcp-question', role: 'user', parts: [{ type: 'text', text: question }] }] },
        {
          model,
          ...searchForChat(),
          origin,
          ...(catalog ? { calendar: async () => calendarContextPage(await catalog(), calendarNow()) } : {}),
          signal: AbortSignal.any([signal, AbortSignal.timeout(ASK_TIMEOUT_MS)]),
          ...chatLimits(getConfig()),
        },
      );
      return await collectAnswer(answer);
    } catch (err) {
      if (err instanceof ApiError) return { error: [err.message, err.resolution].filter(Boolean).join(' ') };
      throw err;
    }
  };
}

/**
 * The whole text and the sources of an answer. The model failing after it had started is a tool error, not half
 * an answer.
 */
export async function collectAnswer(answer: ChatAnswer): Promise<Answer> {
  let text = '';
  try {
    for await (const piece of answer.textStream) text += piece;
  } catch (err) {
    if (err instanceof AnswerInterruptedError) return { error: err.message };
    throw err;
  }
  return { answer: text, sources: answer.sources };
}
