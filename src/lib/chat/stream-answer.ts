/**
 * Runs the model and hands back its answer as a stream of text. Whether the answer starts is decided by the first
 * token: until the model has produced one, a failure (or silence past the first-token timeout) is still a
 * ModelUnavailableError, which the edges turn into `503 AI_UNAVAILABLE`; after it the answer has started, so a
 * failure errors the text stream with an AnswerInterruptedError, which the edges turn into an error part or a tool error.
 *
 * The model is called through the AI SDK's single-call API (`experimental_streamLanguageModelCall`), not
 * `streamText`: we use no tools, steps or callbacks, and streamText's machinery for them cost more CPU per chat
 * than the provider call itself (docs/benchmarks.md). What it did that we need is here: one retry of a transient
 * refusal. The `ai` version is pinned exactly in package.json because the API is experimental;
 * tests/unit/chat-stream.test.ts covers it.
 */
import {
  APICallError,
  convertToModelMessages,
  experimental_streamLanguageModelCall as streamLanguageModelCall,
  type FinishReason,
  type LanguageModel,
  type LanguageModelStreamPart,
  type ToolSet,
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
  /** Aborted when the client goes away; the model call is aborted with it. */
  signal: AbortSignal;
  firstTokenTimeoutMs: number;
  /** The most tokens the model may write (CHAT_MAX_OUTPUT_TOKENS): the cost ceiling of one answer. */
  maxOutputTokens: number;
  /** Told about every model failure, before or after the first token (for the log). */
  onError?: (err: unknown) => void;
  /** Called once when the answer is over: ended, failed, cancelled, its client gone, or never started. */
  onDone?: () => void;
  /**
   * The reply by which the model says the pages do not answer (prompt.ts, NOT_COVERED). An answer that begins with
   * it is read no further: it resolves with `notCovered` before anything reaches the reader.
   */
  notCoveredReply?: string;
}

// Parts that carry no answer yet: seeing only these, the answer has not started (a failure is still a 503).
const PRELUDE = new Set<Part['type']>([
  'model-call-start',
  'model-call-response-metadata',
  'text-start',
  'reasoning-start',
  'raw',
]);

/** A provider's transient refusal (Gemini's "overloaded" 503, a 429) is asked once more after this pause. */
const RETRY_DELAY_MS = 500;

/** What the reader sees when the answer breaks off; details go to the log, not to the client. */
export const INTERRUPTED_TEXT = 'The answer was interrupted because the language model failed. Please ask again.';

/** The model failed after its first token: the answer so far is all there is. Its message is fit for the reader. */
export class AnswerInterruptedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(INTERRUPTED_TEXT, options);
    this.name = 'AnswerInterruptedError';
  }
}

/** An answer under way. */
export interface StartedAnswer {
  /** The answer's text, piece by piece as the model writes it; errors with AnswerInterruptedError when the model fails. */
  textStream: ReadableStream<string>;
  /** Why the model stopped ('stop'; 'length' at the output-token cap); settles when the answer is over, undefined unless it ended. */
  finishReason: Promise<FinishReason | undefined>;
  /** True when the model replied `notCoveredReply`: its call is cancelled, and the text stream is empty. */
  notCovered?: boolean;
}

/**
 * Starts the answer and resolves once the first token is in.
 * @throws ModelUnavailableError when the model fails or stays silent before its first token.
 */
export async function startAnswer(input: AnswerInput): Promise<StartedAnswer> {
  const messages = await convertToModelMessages(textOnly(input.messages));
  const marker = input.notCoveredReply;
  /** True while the text of `parts` could still become `marker`. */
  const mayBeNotCovered = (parts: Part[]) => {
    if (!marker) return false;
    const text = bare(parts.map((p) => (p.type === 'text-delta' ? p.text : '')).join(''));
    return text.length < marker.length && marker.startsWith(text);
  };
  const abort = new AbortController();
  let over = false;
  let finishReason: FinishReason | undefined;
  const finished = Promise.withResolvers<FinishReason | undefined>();
  const done = () => {
    if (over) return;
    over = true;
    input.signal.removeEventListener('abort', onClientGone);
    finished.resolve(finishReason);
    input.onDone?.();
  };
  // The answer is over for us as soon as its client is: nobody may be left to read or cancel the stream.
  function onClientGone() {
    done();
    abort.abort(input.signal.reason);
  }
  if (input.signal.aborted) onClientGone();
  else input.signal.addEventListener('abort', onClientGone, { once: true });

  /**
   * Calls the model (retrying a transient refusal once) and reads up to its first token, or, while its text could
   * still be the start of `notCoveredReply`, until it is that reply or is not ("No, …" is read one piece further).
   */
  const firstToken = async (): Promise<{ reader: ReadableStreamDefaultReader<Part>; parts: Part[] }> => {
    for (let attempt = 1; ; attempt++) {
      let stream: ReadableStream<Part>;
      try {
        ({ stream } = await streamLanguageModelCall({
          model: input.model,
          instructions: input.instructions,
          messages,
          maxOutputTokens: input.maxOutputTokens,
          abortSignal: abort.signal,
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
        if (!PRELUDE.has(next.value.type) && !mayBeNotCovered(parts)) return { reader, parts };
      }
    }
  };

  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new ModelUnavailableError(`The language model did not answer within ${input.firstTokenTimeoutMs} ms.`)),
      input.firstTokenTimeoutMs,
    );
  });
  const started = firstToken();
  let first: Awaited<typeof started>;
  try {
    first = await Promise.race([started, timeout]);
  } catch (err) {
    started.then(
      ({ reader }) => reader.cancel(err).catch(() => {}),
      () => {},
    );
    abort.abort(err);
    done();
    if (err instanceof ModelUnavailableError) throw err;
    input.onError?.(err);
    throw new ModelUnavailableError('The language model failed before answering.', { cause: err });
  } finally {
    clearTimeout(timer);
  }

  const { reader } = first;
  let failure: AnswerInterruptedError | undefined;
  /** The text of the parts; an error part ends the answer (and is told to the log). */
  const textOf = (parts: Part[]) => {
    let text = '';
    for (const part of parts) {
      if (part.type === 'text-delta') text += part.text;
      else if (part.type === 'model-call-end') finishReason = part.finishReason;
      else if (part.type === 'error') {
        input.onError?.(part.error);
        failure ??= new AnswerInterruptedError({ cause: part.error });
        break;
      }
    }
    return text;
  };
  // A read started in one pull that the next turn of the event loop overtook; the next pull takes it up.
  let pending: Promise<ReadableStreamReadResult<Part>> | undefined;
  /**
   * The text the model has sent so far, as one piece: each piece becomes its own socket write further down, and a
   * write per part was a large share of the server's CPU per chat. Gathering stops at the next turn of the event
   * loop, so nothing waits for a later token. Empty when the model has ended or failed.
   */
  const nextText = async () => {
    let text = '';
    // Parts without text (the call's metadata and end) give nothing: read on until there is text or an end.
    for (let ended = false; text === '' && !ended && !failure;) {
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
        // A broken connection to the provider throws instead of sending an error part; end the answer the same way.
        input.onError?.(err);
        failure = new AnswerInterruptedError({ cause: err });
      }
      text += textOf(parts);
    }
    return text;
  };

  let opening = textOf(first.parts);
  if (marker && !failure && bare(opening).startsWith(marker)) {
    const reason = new Error('The model replied that the pages do not answer.');
    abort.abort(reason);
    reader.cancel(reason).catch(() => {});
    done();
    return {
      textStream: new ReadableStream({ start: (c) => c.close() }),
      finishReason: finished.promise,
      notCovered: true,
    };
  }
  // Pulled only when its reader asks (high-water mark 0): a piece of text enqueued before a failure is read
  // before the stream errors, and nothing is read from the model ahead of the client.
  const textStream = new ReadableStream<string>(
    {
      async pull(controller) {
        const text = opening || (failure ? '' : await nextText());
        opening = '';
        if (text !== '') return controller.enqueue(text);
        done();
        if (!failure) return controller.close();
        abort.abort(failure);
        reader.cancel(failure).catch(() => {});
        controller.error(failure);
      },
      cancel(reason) {
        done();
        abort.abort(reason);
        return reader.cancel(reason).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
  return { textStream, finishReason: finished.promise };
}

/** A reply as far as its first word: models wrap a bare reply in quotes, backticks or bold now and then. */
const bare = (text: string) => text.replace(/^[\s`*"'“]+/u, '');

const TURN = Symbol('turn');
const nextTurn = () => new Promise<typeof TURN>((resolve) => setImmediate(resolve, TURN));

/** The conversation as the model sees it: text parts only, and no message left empty (Gemini refuses those). */
function textOnly(messages: AnswerInput['messages']) {
  return messages
    .map((m) => ({
      role: m.role,
      parts: m.parts.flatMap((p) =>
        p.type === 'text' && typeof p.text === 'string' && p.text !== ''
          ? [{ type: 'text' as const, text: p.text }]
          : [],
      ),
    }))
    .filter((m) => m.parts.length > 0);
}
