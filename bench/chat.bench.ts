/**
 * POST /api/chat: the time our server adds before the first streamed token (rate limit, validation, retrieval
 * through the search workers, twin loading, prompt, the AI SDK) compared with asking the model directly. The
 * model is the Gemini stand-in on loopback (tests/helpers/gemini-stand-in.ts), so the real @ai-sdk/google code
 * runs and the model itself costs almost nothing. At 1, 16 and 32 concurrent chats; p50/p95 of time to first token.
 * Each simulated chat has its own client address (TRUST_PROXY=1, X-Forwarded-For), as real visitors do, so the
 * rate limit is counted but not hit. Goal: 50 ms or less added at p95. Then questions never asked before (the tuning
 * part of eval/chat.json, BENCH_FRESH_QUESTIONS of them, default 300), 4 at a time: the eight above are answered from
 * the caches after the warm-up, while most visitors' questions run retrieval's searches, the ranking and the floor
 * cold.
 *
 * On a shared machine the times swing with the load of other processes, so each level also reports what a chat
 * costs our server in CPU (Linux: /proc/<pid>/task/<tid>/schedstat, nanoseconds on a CPU): the main thread, which
 * every chat queues for, and all threads (the search workers too). With BENCH_CPU_PROF=<dir> the server writes a
 * CPU profile; `node bench/profile-summary.ts <file>` says where the main thread's time went.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { startProcess } from './lib.ts';
import { figure } from './report.ts';

const CHATS_PER_WORKER = Number(process.env.BENCH_CHATS ?? 100);
/** Questions from the tuning part of eval/chat.json asked once each, and how many at a time. */
const FRESH_QUESTIONS = Number(process.env.BENCH_FRESH_QUESTIONS ?? 300);
const FRESH_CONCURRENCY = 4;
const QUESTIONS = [
  'Can I take Greek online, and what do I need first?',
  'How do I ask for an extension on late work?',
  'What does the Master of Divinity cost?',
  'When are the exams in the spring term?',
  'Is there help for students with dyslexia?',
  'How do I transfer credit from another college?',
  'Which music courses are there for beginners?',
  'Who do I contact about a complaint?',
];

/** Milliseconds from sending `init` to the first SSE event that carries text. */
async function timeToFirstToken(url: string, init: RequestInit, hasText: (event: string) => boolean): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, init);
  if (!res.ok || !res.body) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let first: number | undefined;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    const events = buffer.split('\n\n');
    buffer = events.pop()!;
    if (first === undefined && events.some(hasText)) first = performance.now() - started;
  }
  if (first === undefined) throw new Error(`${url}: no text in the stream`);
  return first;
}

async function measure(concurrency: number, once: (chat: number) => Promise<number>): Promise<number[]> {
  const times: number[] = [];
  let chat = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = 0; i < CHATS_PER_WORKER; i++) times.push(await once(chat++));
    }),
  );
  return times.sort((a, b) => a - b);
}

/** Nanoseconds `pid` has spent on a CPU: its main thread, and all its threads; undefined without /proc. */
function cpuTime(pid: number): { main: number; all: number } | undefined {
  const onCpu = (tid: string) => Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
  try {
    return {
      main: onCpu(String(pid)),
      all: readdirSync(`/proc/${pid}/task`).reduce((sum, tid) => sum + onCpu(tid), 0),
    };
  } catch {
    return undefined;
  }
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;

export async function run() {
  const model = await startProcess('bench/gemini-process.ts');
  const gemini = { baseUrl: `${model.url}/v1beta` };
  const ours = await startProcess(
    'server/index.ts',
    {
      GOOGLE_GENERATIVE_AI_API_KEY: 'bench-key',
      GOOGLE_GENERATIVE_AI_BASE_URL: gemini.baseUrl,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
    },
    '/api/health',
  );
  const direct = (chat: number) =>
    timeToFirstToken(
      `${gemini.baseUrl}/models/gemini-2.5-flash:streamGenerateContent?alt=sse`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-goog-api-key': 'bench-key' },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: QUESTIONS[chat % QUESTIONS.length] }] }] }),
      },
      (e) => e.includes('"text"'),
    );
  // 20 chats per address per window: a new simulated visitor every 10 chats.
  const visitor = (chat: number) => {
    const v = Math.floor(chat / 10);
    return `10.${(v >> 16) & 255}.${(v >> 8) & 255}.${v & 255}`;
  };
  // A declined question streams its text without the model: its time counts too.
  const askUs = (id: string, text: string, client: number) =>
    timeToFirstToken(
      `${ours.url}/api/chat`,
      {
        method: 'POST',
        body: JSON.stringify({ id, messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text }] }] }),
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': visitor(client) },
      },
      (e) => e.includes('"type":"text-delta"'),
    );
  const throughUs = (chat: number) => askUs(`c${chat}`, QUESTIONS[chat % QUESTIONS.length]!, chat);
  // Questions the server has not been asked: each runs retrieval's searches, the ranking and the floor cold, as most
  // visitors' questions do (the eight above are answered from the caches after the warm-up).
  const fresh = (
    JSON.parse(readFileSync('eval/chat.json', 'utf8')) as { questions: { q: string; heldout?: boolean }[] }
  ).questions
    .filter((c) => !c.heldout)
    .map((c) => c.q)
    .slice(0, FRESH_QUESTIONS);
  const askFresh = (chat: number) => askUs(`f${chat}`, fresh[chat % fresh.length]!, 2_000_000 + chat);
  try {
    // Warm-up, alone and concurrent: the search workers load the index, the JIT settles on both paths.
    for (let i = 0; i < QUESTIONS.length * 2; i++) await throughUs(1_000_000 + i);
    await Promise.all(Array.from({ length: 16 }, (_, i) => throughUs(1_100_000 + i * 10)));
    console.log(`\ntime to first token, ${CHATS_PER_WORKER} chats per concurrent client (Gemini stand-in on loopback)`);
    for (const concurrency of [1, 16, 32]) {
      const alone = await measure(concurrency, direct);
      const before = cpuTime(ours.child.pid!);
      const ourTimes = await measure(concurrency, (chat) => throughUs(concurrency * 100_000 + chat));
      const after = cpuTime(ours.child.pid!);
      console.log(
        `  ${String(concurrency).padStart(2)} concurrent  stand-in alone  p50 ${ms(pct(alone, 50))}  p95 ${ms(pct(alone, 95))}`,
      );
      console.log(`                through our server p50 ${ms(pct(ourTimes, 50))}  p95 ${ms(pct(ourTimes, 95))}`);
      console.log(
        `                added by us      p50 ${ms(pct(ourTimes, 50) - pct(alone, 50))}  p95 ${ms(pct(ourTimes, 95) - pct(alone, 95))}   (goal ≤ 50 ms at p95)`,
      );
      if (before && after) {
        const perChat = (ns: number) => ns / 1e6 / ourTimes.length;
        const main = perChat(after.main - before.main);
        console.log(
          `                our CPU per chat  main thread ${main.toFixed(2)} ms, all threads ${perChat(after.all - before.all).toFixed(2)} ms`,
        );
        figure(`chat main-thread CPU per chat, ${concurrency} concurrent`, main, 'ms');
      }
      figure(`chat TTFT p95, ${concurrency} concurrent`, pct(ourTimes, 95), 'ms', {
        name: 'stand-in alone',
        value: pct(alone, 95),
      });
    }
    // After the repeated questions: the JIT and the workers are warm, the caches hold none of these questions.
    if (fresh.length > 0) await measureFresh(fresh.length, askFresh, ours.child.pid!);
  } finally {
    await ours.stop();
    await model.stop();
  }
}

/** Each of `count` new questions asked once, FRESH_CONCURRENCY at a time: time to first token and our CPU per chat. */
async function measureFresh(count: number, ask: (chat: number) => Promise<number>, pid: number) {
  const before = cpuTime(pid);
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: FRESH_CONCURRENCY }, async () => {
      for (let chat = next++; chat < count; chat = next++) times.push(await ask(chat));
    }),
  );
  const after = cpuTime(pid);
  times.sort((a, b) => a - b);
  console.log(
    `\n  ${count} questions never asked before, ${FRESH_CONCURRENCY} at a time: through our server p50 ${ms(pct(times, 50))}  p95 ${ms(pct(times, 95))}`,
  );
  figure(`chat TTFT p95, new questions, ${FRESH_CONCURRENCY} concurrent`, pct(times, 95), 'ms');
  if (!before || !after) return;
  const perChat = (ns: number) => ns / 1e6 / times.length;
  const main = perChat(after.main - before.main);
  const all = perChat(after.all - before.all);
  console.log(`                our CPU per chat  main thread ${main.toFixed(2)} ms, all threads ${all.toFixed(2)} ms`);
  figure(`chat main-thread CPU per new question, ${FRESH_CONCURRENCY} concurrent`, main, 'ms');
  figure(`chat all-threads CPU per new question, ${FRESH_CONCURRENCY} concurrent`, all, 'ms');
}
