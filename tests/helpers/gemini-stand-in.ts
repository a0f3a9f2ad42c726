/**
 * A loopback stand-in for the Gemini API's `models/{model}:streamGenerateContent?alt=sse`, speaking its wire
 * format, so the real `@ai-sdk/google` code runs in tests. Point GOOGLE_GENERATIVE_AI_BASE_URL at `baseUrl`.
 * @example const gemini = await startGeminiStandIn({ words: ['Yes', ', online.'] });
 */
import { startSseStandIn, type Behaviour, type StandIn } from './sse-stand-in.ts';

const STATUS = { 400: 'INVALID_ARGUMENT', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE' } as Record<
  number,
  string
>;

export async function startGeminiStandIn(behaviour: Behaviour, port = 0): Promise<StandIn & { baseUrl: string }> {
  const standIn = await startSseStandIn(
    {
      matches: (req) =>
        req.method === 'POST' && /^\/v1beta\/models\/[^/:]+:streamGenerateContent\?alt=sse$/.test(req.url ?? ''),
      events: (words) =>
        words.map((text, i) =>
          JSON.stringify({
            candidates: [
              {
                content: { parts: [{ text }], role: 'model' },
                ...(i === words.length - 1 ? { finishReason: 'STOP' } : {}),
                index: 0,
              },
            ],
            usageMetadata: { promptTokenCount: 100, candidatesTokenCount: i + 1, totalTokenCount: 101 + i },
            modelVersion: 'gemini-2.5-flash',
            responseId: 'stand-in-response',
          }),
        ),
      errorBody: (status) => ({
        error: { code: status, message: `stand-in failure ${status}`, status: STATUS[status] ?? 'UNKNOWN' },
      }),
    },
    behaviour,
    port,
  );
  return Object.assign(standIn, { baseUrl: `${standIn.url}/v1beta` });
}

/** One turn of a Gemini request, as far as the tests read it. */
interface GeminiContent {
  parts?: { text?: string }[];
}

/** The system instruction and conversation text Gemini received in a recorded request. */
export function geminiPromptText(body: unknown): { system: string; conversation: string } {
  const { systemInstruction, contents = [] } = body as {
    systemInstruction?: GeminiContent;
    contents?: GeminiContent[];
  };
  const text = (content?: GeminiContent) => (content?.parts ?? []).map((p) => p.text ?? '').join('');
  return { system: text(systemInstruction), conversation: contents.map((c) => text(c)).join('\n') };
}
