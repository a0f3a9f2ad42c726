import { describe, expect, it } from 'vitest';
import { APICallError } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import {
  AnswerInterruptedError,
  INTERRUPTED_TEXT,
  ModelUnavailableError,
  startAnswer,
  type AnswerInput,
} from '../../src/lib/chat/stream-answer.ts';
import { uiMessageStreamResponse } from '../../src/lib/chat/ui-message-stream.ts';
import { answerParts, heldOpenModel, mockModel, readText } from '../helpers/mock-model.ts';
import { readAnswer } from '../helpers/ui-stream.ts';

const question = [{ role: 'user' as const, parts: [{ type: 'text', text: 'Can I take Greek online?' }] }];
const input = (model: AnswerInput['model'], extra: Partial<AnswerInput> = {}): AnswerInput => ({
  model,
  instructions: 'Answer from the pages.',
  messages: question,
  signal: new AbortController().signal,
  firstTokenTimeoutMs: 5000,
  maxOutputTokens: 1024,
  ...extra,
});
const sources = [{ url: 'http://site.test/courses/bib201/', title: 'Biblical Greek I' }];
/** The answer as POST /api/chat sends it, read by the AI SDK's own reader. */
async function asUiStream(model: AnswerInput['model']) {
  const answer = await startAnswer(input(model));
  return readAnswer(uiMessageStreamResponse({ ...answer, sources }));
}

describe('startAnswer', () => {
  it('streams the text and says why the model stopped', async () => {
    const answer = await startAnswer(input(mockModel(answerParts('Yes, ', 'online.'))));
    expect((await readText(answer)).text).toBe('Yes, online.');
    await expect(answer.finishReason).resolves.toBe('stop');
  });

  it('gives the model the instructions and only the text of the conversation', async () => {
    const model = mockModel(answerParts('ok'));
    await readText(
      await startAnswer(
        input(model, {
          messages: [
            { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
            {
              role: 'assistant',
              parts: [
                { type: 'step-start' },
                { type: 'source-url', url: 'x' } as never,
                { type: 'text', text: 'Hello!' },
              ],
            },
            { role: 'assistant', parts: [{ type: 'step-start' }] },
            { role: 'user', parts: [{ type: 'text', text: 'Greek?' }] },
          ],
        }),
      ),
    );
    const prompt = model.doStreamCalls[0]!.prompt;
    expect(prompt[0]).toEqual({ role: 'system', content: 'Answer from the pages.' });
    expect(prompt.slice(1).map((m) => [m.role, JSON.stringify(m.content)])).toEqual([
      ['user', JSON.stringify([{ type: 'text', text: 'Hi' }])],
      ['assistant', JSON.stringify([{ type: 'text', text: 'Hello!' }])],
      ['user', JSON.stringify([{ type: 'text', text: 'Greek?' }])],
    ]);
  });

  it('refuses with ModelUnavailableError when the provider fails before the first token', async () => {
    let calls = 0;
    const model = new MockLanguageModelV4({
      doStream: async () => {
        calls++;
        throw new Error('upstream 500');
      },
    });
    const errors: unknown[] = [];
    await expect(startAnswer(input(model, { onError: (e) => errors.push(e) }))).rejects.toBeInstanceOf(
      ModelUnavailableError,
    );
    // A plain failure is not a transient refusal: asked once, and told to the log.
    expect(calls).toBe(1);
    expect(errors).toHaveLength(1);
  });

  it('asks a transiently refusing provider once more and streams the second answer', async () => {
    let calls = 0;
    const answer = mockModel(answerParts('Yes.'));
    const model = new MockLanguageModelV4({
      doStream: async (options) => {
        if (++calls === 1)
          throw new APICallError({
            message: 'overloaded',
            url: 'http://model.test',
            requestBodyValues: {},
            statusCode: 503,
          });
        return answer.doStream(options);
      },
    });
    const { pieces } = await readText(await startAnswer(input(model)));
    expect(calls).toBe(2);
    expect(pieces).toEqual(['Yes.']);
  });

  it('refuses when the stream reports an error before any text', async () => {
    const model = mockModel([
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't1' },
      { type: 'error', error: new Error('quota') },
    ]);
    await expect(startAnswer(input(model))).rejects.toBeInstanceOf(ModelUnavailableError);
  });

  it('refuses when the model stays silent past the first-token timeout, and aborts the call', async () => {
    let aborted = false;
    const model = new MockLanguageModelV4({
      doStream: async ({ abortSignal }) => {
        abortSignal?.addEventListener('abort', () => {
          aborted = true;
        });
        return {
          stream: new ReadableStream({
            start() {
              /* never says anything */
            },
          }),
        };
      },
    });
    await expect(startAnswer(input(model, { firstTokenTimeoutMs: 20 }))).rejects.toThrow(/did not answer within 20 ms/);
    expect(aborted).toBe(true);
  });

  it('errors the text stream after its text when the provider fails after the first token', async () => {
    const model = mockModel([
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Greek is' },
      { type: 'error', error: new Error('connection reset') },
    ]);
    const errors: unknown[] = [];
    const { pieces, error } = await readText(await startAnswer(input(model, { onError: (e) => errors.push(e) })));
    expect(pieces).toEqual(['Greek is']);
    expect(error).toBeInstanceOf(AnswerInterruptedError);
    expect((error as Error).message).toBe(INTERRUPTED_TEXT);
    expect(errors).toHaveLength(1);
  });

  it('errors the text stream when the provider stream breaks off', async () => {
    const model = new MockLanguageModelV4({
      doStream: async () => ({
        stream: new ReadableStream({
          start(c) {
            c.enqueue({ type: 'text-start', id: 't1' });
            c.enqueue({ type: 'text-delta', id: 't1', delta: 'Greek' });
            setTimeout(() => c.error(new Error('socket hang up')), 5);
          },
        }),
      }),
    });
    const { pieces, error } = await readText(await startAnswer(input(model)));
    expect(pieces).toEqual(['Greek']);
    expect(error).toBeInstanceOf(AnswerInterruptedError);
  });

  it('aborts the model call when the client goes away mid-answer', async () => {
    const model = heldOpenModel('First');
    const client = new AbortController();
    const { textStream } = await startAnswer(input(model, { signal: client.signal }));
    const reader = textStream.getReader();
    await reader.read();
    expect(model.signal()?.aborted).toBe(false);
    client.abort();
    expect(model.signal()?.aborted).toBe(true);
    await reader.cancel();
  });

  it('aborts the model call when the response stream is cancelled', async () => {
    const model = heldOpenModel('x');
    const { textStream } = await startAnswer(input(model));
    await textStream.cancel('client closed');
    expect(model.signal()?.aborted).toBe(true);
  });
  it('sends a token that arrives while the model is still talking, without waiting for the next one', async () => {
    let model: ReadableStreamDefaultController<unknown> | undefined;
    const { textStream } = await startAnswer(
      input(
        new MockLanguageModelV4({
          doStream: async () => ({
            stream: new ReadableStream({
              start(c) {
                model = c;
                c.enqueue({ type: 'text-start', id: 't1' });
                c.enqueue({ type: 'text-delta', id: 't1', delta: 'First' });
              },
            }),
          }),
        }),
      ),
    );
    const reader = textStream.getReader();
    const next = async () => {
      const read = await reader.read();
      if (read.done) throw new Error('the text ended while the model was still talking');
      return read.value;
    };
    expect(await next()).toBe('First');
    // Later tokens, the model still open: they must reach the client now, not when the model finishes.
    model!.enqueue({ type: 'text-delta', id: 't1', delta: ' and' });
    model!.enqueue({ type: 'text-delta', id: 't1', delta: ' second' });
    let text = '';
    while (!text.includes(' second')) text += await next();
    expect(text).toBe(' and second');
    await reader.cancel();
  });

  it('calls onDone once when the answer ends, is cancelled, loses its client or never starts', async () => {
    const count = () => {
      const c = {
        n: 0,
        done: () => {
          c.n++;
        },
      };
      return c;
    };
    const ended = count();
    await readText(await startAnswer(input(mockModel(answerParts('Yes.')), { onDone: ended.done })));
    expect(ended.n).toBe(1);

    const held = () => heldOpenModel('x');
    const cancelled = count();
    const { textStream } = await startAnswer(input(held(), { onDone: cancelled.done }));
    expect(cancelled.n).toBe(0);
    await textStream.cancel('client closed');
    expect(cancelled.n).toBe(1);

    const gone = count();
    const client = new AbortController();
    const open = await startAnswer(input(held(), { signal: client.signal, onDone: gone.done }));
    client.abort();
    expect(gone.n).toBe(1);
    await open.textStream.cancel();
    expect(gone.n).toBe(1);

    const refused = count();
    const failing = new MockLanguageModelV4({
      doStream: async () => {
        throw new Error('provider down');
      },
    });
    await expect(startAnswer(input(failing, { onDone: refused.done }))).rejects.toBeInstanceOf(ModelUnavailableError);
    expect(refused.n).toBe(1);
  });

  it('resolves notCovered, with the call aborted and nothing to read, when the model replies that the pages do not answer', async () => {
    const notCovered = { notCoveredReply: 'NOT_COVERED' };
    // Whole, split over pieces, or wrapped as models now and then wrap a bare reply.
    for (const words of [['NOT_COVERED'], ['NOT', '_COV', 'ERED'], ['`NOT_', 'COVERED`'], ['\n**NOT_COVERED**']]) {
      let over = 0;
      // Held open: the answer must not wait for the model's end.
      const model = heldOpenModel(...words);
      const answer = await startAnswer(input(model, { ...notCovered, onDone: () => over++ }));
      expect(answer.notCovered, words.join('|')).toBe(true);
      expect(model.signal()?.aborted).toBe(true);
      expect(over).toBe(1);
      expect((await readText(answer)).text).toBe('');
    }
    // An answer that only starts like it, or says it later, is the answer.
    for (const words of [['No', ', Greek is not online.'], ['N', 'ot online, sorry.'], ['Yes. NOT_COVERED']]) {
      const answer = await startAnswer(input(mockModel(answerParts(...words)), notCovered));
      expect(answer.notCovered, words.join('|')).toBeUndefined();
      expect((await readText(answer)).text).toBe(words.join(''));
    }
    // Deciding is bounded by the first-token timeout: a model that stalls after "NOT" has not answered in time.
    await expect(
      startAnswer(input(heldOpenModel('NOT'), { ...notCovered, firstTokenTimeoutMs: 50 })),
    ).rejects.toBeInstanceOf(ModelUnavailableError);
    // Without the option, the reply is text like any other.
    const plain = await startAnswer(input(mockModel(answerParts('NOT_COVERED'))));
    expect((await readText(plain)).text).toBe('NOT_COVERED');
  });
});

describe('uiMessageStreamResponse', () => {
  it('sends the source-url parts first, then the text, then finish and [DONE]', async () => {
    const res = uiMessageStreamResponse({
      ...(await startAnswer(input(mockModel(answerParts('Yes, ', 'online.'))))),
      sources,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { chunks, message, text, done } = await readAnswer(res);
    const types = chunks.map((c) => c.type);
    expect(types.indexOf('source-url')).toBeGreaterThan(types.indexOf('start'));
    expect(types.indexOf('source-url')).toBeLessThan(types.indexOf('text-delta'));
    expect(chunks).toContainEqual({
      type: 'source-url',
      sourceId: 'http://site.test/courses/bib201/',
      url: 'http://site.test/courses/bib201/',
      title: 'Biblical Greek I',
    });
    expect(message.parts.map((p) => p.type)).toEqual(['source-url', 'step-start', 'text']);
    expect(text).toBe('Yes, online.');
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
    expect(done).toBe(true);
  });

  it('ends with an error part, no internals, and [DONE] when the provider fails after the first token', async () => {
    const model = mockModel([
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Greek is' },
      { type: 'error', error: new Error('connection reset') },
    ]);
    const { chunks, text, errors, done } = await asUiStream(model);
    expect(text).toBe('Greek is');
    expect(chunks.filter((c) => c.type === 'text-delta')).toHaveLength(1);
    expect(chunks.at(-1)).toEqual({ type: 'error', errorText: INTERRUPTED_TEXT });
    expect(errors).toEqual([INTERRUPTED_TEXT]);
    expect(JSON.stringify(chunks)).not.toContain('connection reset');
    expect(done).toBe(true);
  });

  it('cancelling the response cancels the answer', async () => {
    const model = heldOpenModel('x');
    let over = 0;
    const res = uiMessageStreamResponse({
      ...(await startAnswer(
        input(model, {
          onDone: () => {
            over++;
          },
        }),
      )),
      sources,
    });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel('client closed');
    expect(model.signal()?.aborted).toBe(true);
    expect(over).toBe(1);
  });
});
