/**
 * Runs the model and turns its output into the AI SDK UI message stream. The HTTP status is decided by the first
 * token: until the model has produced one, a failure (or silence past the first-token timeout) is still a clean
 * `503 AI_UNAVAILABLE`; after it the 200 is committed, so a failure becomes an error part that ends the stream.
 *
 * The model is called through the AI SDK's single-call API (`experimental_streamLanguageModelCall`), not
 * `streamText`: we use no tools, steps or callbacks, and streamText's machinery for them cost about 1 ms of CPU
 * per chat, more than the provider call itself (bench/chat.bench.ts). What it did that we need is here: one
 * retry of a transient refusal, and the UI stream's start, step and finish parts. The `ai` version is pinned
 * exactly in package.json because the API is experimental; tests/unit/chat-stream.test.ts covers it.
 */
import {
  APICallError, convertToModelMessages, experimental_streamLanguageModelCall as streamLanguageModelCall, toUIMessageChunk,
  type LanguageModel, type LanguageModelStreamPart, type TextStreamPart, type ToolSet, type UIMessageChunk,
} from 'ai';

type Part = LanguageModelStreamPart<ToolSet>;

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
  /** The most tokens the model may write (CHAT_MAX_OUTPUT_TOKENS): the cost ceiling of one answer. */
  maxOutputTokens: number;
  /** Told about every model failure, before or after the first token (for the log). */
  onError?: (err: unknown) => void;
  /** Called once when the answer is over: ended, failed, cancelled, its client gone, or never started. */
  onDone?: () => void;
}

// Parts that carry no answer yet: seeing only these, we have not committed to a 200.
const PRELUDE = new Set<Part['type']>(['model-call-start', 'model-call-response-metadata', 'text-start', 'reasoning-start', 'raw']);

/** A provider's transient refusal (Gemini's "overloaded" 503, a 429) is asked once more after this pause. */
const RETRY_DELAY_MS = 500;

/** What the reader sees when the answer breaks off; details go to the log, not to the client. */
export const INTERRUPTED_TEXT = 'The answer was interrupted because the language model failed. Please ask again.';

/**
 * Starts the answer and resolves with its UI message stream (SSE bytes) once the first token is in.
 * @throws ModelUnavailableError when the model fails or stays silent before its first token.
 */
export async function startAnswer(input: AnswerInput): Promise<ReadableStream<Uint8Array>> {
  const messages = await convertToModelMessages(textOnly(input.messages));
  const abort = new AbortController();
  let over = false;
  const done = () => {
    if (over) return;
    over = true;
    input.signal.removeEventListener('abort', onClientGone);
    input.onDone?.();
  };
  // The answer is over for us as soon as its client is: nobody may be left to read or cancel the stream.
  function onClientGone() {
    done();
    abort.abort(input.signal.reason);
  }
  if (input.signal.aborted) onClientGone();
  else input.signal.addEventListener('abort', onClientGone, { once: true });

  /** Calls the model (retrying a transient refusal once) and reads up to its first token. */
  const firstToken = async (): Promise<{ reader: ReadableStreamDefaultReader<Part>; parts: Part[] }> => {
    for (let attempt = 1; ; attempt++) {
      let stream: ReadableStream<Part>;
      try {
        ({ stream } = await streamLanguageModelCall({
          model: input.model, instructions: input.instructions, messages, maxOutputTokens: input.maxOutputTokens, abortSignal: abort.signal,
        }));
      } catch (err) {
        if (attempt === 1 && APICallError.isInstance(err) && err.isRetryable && !abort.signal.aborted) {
          input.onError?.(err);
          await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
          continue;
        }
        throw err;
      }
      const reader = stream.getReader();
      const parts: Part[] = [];
      for (;;) {
        const next = await reader.read();
        if (next.done) return { reader, parts };
        if (next.value.type === 'error') throw next.value.error;
        parts.push(next.value);
        if (!PRELUDE.has(next.value.type)) return { reader, parts };
      }
    }
  };

  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ModelUnavailableError(`The language model did not answer within ${input.firstTokenTimeoutMs} ms.`)), input.firstTokenTimeoutMs);
  });
  const started = firstToken();
  let first: Awaited<typeof started>;
  try {
    first = await Promise.race([started, timeout]);
  } catch (err) {
    started.then(({ reader }) => reader.cancel(err).catch(() => {}), () => {});
    abort.abort(err);
    done();
    if (err instanceof ModelUnavailableError) throw err;
    input.onError?.(err);
    throw new ModelUnavailableError('The language model failed before answering.', { cause: err });
  } finally {
    clearTimeout(timer);
  }

  const { reader } = first;
  /** SSE text for the parts; an error part is also told to the log. */
  const encodeText = (parts: Part[]) => parts.map((part) => {
    if (part.type === 'error') input.onError?.(part.error);
    return uiChunks(part).map(sse).join('');
  }).join('');
  const opening: UIMessageChunk[] = [
    { type: 'start' },
    ...input.sources.map((s): UIMessageChunk => ({ type: 'source-url', sourceId: s.url, url: s.url, title: s.title })),
    { type: 'start-step' },
  ];
  // A read started in one pull that the next turn of the event loop overtook; the next pull takes it up.
  let pending: Promise<ReadableStreamReadResult<Part>> | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      // Everything up to the first token leaves in one write; the sources come first, so the client has the
      // links before the text.
      controller.enqueue(encoder.encode(opening.map(sse).join('') + encodeText(first.parts)));
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

/** The UI chunks for one model part: the call's own start and end become the step's end and the message's finish. */
function uiChunks(part: Part): UIMessageChunk[] {
  switch (part.type) {
    case 'model-call-start':
    case 'model-call-response-metadata':
      return [];
    case 'model-call-end':
      return [{ type: 'finish-step' }, { type: 'finish', finishReason: part.finishReason }];
    default: {
      // The remaining parts (text, reasoning, sources, errors) have the shape streamText gives them.
      const chunk = toUIMessageChunk(part as TextStreamPart<ToolSet>, { sendSources: true, onError: () => INTERRUPTED_TEXT });
      return chunk ? [chunk] : [];
    }
  }
}

// The UI message stream's wire format, written here rather than through createUIMessageStreamResponse: its
// chain of web streams cost more per chat than the rest of our server.
const encoder = new TextEncoder();
const DONE = 'data: [DONE]\n\n';
const sse = (chunk: UIMessageChunk) => `data: ${JSON.stringify(chunk)}\n\n`;
