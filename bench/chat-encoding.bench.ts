/**
 * POST /api/chat's encoding of an answer as the UI message stream: our encoder (src/lib/chat/ui-message-stream.ts)
 * against the AI SDK's `createUIMessageStreamResponse` over the same chunks, in process. CPU time per answer and
 * body chunks per answer (each becomes a socket write). CPU time, not wall time: it holds up on a loaded machine.
 * A short answer: 4 sources, 5 pieces of text.
 */
import { createUIMessageStreamResponse, type UIMessageChunk } from 'ai';
import type { ChatAnswer } from '../src/lib/chat/answer.ts';
import { uiMessageStreamResponse } from '../src/lib/chat/ui-message-stream.ts';

const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 5000);
const sources = [1, 2, 3, 4].map((i) => ({ url: `https://northgate.example/courses/c${i}/`, title: `Course ${i}` }));

function answer(): ChatAnswer {
  const pieces = ['Yes: ', 'BIB201 ', 'is taught ', 'online ', 'on Tuesdays.'];
  return {
    sources,
    finishReason: Promise.resolve('stop'),
    textStream: new ReadableStream<string>(
      {
        pull(c) {
          const p = pieces.shift();
          if (p) c.enqueue(p);
          else c.close();
        },
      },
      { highWaterMark: 0 },
    ),
  };
}

/** The same chunks through the SDK's helper. */
function sdk(a: ChatAnswer): Response {
  const text = a.textStream.getReader();
  return createUIMessageStreamResponse({
    headers: { 'cache-control': 'no-store' },
    stream: new ReadableStream<UIMessageChunk>(
      {
        start(c) {
          c.enqueue({ type: 'start' });
          for (const s of a.sources) c.enqueue({ type: 'source-url', sourceId: s.url, url: s.url, title: s.title });
          c.enqueue({ type: 'start-step' });
          c.enqueue({ type: 'text-start', id: 'text-0' });
        },
        async pull(c) {
          const next = await text.read();
          if (!next.done) return c.enqueue({ type: 'text-delta', id: 'text-0', delta: next.value });
          c.enqueue({ type: 'text-end', id: 'text-0' });
          c.enqueue({ type: 'finish-step' });
          c.enqueue({ type: 'finish', finishReason: await a.finishReason });
          c.close();
        },
      },
      { highWaterMark: 0 },
    ),
  });
}

async function chunksOf(res: Response): Promise<number> {
  let n = 0;
  for await (const _ of res.body!) n++;
  return n;
}

export async function run() {
  console.log(`\nencoding a short answer as the UI message stream, ${ANSWERS} answers`);
  for (const [name, encode] of [
    ['ours', uiMessageStreamResponse],
    ['createUIMessageStreamResponse', sdk],
  ] as const) {
    for (let i = 0; i < 500; i++) await chunksOf(encode(answer()));
    const before = process.cpuUsage();
    let chunks = 0;
    for (let i = 0; i < ANSWERS; i++) chunks += await chunksOf(encode(answer()));
    const cpu = process.cpuUsage(before);
    console.log(
      `  ${name.padEnd(30)} ${((cpu.user + cpu.system) / ANSWERS).toFixed(0).padStart(4)} µs CPU per answer, ${(chunks / ANSWERS).toFixed(0)} body chunks (socket writes)`,
    );
  }
}
