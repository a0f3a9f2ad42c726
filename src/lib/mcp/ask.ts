/**
 * ask_site: the same answer POST /api/chat streams (retrieval, model, sources), collected into one tool result.
 * Availability and limits are the chat route's: the same model check and the same per-IP chat rate limit, so
 * MCP is no way around either.
 */
import { answerChat, chatLimits, requireModel } from '../chat/answer.ts';
import { getChatModel } from '../chat/model.ts';
import { getConfig } from '../config.ts';
import { ApiError } from '../http/api-error.ts';
import { rateLimit } from '../limits/rate-limit.ts';
import { search } from '../search/index.ts';
import type { McpDependencies } from './server.ts';

type Answer = Awaited<ReturnType<McpDependencies['ask']>>;

/** Longest an answer may take, so a client that never goes away cannot hold a slot for ever. */
const ASK_TIMEOUT_MS = 120_000;

/**
 * An `ask` for one MCP request from `ip`, with source links on `origin`. `signal` is the request's: when the
 * client goes away, the model stops writing (and the answer's slot is freed).
 */
export function askSite(ip: string, origin: string, signal: AbortSignal): McpDependencies['ask'] {
  return async (question) => {
    try {
      const model = requireModel(getChatModel());
      await rateLimit('chat', ip);
      const response = await answerChat({ messages: [{ id: 'mcp-question', role: 'user', parts: [{ type: 'text', text: question }] }] }, {
        model, search, origin, signal: AbortSignal.any([signal, AbortSignal.timeout(ASK_TIMEOUT_MS)]), ...chatLimits(getConfig()),
      });
      return collectAnswer(await response.text());
    } catch (err) {
      if (err instanceof ApiError) return { error: [err.message, err.resolution].filter(Boolean).join(' ') };
      throw err;
    }
  };
}

/**
 * The text and sources of a UI message stream (`data: {json}` events). An `error` part means the model failed
 * after it had started: that is a tool error, not half an answer.
 */
export function collectAnswer(stream: string): Answer {
  const sources: { url: string; title?: string }[] = [];
  let answer = '';
  for (const event of stream.split('\n\n')) {
    if (!event.startsWith('data: ') || event === 'data: [DONE]') continue;
    const chunk = JSON.parse(event.slice(6)) as { type: string; url?: string; title?: string; delta?: string; errorText?: string };
    if (chunk.type === 'source-url' && chunk.url) sources.push({ url: chunk.url, ...(chunk.title ? { title: chunk.title } : {}) });
    else if (chunk.type === 'text-delta') answer += chunk.delta ?? '';
    else if (chunk.type === 'error') return { error: chunk.errorText ?? 'The answer was interrupted.' };
  }
  return { answer, sources };
}
