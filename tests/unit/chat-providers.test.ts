import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatModel } from '../../src/lib/chat/model.ts';
import { AnswerInterruptedError, ModelUnavailableError, startAnswer } from '../../src/lib/chat/stream-answer.ts';
import { parseConfig } from '../../src/lib/config.ts';
import { geminiPromptText, startGeminiStandIn } from '../helpers/gemini-stand-in.ts';
import { readText } from '../helpers/mock-model.ts';
import { startOpenAiStandIn } from '../helpers/openai-stand-in.ts';
import type { StandIn } from '../helpers/sse-stand-in.ts';

/** The real provider packages against the loopback stand-ins, in process: the wire formats are understood. */
const start = (model: ReturnType<typeof createChatModel>, signal = new AbortController().signal) =>
  startAnswer({
    model: model!,
    instructions: 'RULES and <pages>BIB201 is online</pages>',
    signal,
    firstTokenTimeoutMs: 5000,
    maxOutputTokens: 200,
    messages: [{ role: 'user', parts: [{ type: 'text', text: 'Greek online?' }] }],
  });

describe.each([
  [
    'Gemini',
    async () => {
      const s = await startGeminiStandIn({ words: [] });
      return {
        standIn: s,
        model: createChatModel(
          parseConfig({ GOOGLE_GENERATIVE_AI_API_KEY: 'test-key', GOOGLE_GENERATIVE_AI_BASE_URL: s.baseUrl }),
        ),
      };
    },
  ],
  [
    'OpenAI-compatible',
    async () => {
      const s = await startOpenAiStandIn({ words: [] });
      return {
        standIn: s,
        model: createChatModel(
          parseConfig({ CHAT_OPENAI_BASE_URL: s.baseUrl, CHAT_OPENAI_API_KEY: 'test-key', CHAT_MODEL: 'llama3.2' }),
        ),
      };
    },
  ],
])('%s through its stand-in', (name, setup) => {
  let standIn: StandIn;
  let model: ReturnType<typeof createChatModel>;
  beforeAll(async () => ({ standIn, model } = await setup()));
  afterAll(() => standIn?.close());

  it('streams the answer and sends the instructions and the key', async () => {
    standIn.behaviour = { words: ['Yes, ', 'BIB201 ', 'is online.'] };
    expect((await readText(await start(model))).text).toBe('Yes, BIB201 is online.');
    const request = standIn.requests.at(-1)!;
    if (name === 'Gemini') {
      expect(request.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
      expect(request.headers['x-goog-api-key']).toBe('test-key');
      expect(geminiPromptText(request.body)).toEqual({
        system: 'RULES and <pages>BIB201 is online</pages>',
        conversation: 'Greek online?',
      });
      expect(request.body.generationConfig).toMatchObject({ maxOutputTokens: 200 });
    } else {
      expect(request.headers.authorization).toBe('Bearer test-key');
      expect(request.body).toMatchObject({
        model: 'llama3.2',
        stream: true,
        max_tokens: 200,
        messages: [
          { role: 'system', content: 'RULES and <pages>BIB201 is online</pages>' },
          { role: 'user', content: 'Greek online?' },
        ],
      });
    }
  });

  it('refuses before the first token when the provider answers an HTTP error, without asking again', async () => {
    standIn.behaviour = { words: [], status: 400 };
    const before = standIn.requests.length;
    await expect(start(model)).rejects.toBeInstanceOf(ModelUnavailableError);
    expect(standIn.requests.length - before).toBe(1);
  });

  it('asks once more when the provider is overloaded, then refuses', async () => {
    standIn.behaviour = { words: [], status: 503 };
    const before = standIn.requests.length;
    await expect(start(model)).rejects.toBeInstanceOf(ModelUnavailableError);
    expect(standIn.requests.length - before).toBe(2);
  });

  it('errors the text after what came when the connection breaks midway', async () => {
    standIn.behaviour = { words: ['Greek ', 'is ', 'taught'], breakAfter: 2 };
    const { text, error } = await readText(await start(model));
    expect(text).toBe('Greek is ');
    expect(error).toBeInstanceOf(AnswerInterruptedError);
  });

  it('aborts the provider request when the reader goes away', async () => {
    standIn.behaviour = { words: ['one ', 'two ', 'three ', 'four'], delayMs: 100 };
    const client = new AbortController();
    const reader = (await start(model, client.signal)).textStream.getReader();
    const aborted = standIn.nextAbort();
    client.abort();
    await reader.cancel();
    await aborted;
    expect(standIn.aborted).toBeGreaterThan(0);
  });
});
