/**
 * Reads the AI SDK UI message stream (SSE: `data: {json}` events, ending with `data: [DONE]`) in the browser.
 * A few lines instead of the SDK's client bundle: the panel needs text, sources and errors only.
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
        const data = event.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart()).join('\n');
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
