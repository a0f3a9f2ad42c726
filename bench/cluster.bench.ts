/**
 * WEB_CONCURRENCY: one server process against two (node:cluster, one port) in the same run, for a prerendered page,
 * GET /api/health, newsletter signups (durable SQLite commits, limits off) and chats (the Gemini stand-in in its
 * own process, a new client address every 10 chats so the limit is counted over IPC but not hit). The ratio is the
 * scaling factor. On a 2-core machine the load generator, the stand-in and the search workers take cores from the
 * server, so the factor stops well before 2× (docs/cluster.md, docs/benchmarks.md).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { fmt, load, ratio, startProcess, type LoadResult } from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const dataDir = () => mkdtempSync(join(tmpdir(), 'bench-cluster-'));
const chatBody = JSON.stringify({
  id: 'c1',
  messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Can I take Greek online?' }] }],
});

export async function run() {
  const model = await startProcess('bench/gemini-process.ts');
  const results: Record<string, Record<number, LoadResult>> = { page: {}, health: {}, signups: {}, chats: {} };
  try {
    // One server at a time, so the two never compete for the cores.
    for (const processes of [1, 2]) {
      const env = {
        WEB_CONCURRENCY: String(processes),
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '1',
        SEARCH_WORKERS: '1',
        GOOGLE_GENERATIVE_AI_API_KEY: 'bench-key',
        GOOGLE_GENERATIVE_AI_BASE_URL: `${model.url}/v1beta`,
      };
      const server = await startProcess('server/index.ts', { ...env, DATA_DIR: dataDir() }, '/api/health');
      // The first process to answer may be alone for a moment: give the second time to start.
      await new Promise((r) => setTimeout(r, processes > 1 ? 5000 : 0));
      const signups = await startProcess(
        'server/index.ts',
        { ...env, RATE_LIMIT_DISABLED: '1', DATA_DIR: dataDir() },
        '/api/health',
      );
      await new Promise((r) => setTimeout(r, processes > 1 ? 5000 : 0));
      try {
        results.page![processes] = await load(server.url + '/courses/bib201/', { seconds });
        results.health![processes] = await load(server.url + '/api/health', { seconds });
        results.chats![processes] = await chats(server.url, processes);
        await server.stop();
        results.signups![processes] = await load(signups.url + '/api/email-marketing-signup', {
          method: 'POST',
          idReplacement: true,
          seconds,
          connections: 16,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'bench-[<id>]@example.org', interests: ['events'], source: '/newsletter/' }),
        });
      } finally {
        await Promise.all([server.stop(), signups.stop()]);
      }
    }
  } finally {
    await model.stop();
  }
  console.log(`\n1 against 2 server processes (WEB_CONCURRENCY), ${seconds} s each`);
  for (const [name, label] of [
    ['page', 'GET /courses/bib201/'],
    ['health', 'GET /api/health'],
    ['signups', 'POST signup (durable)'],
    ['chats', 'POST /api/chat (stand-in)'],
  ] as const) {
    const [one, two] = [results[name]![1]!, results[name]![2]!];
    console.log(`  ${label.padEnd(26)} 1 process   ${fmt(one)}`);
    console.log(
      `  ${''.padEnd(26)} 2 processes ${fmt(two)}   = ${ratio(two, one, `${label}, 2 processes`, '1 process')} of 1`,
    );
  }
}

/** Chats with a new client address every 10 requests (the chat limit is 20 per address), 16 connections. */
async function chats(url: string, run: number): Promise<LoadResult> {
  let sent = 0;
  const options = {
    url: url + '/api/chat',
    connections: 16,
    requests: [
      {
        method: 'POST' as const,
        body: chatBody,
        setupRequest: (req: autocannon.Request) => {
          const v = Math.floor(sent++ / 10);
          return {
            ...req,
            headers: {
              'Content-Type': 'application/json',
              'X-Forwarded-For': `10.${run}.${(v >> 8) & 255}.${v & 255}`,
            },
          };
        },
      },
    ],
  };
  await autocannon({ ...options, duration: 1 });
  const r = await autocannon({ ...options, duration: seconds });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}
