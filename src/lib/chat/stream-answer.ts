/**
 * Runs the model and turns its output into the AI SDK UI message stream. The HTTP status is decided by the first
 * token: until the model has produced one, a failure (or silence past the first-token timeout) is still a clean
 * `503 AI_UNAVAILABLE`; after it the 200 is committed, so a failure becomes an error part that ends the stream.
 */
import { convertToModelMessages, streamText, toUIMessageChunk, type LanguageModel, type TextStreamPart, type ToolSet, type UIMessageChunk } from 'ai';

type Part = TextStreamPart<ToolSet>;

/** The model failed, or said nothing in time, before its first token. */
export class ModelUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ModelUnavailableError';
  }
}

export interface AnswerInput {
  model: LanguageModel;
  instructions: string;
  /** The validated conversation; only text parts reach the model. */
  messages: { role: 'user' | 'assistant'; parts: readonly { type: string; text?: unknown }[] }[];
  /** Pages the answer is grounded on, sent as `source-url` parts before the text. */
  sources: { url: string; title: string }[];
  /** Aborted when the client goes away; the model call is aborted with it. */
  signal: AbortSignal;
  firstTokenTimeoutMs: number;
  /** Told about every model failure, before or after the first token (for the log). */
  onError?: (err: unknown) => void;
}

// Parts that carry no answer yet: seeing only these, we have not committed to a 200.
const PRELUDE = new Set<Part['type']>(['start', 'start-step', 'text-start', 'reasoning-start', 'raw', 'ping']);

/** What the reader sees when the answer breaks off; details go to the log, not to the client. */
export const INTERRUPTED_TEXT = 'The answer was interrupted because the language model failed. Please ask again.';

/**
 * Starts the answer and resolves with its UI message stream (SSE bytes) once the first token is in.
 * @throws ModelUnavailableError when the model fails or stays silent before its first token.
 */
export async function startAnswer(input: AnswerInput): Promise<ReadableStream<Uint8Array>> {
  const abort = new AbortController();
  const onClientGone = () => abort.abort(input.signal.reason);
  if (input.signal.aborted) onClientGone();
  else input.signal.addEventListener('abort', onClientGone, { once: true });

  const result = streamText({
    model: input.model,
    instructions: input.instructions,
    messages: await convertToModelMessages(textOnly(input.messages)),
    abortSignal: abort.signal,
    // One retry for a provider's transient refusal (Gemini's "overloaded" 503); more would keep the reader waiting.
    maxRetries: 1,
    onError: ({ error }) => input.onError?.(error),
  });
  const reader = result.stream.getReader();
  const buffered: Part[] = [];
  const sources: Part[] = input.sources.map((s) => ({ type: 'source', sourceType: 'url', id: s.url, url: s.url, title: s.title }));

  const fail = (message: string, cause?: unknown): never => {
    abort.abort(cause);
    reader.cancel(cause).catch(() => {});
    input.signal.removeEventListener('abort', onClientGone);
    throw new ModelUnavailableError(message, { cause });
  };

  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), input.firstTokenTimeoutMs); });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timeout]).catch((err: unknown) => fail('The language model failed before answering.', err));
      if (next === 'timeout') fail(`The language model did not answer within ${input.firstTokenTimeoutMs} ms.`);
      else if (next.done) break;
      else if (next.value.type === 'error') fail('The language model failed before answering.', next.value.error);
      else if (next.value.type === 'abort') fail('The answer was aborted before it started.', abort.signal.reason);
      else {
        buffered.push(next.value);
        // The sources go right after the message start, so the client has the links before the text.
        if (next.value.type === 'start') buffered.push(...sources.splice(0));
        if (!PRELUDE.has(next.value.type)) break;
      }
    }
  } finally {
    clearTimeout(timer);
  }
  buffered.unshift(...sources);

  const done = () => input.signal.removeEventListener('abort', onClientGone);
  // A read started in one pull that the next turn of the event loop overtook; the next pull takes it up.
  let pending: Promise<ReadableStreamReadResult<Part>> | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      // Everything up to the first token leaves in one write.
      controller.enqueue(encode(buffered));
    },
    async pull(controller) {
      // The parts the model has already sent leave together: each enqueue becomes its own socket write further
      // down (Astro writes chunk by chunk), and a write per part was a large share of the server's CPU per chat.
      // Gathering stops at the next turn of the event loop, so nothing waits for a later token.
      let text = '';
      let ended = false;
      let failed = false;
      // Parts without a UI chunk encode to nothing; a pull must enqueue something or the stream stalls.
      while (text === '' && !ended && !failed) {
        const parts: Part[] = [];
        try {
          let next = await (pending ?? reader.read());
          pending = undefined;
          const turn = nextTurn();
          while (!next.done) {
            parts.push(next.value);
            pending = reader.read();
            const raced = await Promise.race([pending, turn]);
            if (raced === TURN) break;
            pending = undefined;
            next = raced;
          }
          ended = next.done === true;
        } catch (err) {
          // A broken connection to the provider throws instead of sending an error part; end the stream the same way.
          input.onError?.(err);
          failed = true;
        }
        text = encodeText(parts);
      }
      if (failed) text += sse({ type: 'error', errorText: INTERRUPTED_TEXT });
      if (failed || ended) text += DONE;
      controller.enqueue(encoder.encode(text));
      if (failed || ended) {
        done();
        controller.close();
      }
    },
    cancel(reason) {
      done();
      abort.abort(reason);
      return reader.cancel(reason).catch(() => {});
    },
  });
}

const TURN = Symbol('turn');
const nextTurn = () => new Promise<typeof TURN>((resolve) => setImmediate(resolve, TURN));

/** The conversation as the model sees it: text parts only, and no message left empty (Gemini refuses those). */
function textOnly(messages: AnswerInput['messages']) {
  return messages.map((m) => ({
    role: m.role,
    parts: m.parts.flatMap((p) => (p.type === 'text' && typeof p.text === 'string' && p.text !== '' ? [{ type: 'text' as const, text: p.text }] : [])),
  })).filter((m) => m.parts.length > 0);
}

// The UI message stream's wire format, written here rather than through toUIMessageStream and
// createUIMessageStreamResponse: their chain of web streams cost more per chat than the rest of our server.
const encoder = new TextEncoder();
const DONE = 'data: [DONE]\n\n';
const sse = (chunk: UIMessageChunk) => `data: ${JSON.stringify(chunk)}\n\n`;
const encodeText = (parts: Part[]) => parts.map((part) => {
  const chunk = toUIMessageChunk(part, { sendSources: true, onError: () => INTERRUPTED_TEXT });
  return chunk ? sse(chunk) : '';
}).join('');
const encode = (parts: Part[]) => encoder.encode(encodeText(parts));
