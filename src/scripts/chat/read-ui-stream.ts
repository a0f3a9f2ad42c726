/**
 * Sends the conversation to POST /api/chat and reads the answer, the AI SDK UI message stream (SSE: `data: {json}`
 * events, ending with `data: [DONE]`), in the browser. A few lines instead of the SDK's client bundle: the panel
 * needs text, sources and errors only.
 */
export type StreamChunk =
  | { type: 'text-delta'; delta: string }
  | { type: 'source-url'; url: string; title?: string }
  | { type: 'error'; errorText: string }
  | { type: 'finish' | 'abort' | 'start' | string; [key: string]: unknown };

/** @example for await (const chunk of readUiStream(response.body!)) if (chunk.type === 'text-delta') … */
export async function* readUiStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamChunk> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trimStart())
          .join('\n');
        if (data === '') continue;
        if (data === '[DONE]') return;
        try {
          yield JSON.parse(data) as StreamChunk;
        } catch {
          // A malformed event is skipped rather than ending the answer.
        }
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** The chat answered with an error status; `message` is a sentence for the reader. */
export class ChatHttpError extends Error {
  readonly status: number;
  constructor(response: Response) {
    super(explain(response));
    this.status = response.status;
  }
}

/** The answer's chunks for a request body (conversation.ts: requestBody). @throws ChatHttpError, or TypeError offline */
export async function* askChat(body: string, signal: AbortSignal): AsyncGenerator<StreamChunk> {
  const response = await fetch('/api/chat', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    signal,
  });
  if (!response.ok || !response.body) throw new ChatHttpError(response);
  yield* readUiStream(response.body);
}

/** A sentence for the reader, from the status (and Retry-After for 429). */
function explain(response: Response): string {
  if (response.status === 429) {
    const seconds = Number(response.headers.get('Retry-After')) || 60;
    const wait = seconds >= 90 ? `about ${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
    return `You have asked many questions in a short time. Please wait ${wait} and ask again.`;
  }
  if (response.status === 503) return 'The assistant is not available right now.';
  if (response.status === 413 || response.status === 400) {
    return 'That question could not be sent: it may be too long. Shorten it, or start a new conversation.';
  }
  return 'Something went wrong on our side. Please try again in a moment.';
}
