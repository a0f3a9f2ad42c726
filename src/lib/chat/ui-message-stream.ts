/**
 * A chat answer as the AI SDK UI message stream (what `useChat` reads): start, a `source-url` part per page, one
 * step with one text part, finish, `data: [DONE]`; or, when the model fails after its first token, an `error` part
 * in place of the end. The chunks are the SDK's `UIMessageChunk` type and the headers its own; tests read the
 * stream with the SDK's parser and `readUIMessageStream`.
 *
 * The SSE is written here rather than by `createUIMessageStreamResponse`: its chain of web streams writes every
 * chunk separately and costs several times the CPU per answer (`npm run bench -- chat-encoding`, docs/benchmarks.md).
 * Here everything up to the first token leaves in one write, and each piece of text in one more.
 */
import { UI_MESSAGE_STREAM_HEADERS, type UIMessageChunk } from 'ai';
import type { ChatAnswer } from './answer.ts';
import { AnswerInterruptedError, INTERRUPTED_TEXT } from './stream-answer.ts';

const TEXT_ID = 'text-0';
const encoder = new TextEncoder();
const sse = (chunk: UIMessageChunk) => `data: ${JSON.stringify(chunk)}\n\n`;
const DONE = 'data: [DONE]\n\n';

/** The answer as a 200 response; `no-store` because an answer is for one reader once. Cancelling the body cancels the answer. */
export function uiMessageStreamResponse(answer: ChatAnswer): Response {
  const text = answer.textStream.getReader();
  // The sources come first, so the client has the links before the text.
  const openingChunks: UIMessageChunk[] = [
    { type: 'start' },
    ...answer.sources.map((s): UIMessageChunk => ({ type: 'source-url', sourceId: s.url, url: s.url, title: s.title })),
    { type: 'start-step' },
    { type: 'text-start', id: TEXT_ID },
  ];
  let opening = openingChunks.map(sse).join('');
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let out = opening;
        opening = '';
        try {
          const next = await text.read();
          if (!next.done)
            return controller.enqueue(
              encoder.encode(out + sse({ type: 'text-delta', id: TEXT_ID, delta: next.value })),
            );
          out +=
            sse({ type: 'text-end', id: TEXT_ID }) +
            sse({ type: 'finish-step' }) +
            sse({ type: 'finish', finishReason: await answer.finishReason });
        } catch (err) {
          out += sse({
            type: 'error',
            errorText: err instanceof AnswerInterruptedError ? err.message : INTERRUPTED_TEXT,
          });
        }
        controller.enqueue(encoder.encode(out + DONE));
        controller.close();
      },
      cancel: (reason) => text.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: { ...UI_MESSAGE_STREAM_HEADERS, 'cache-control': 'no-store' } });
}
