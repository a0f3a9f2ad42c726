import {
  parseJsonEventStream,
  readUIMessageStream,
  uiMessageChunkSchema,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';

/** A chat answer as a stock AI SDK client reads it. */
export interface ReadAnswer {
  /** The assistant message as `useChat` holds it at the end of the stream. */
  message: UIMessage;
  /** Every chunk, in order, as the SDK parsed and validated it. */
  chunks: UIMessageChunk[];
  /** The message's text parts, joined. */
  text: string;
  /** The message's `source-url` parts, in order. */
  sources: { url: string; title?: string }[];
  /** The texts of the `error` parts, which the SDK hands to `onError`. */
  errors: string[];
  /** Whether the stream ended with `data: [DONE]`. */
  done: boolean;
}

/**
 * Reads an AI SDK UI message stream the way `useChat`'s DefaultChatTransport does: `parseJsonEventStream` with the
 * SDK's `uiMessageChunkSchema` (a chunk it would refuse fails the test), then `readUIMessageStream`.
 */
export async function readAnswer(body: string | ReadableStream<Uint8Array> | Response): Promise<ReadAnswer> {
  const raw = typeof body === 'string' ? body : await (body instanceof Response ? body : new Response(body)).text();
  const chunks: UIMessageChunk[] = [];
  const errors: string[] = [];
  let invalid: unknown;
  const stream = parseJsonEventStream({ stream: new Response(raw).body!, schema: uiMessageChunkSchema }).pipeThrough(
    new TransformStream({
      transform(parsed, controller) {
        if (!parsed.success) invalid ??= parsed.error;
        else {
          chunks.push(parsed.value);
          controller.enqueue(parsed.value);
        }
      },
    }),
  );
  let message: UIMessage | undefined;
  for await (const snapshot of readUIMessageStream({ stream, onError: (err) => errors.push((err as Error).message) }))
    message = snapshot;
  if (invalid) throw invalid;
  if (!message) throw new Error(`no assistant message in the stream: ${raw.slice(0, 200)}`);
  return {
    message,
    chunks,
    text: message.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join(''),
    sources: message.parts.flatMap((p) =>
      p.type === 'source-url' ? [{ url: p.url, ...(p.title ? { title: p.title } : {}) }] : [],
    ),
    errors,
    done: raw.endsWith('data: [DONE]\n\n'),
  };
}

/**
 * POST a question to /api/chat the way the AI SDK's client does; or a conversation: its turns in order, the user's
 * and the assistant's alternating, ending with the user's question.
 */
export function ask(baseUrl: string, turns: string | string[], init: RequestInit = {}) {
  const messages = (typeof turns === 'string' ? [turns] : turns).map((text, i) => {
    const role = i % 2 === 0 ? 'user' : 'assistant';
    return { id: `${role[0]}${Math.floor(i / 2) + 1}`, role, parts: [{ type: 'text', text }] };
  });
  return fetch(`${baseUrl}/api/chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: 'chat-1', trigger: 'submit-message', messages }),
    ...init,
  });
}
