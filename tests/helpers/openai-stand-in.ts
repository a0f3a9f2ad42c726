/**
 * A loopback stand-in for an OpenAI-compatible server's streaming `POST /v1/chat/completions` (what Ollama,
 * llama.cpp and vLLM serve), so the real `@ai-sdk/openai-compatible` code runs in tests. Point
 * CHAT_OPENAI_BASE_URL at `baseUrl`.
 */
import { startSseStandIn, type Behaviour, type StandIn } from './sse-stand-in.ts';

export async function startOpenAiStandIn(behaviour: Behaviour): Promise<StandIn & { baseUrl: string }> {
  const chunk = (delta: object, finish: string | null) =>
    JSON.stringify({
      id: 'chatcmpl-stand-in',
      object: 'chat.completion.chunk',
      created: 1_800_000_000,
      model: 'stand-in-model',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
  const standIn = await startSseStandIn(
    {
      matches: (req) => req.method === 'POST' && req.url === '/v1/chat/completions',
      events: (words) => [
        ...words.map((content, i) => chunk(i === 0 ? { role: 'assistant', content } : { content }, null)),
        chunk({}, 'stop'),
        '[DONE]',
      ],
      errorBody: (status) => ({ error: { message: `stand-in failure ${status}`, type: 'server_error', code: status } }),
    },
    behaviour,
  );
  return Object.assign(standIn, { baseUrl: `${standIn.url}/v1` });
}
