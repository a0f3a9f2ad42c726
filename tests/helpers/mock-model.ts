import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** Stream parts of a model answering `words` one text delta each, then finishing. */
export function answerParts(...words: string[]): LanguageModelV4StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't1' },
    ...words.map((delta) => ({ type: 'text-delta' as const, id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  ];
}

/** The AI SDK's mock model streaming the given parts. */
export function mockModel(parts: LanguageModelV4StreamPart[]) {
  return new MockLanguageModelV4({
    doStream: async () => ({ stream: simulateReadableStream({ chunks: parts, chunkDelayInMs: null }) }),
  });
}

/**
 * The AI SDK's mock model streaming `deltas` and then staying open, as a model still writing: nothing ends the
 * answer but a cancel. `signal()` is the abort signal of its last call.
 */
export function heldOpenModel(...deltas: string[]) {
  let signal: AbortSignal | undefined;
  const model = new MockLanguageModelV4({
    doStream: async ({ abortSignal }) => {
      signal = abortSignal;
      return {
        stream: new ReadableStream({
          start(c) {
            c.enqueue({ type: 'text-start', id: 't1' });
            for (const delta of deltas) c.enqueue({ type: 'text-delta', id: 't1', delta });
          },
        }),
      };
    },
  });
  return Object.assign(model, { signal: () => signal });
}

/** Every piece of an answer's text, and the error its text stream ended with (undefined when it ended cleanly). */
export async function readText(answer: {
  textStream: ReadableStream<string>;
}): Promise<{ pieces: string[]; text: string; error?: unknown }> {
  const pieces: string[] = [];
  try {
    for await (const piece of answer.textStream) pieces.push(piece);
  } catch (error) {
    return { pieces, text: pieces.join(''), error };
  }
  return { pieces, text: pieces.join('') };
}
