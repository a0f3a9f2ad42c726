/** Parses an AI SDK UI message stream body (`data: {json}` events, then `data: [DONE]`) into its chunks. */
export function parseUiStream(body: string): { chunks: any[]; done: boolean } {
  const events = body.split('\n\n').filter((e) => e.startsWith('data: ')).map((e) => e.slice(6));
  return { chunks: events.filter((e) => e !== '[DONE]').map((e) => JSON.parse(e)), done: events.at(-1) === '[DONE]' };
}

/** The answer's text, all deltas joined. */
export const answerText = (chunks: any[]) => chunks.filter((c) => c.type === 'text-delta').map((c) => c.delta).join('');

/** POST a question to /api/chat the way the AI SDK's client does. */
export function ask(baseUrl: string, text: string, init: RequestInit = {}) {
  return fetch(`${baseUrl}/api/chat`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: 'chat-1', trigger: 'submit-message', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text }] }] }),
    ...init,
  });
}
