/**
 * What scaling out costs one instance, measured against the single-machine setup in the same run:
 * 1. Accepted newsletter signups per second on PostgreSQL (DATABASE_URL) vs SQLite, both durable (PostgreSQL's
 *    default synchronous_commit=on, SQLite's WAL + synchronous=FULL), limits off, a new address per request.
 * 2. Rate-limited requests per second with the counters in Redis (REDIS_URL) vs in memory. /api/chat has not
 *    landed yet, so this loads the signup route: one client, so after its 3 admitted requests every answer is
 *    the limiter's 429, which isolates the cost of counting (one Redis round trip vs a Map lookup).
 * PostgreSQL and Redis are real servers started on loopback by the test helpers (tests/helpers/postgres.ts, redis.ts).
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import postgres from 'postgres';
import { fmt, load, ratio, startProcess } from './lib.ts';
import { postgresUnavailable, startPostgres } from '../tests/helpers/postgres.ts';
import { redisUnavailable, startRedis } from '../tests/helpers/redis.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const dataDir = () => mkdtempSync(join(tmpdir(), 'bench-scale-'));

export async function run() {
  const missing = postgresUnavailable() ?? redisUnavailable();
  if (missing) return console.log(`skipped: ${missing}`);
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
    method: 'POST' as const, idReplacement: true, seconds, connections: 16,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'bench-[<id>]@example.org', interests: ['events'], source: '/newsletter/' }),
  };
  const sqliteDir = dataDir();
  const common = { RATE_LIMIT_DISABLED: '1', LOG_LEVEL: 'warn' };
  const onSqlite = await startProcess('server/index.ts', { ...common, DATA_DIR: sqliteDir }, '/api/health');
  const onPostgres = await startProcess('server/index.ts', { ...common, DATA_DIR: dataDir(), DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '10' }, '/api/health');
  try {
    const sqliteRun = await load(onSqlite.url + '/api/email-marketing-signup', request);
    const postgresRun = await load(onPostgres.url + '/api/email-marketing-signup', request);
    console.log('\nPOST /api/email-marketing-signup, a new address per request, durable commits, 16 connections');
    console.log(`  SQLite (DATA_DIR)           ${fmt(sqliteRun)}`);
    console.log(`  PostgreSQL (DATABASE_URL)   ${fmt(postgresRun)}   = ${ratio(postgresRun, sqliteRun)} of SQLite`);
    const sqliteDb = new DatabaseSync(join(sqliteDir, 'submissions.sqlite'), { readOnly: true });
    const sqliteRows = Number((sqliteDb.prepare('SELECT COUNT(*) AS n FROM signups').get() as { n: number }).n);
    sqliteDb.close();
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const [{ n: postgresRows }] = await sql`SELECT COUNT(*)::int AS n FROM signups` as unknown as [{ n: number }];
    await sql.end();
    console.log(`  rows committed (warm-up included): SQLite ${sqliteRows} for ${sqliteRun.ok} accepted, PostgreSQL ${postgresRows} for ${postgresRun.ok} accepted`);
  } finally {
    await Promise.all([onSqlite.stop(), onPostgres.stop()]);
  }
}

async function limits(redisUrl: string) {
  const request = {
    method: 'POST' as const, seconds, connections: 16,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'limited@example.org' }),
  };
  const inMemory = await startProcess('server/index.ts', { DATA_DIR: dataDir(), LOG_LEVEL: 'warn' }, '/api/health');
  const inRedis = await startProcess('server/index.ts', { DATA_DIR: dataDir(), LOG_LEVEL: 'warn', REDIS_URL: redisUrl }, '/api/health');
  try {
    const memoryRun = await load(inMemory.url + '/api/email-marketing-signup', request);
    const redisRun = await load(inRedis.url + '/api/email-marketing-signup', request);
    console.log('\nRate-limited POST /api/email-marketing-signup (stand-in for /api/chat), one client: all but 3 answers are 429');
    console.log(`  counters in memory          ${fmt(memoryRun)}`);
    console.log(`  counters in Redis           ${fmt(redisRun)}   = ${ratio(redisRun, memoryRun)} of memory`);
    console.log(`  admitted (2xx): memory ${memoryRun.ok}, Redis ${redisRun.ok} (3 per window, warm-up took them)`);
  } finally {
    await Promise.all([inMemory.stop(), inRedis.stop()]);
  }
}
