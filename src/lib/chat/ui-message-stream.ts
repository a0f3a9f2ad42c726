/**
 * A chat answer as the AI SDK UI message stream (what `useChat` reads): start, a `source-url` part per page, one
 * step with one text part, finish, `data: [DONE]`; or, when the model fails after its first token, an `error` part
 * in place of the end. The chunks are the SDK's `UIMessageChunk` type and the headers its own; tests read the
 * stream with the SDK's parser and `readUIMessageStream`.
 *
 * The SSE is written here rather than by `createUIMessageStreamResponse`: its chain of web streams writes every
 * chunk separately and costs several times the CPU per answer (`npm run bench -- chat-encoding`, docs/benchmarks.md).
 * Here everything up to the first token leaves in one write, each piece of text in one more, and the end with the
 * last piece. Two edges write it: a web Response (the Astro route) and Node's response (the server's fast path,
 * server/chat.ts), which spares the web streams between the answer and the socket.
 */
import type { ServerResponse } from 'node:http';
import { UI_MESSAGE_STREAM_HEADERS, type UIMessageChunk } from 'ai';
import type { ChatAnswer } from './answer.ts';
import { AnswerInterruptedError, INTERRUPTED_TEXT } from './stream-answer.ts';

const TEXT_ID = 'text-0';
const encoder = new TextEncoder();
const sse = (chunk: UIMessageChunk) => `data: ${JSON.stringify(chunk)}\n\n`;
const DONE = 'data: [DONE]\n\n';

/** The headers of a streamed answer; `no-store` because an answer is for one reader once. */
const streamHeaders = (extra: Record<string, string>) => ({
  ...UI_MESSAGE_STREAM_HEADERS,
  'cache-control': 'no-store',
  ...extra,
});

/**
 * The answer's SSE text, piece by piece: the first piece holds everything up to the first token, each next one a
 * piece of text, the last (`last: true`) the end, or the error part. Cancelling cancels the answer.
 */
function ssePieces(answer: ChatAnswer) {
  const text = answer.textStream.getReader();
  // The sources come first, so the client has the links before the text.
  const openingChunks: UIMessageChunk[] = [
    { type: 'start' },
    ...answer.sources.map((s): UIMessageChunk => ({ type: 'source-url', sourceId: s.url, url: s.url, title: s.title })),
    { type: 'start-step' },
    { type: 'text-start', id: TEXT_ID },
  ];
  let opening = openingChunks.map(sse).join('');
  return {
    async next(): Promise<{ text: string; last: boolean }> {
      let out = opening;
      opening = '';
      try {
        const next = await text.read();
        if (!next.done) return { text: out + sse({ type: 'text-delta', id: TEXT_ID, delta: next.value }), last: false };
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
      return { text: out + DONE, last: true };
    },
    cancel: (reason?: unknown) => text.cancel(reason),
  };
}

/** The answer as a 200 response with `headers` added. Cancelling the body cancels the answer. */
export function uiMessageStreamResponse(answer: ChatAnswer, headers: Record<string, string> = {}): Response {
  const pieces = ssePieces(answer);
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { text, last } = await pieces.next();
        controller.enqueue(encoder.encode(text));
        if (last) controller.close();
      },
      cancel: (reason) => pieces.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: streamHeaders(headers) });
}

/**
 * The answer written to Node's response with `headers` added: each piece as it comes, waiting while the client
 * reads slower than the model writes. The client going away cancels the answer. Resolves when the answer is over.
 */
export async function writeUiMessageStream(
  res: ServerResponse,
  answer: ChatAnswer,
  headers: Record<string, string> = {},
): Promise<void> {
  const pieces = ssePieces(answer);
  const gone = () => {
    if (!res.writableFinished) void pieces.cancel(new Error('The client went away.')).catch(() => {});
  };
  res.once('close', gone);
  res.writeHead(200, streamHeaders(headers));
  for (;;) {
    const { text, last } = await pieces.next();
    if (res.destroyed) return;
    if (last) return void res.end(text);
    if (!res.write(text)) await drained(res);
  }
}

/** Until `res` may be written again, or is closed. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}
