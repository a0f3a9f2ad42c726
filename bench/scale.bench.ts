/**
 * What scaling out costs one instance, measured against the single-machine setup in the same run:
 * 1. Accepted newsletter signups per second on PostgreSQL (DATABASE_URL) vs SQLite, both durable (PostgreSQL's
 *    default synchronous_commit=on, SQLite's WAL + synchronous=FULL), limits off, a new address per request.
 * 2. Rate-limited /api/chat requests per second with the counters in Redis (REDIS_URL) vs in memory, the model
 *    being the Gemini stand-in on loopback: chats under the limit (a new client every 10, every one counted and
 *    answered), then one client over its limit (every answer the limiter's 429: the cost of counting alone,
 *    one Redis round trip against a Map lookup).
 * PostgreSQL and Redis are real servers started on loopback by the test helpers (tests/helpers/postgres.ts, redis.ts).
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import postgres from 'postgres';
import autocannon from 'autocannon';
import { fmt, load, ratio, startProcess, type LoadResult } from './lib.ts';
import { CannotRun } from './report.ts';
import { startGeminiStandIn } from '../tests/helpers/gemini-stand-in.ts';
import { postgresUnavailable, startPostgres } from '../tests/helpers/postgres.ts';
import { redisUnavailable, startRedis } from '../tests/helpers/redis.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const dataDir = () => mkdtempSync(join(tmpdir(), 'bench-scale-'));

export async function run() {
  const missing = postgresUnavailable() ?? redisUnavailable();
  if (missing) throw new CannotRun(missing);
  const [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
  try {
    await signups(await pg.createDatabase());
    await limits(redis.url);
  } finally {
    await Promise.all([pg.stop(), redis.stop()]);
  }
}

async function signups(databaseUrl: string) {
  const request = {
    method: 'POST' as const,
    idReplacement: true,
    seconds,
    connections: 16,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'bench-[<id>]@example.org', interests: ['events'], source: '/newsletter/' }),
  };
  const sqliteDir = dataDir();
  const common = { RATE_LIMIT_DISABLED: '1', LOG_LEVEL: 'warn' };
  const onSqlite = await startProcess('server/index.ts', { ...common, DATA_DIR: sqliteDir }, '/api/health');
  const onPostgres = await startProcess(
    'server/index.ts',
    { ...common, DATA_DIR: dataDir(), DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '10' },
    '/api/health',
  );
  try {
    const sqliteRun = await load(onSqlite.url + '/api/email-marketing-signup', request);
    const postgresRun = await load(onPostgres.url + '/api/email-marketing-signup', request);
    console.log('\nPOST /api/email-marketing-signup, a new address per request, durable commits, 16 connections');
    console.log(`  SQLite (DATA_DIR)           ${fmt(sqliteRun)}`);
    console.log(
      `  PostgreSQL (DATABASE_URL)   ${fmt(postgresRun)}   = ${ratio(postgresRun, sqliteRun, 'signups on PostgreSQL', 'SQLite')} of SQLite`,
    );
    const sqliteDb = new DatabaseSync(join(sqliteDir, 'submissions.sqlite'), { readOnly: true });
    const sqliteRows = Number((sqliteDb.prepare('SELECT COUNT(*) AS n FROM signups').get() as { n: number }).n);
    sqliteDb.close();
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const [{ n: postgresRows }] = (await sql`SELECT COUNT(*)::int AS n FROM signups`) as unknown as [{ n: number }];
    await sql.end();
    console.log(
      `  rows committed (warm-up included): SQLite ${sqliteRows} for ${sqliteRun.ok} accepted, PostgreSQL ${postgresRows} for ${postgresRun.ok} accepted`,
    );
  } finally {
    await Promise.all([onSqlite.stop(), onPostgres.stop()]);
  }
}

async function limits(redisUrl: string) {
  const gemini = await startGeminiStandIn({ words: ['Yes, ', 'Biblical Greek I ', 'is taught ', 'online.'] });
  const env = {
    GOOGLE_GENERATIVE_AI_API_KEY: 'bench-key',
    GOOGLE_GENERATIVE_AI_BASE_URL: gemini.baseUrl,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
  };
  const inMemory = await startProcess('server/index.ts', { ...env, DATA_DIR: dataDir() }, '/api/health');
  const inRedis = await startProcess(
    'server/index.ts',
    { ...env, DATA_DIR: dataDir(), REDIS_URL: redisUrl },
    '/api/health',
  );
  try {
    // Admitted chats: a new visitor (X-Forwarded-For) every 10 chats, so every request is counted and answered.
    const memoryChats = await chats(inMemory.url, 'memory');
    const redisChats = await chats(inRedis.url, 'redis');
    console.log(
      '\nPOST /api/chat, Gemini stand-in on loopback, a new client every 10 chats (counted, under the limit of 20)',
    );
    console.log(`  counters in memory          ${fmt(memoryChats)}`);
    console.log(
      `  counters in Redis           ${fmt(redisChats)}   = ${ratio(redisChats, memoryChats, 'chats, limits in Redis', 'in memory')} of memory`,
    );
    // Over the limit: one client, so after its 20 chats every answer is the limiter's 429, the counting alone.
    const overLimit = {
      method: 'POST' as const,
      seconds,
      connections: 16,
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.99.0.1' },
      body: chatBody(0),
    };
    const memoryRefused = await load(inMemory.url + '/api/chat', overLimit);
    const redisRefused = await load(inRedis.url + '/api/chat', overLimit);
    console.log("POST /api/chat, one client over its limit: every answer is the limiter's 429");
    console.log(`  counters in memory          ${fmt(memoryRefused)}`);
    console.log(
      `  counters in Redis           ${fmt(redisRefused)}   = ${ratio(redisRefused, memoryRefused, 'chat 429s, limits in Redis', 'in memory')} of memory`,
    );
  } finally {
    await Promise.all([inMemory.stop(), inRedis.stop()]);
    await gemini.close();
  }
}

const chatBody = (n: number) =>
  JSON.stringify({
    id: `c${n}`,
    messages: [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Can I take Greek online, and what do I need first?' }] },
    ],
  });

/** autocannon with a new client address every 10 requests (bench/lib.ts's load() sends fixed headers). */
async function chats(url: string, label: string): Promise<LoadResult> {
  let sent = 0;
  const options = {
    url: url + '/api/chat',
    connections: 16,
    requests: [
      {
        method: 'POST' as const,
        body: chatBody(0),
        setupRequest: (req: autocannon.Request) => {
          const v = Math.floor(sent++ / 10);
          return {
            ...req,
            headers: {
              'Content-Type': 'application/json',
              'X-Forwarded-For': `10.${label === 'redis' ? 2 : 1}.${(v >> 8) & 255}.${v & 255}`,
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
