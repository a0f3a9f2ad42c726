import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { parseUiStream } from './ui-stream.ts';

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
  return new MockLanguageModelV4({ doStream: async () => ({ stream: simulateReadableStream({ chunks: parts, chunkDelayInMs: null }) }) });
}

/** Every chunk of a UI message stream (SSE bytes), parsed; throws unless it ends with `data: [DONE]`. */
export async function collect(stream: ReadableStream<Uint8Array>): Promise<any[]> {
  const { chunks, done } = parseUiStream(await new Response(stream).text());
  if (!done) throw new Error('the stream did not end with data: [DONE]');
  return chunks;
}
