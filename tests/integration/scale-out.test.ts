/**
 * Two server instances sharing one PostgreSQL and one Redis, all real servers on loopback: shared limits that stay
 * exact under concurrency, shared submissions stored exactly once, and what happens when Redis or PostgreSQL goes
 * away and comes back (no restart of the instances).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { expectApiError, newClient, postJson, registrationBody } from '../helpers/forms.ts';
import { postgresUnavailable, startPostgres, type RunningPostgres } from '../helpers/postgres.ts';
import { redisUnavailable, startRedis, type RunningRedis } from '../helpers/redis.ts';

const skip = postgresUnavailable() ?? redisUnavailable();
let pg: RunningPostgres;
let redis: RunningRedis;
let databaseUrl: string;
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  if (skip) return;
  [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
  databaseUrl = await pg.createDatabase();
  // Both instances start at once: the migrations run under the advisory lock.
  const env = { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '5', REDIS_URL: redis.url, TRUST_PROXY: '1' };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([pg?.stop(), redis?.stop()]);
});

const db = async <T>(run: (sql: postgres.Sql) => Promise<T>) => {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return await run(sql);
  } finally {
    await sql.end();
  }
};
const signup = (server: RunningServer, client: string, email: string) =>
  postJson(server.url, '/api/email-marketing-signup', { email }, { client });
const statuses = async (responses: Promise<Response>[]) =>
  Promise.all(
    responses.map(async (r) => {
      const res = await r;
      await res.arrayBuffer();
      return res.status;
    }),
  );
const count = (list: number[], status: number) => list.filter((s) => s === status).length;
/** Retries `attempt` (each time with fresh clients) until it returns true; the outage tests wait on recovery. */
async function eventually(attempt: () => Promise<boolean>, what: string, tries = 60) {
  for (let i = 0; i < tries; i++) {
    if (await attempt()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`never happened: ${what}`);
}

describe.skipIf(skip)('two instances, one PostgreSQL, one Redis', () => {
  it('connects to Redis at start-up, before listening', () => {
    for (const server of [a, b]) {
      const messages = server.logs.map((l) => String(l.msg));
      const connected = messages.findIndex((m) => m.startsWith('Redis connected'));
      expect(connected).toBeGreaterThanOrEqual(0);
      expect(connected).toBeLessThan(messages.findIndex((m) => m.startsWith('listening')));
    }
  });

  it('refuses to start when PostgreSQL cannot be reached, without printing the password', async () => {
    const started = startServer({ DATABASE_URL: 'postgres://app:hunter2@127.0.0.1:1/institute' });
    await expect(started).rejects.toThrow(
      /submissions store \(PostgreSQL at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/institute\) could not be opened/,
    );
    await expect(started).rejects.not.toThrow(/hunter2/);
  });

  it('admits exactly the limit of 200 concurrent signups of one client spread over both instances', async () => {
    const client = newClient();
    const tag = `burst-${Date.now()}`;
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => signup(i % 2 ? a : b, client, `${tag}-${i}@example.org`)),
    );
    const codes = responses.map((r) => r.status);
    // Had Redis been slow to answer, the instances would have counted in memory (and said so in their logs).
    expect([...a.logs, ...b.logs].filter((l) => /Redis did not answer/.test(String(l.msg)))).toEqual([]);
    expect({ ok: count(codes, 200), limited: count(codes, 429) }).toEqual({ ok: 3, limited: 197 });
    for (const res of responses) {
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      await res.arrayBuffer();
    }
    // Both instances answered 200s and 429s from the one counter: memory limits would have admitted 3 on each.
    const stored = await db((sql) => sql`SELECT email FROM signups WHERE email LIKE ${tag + '-%'}`);
    expect(stored).toHaveLength(3);
  });

  it('stores 500 concurrent registrations exactly once, each sent to both instances at the same moment', async () => {
    const keys = Array.from({ length: 500 }, (_, i) => `scale-${Date.now()}-${i}`);
    // A connection the server closed as idle just as the client reused it (likely with 1,000 requests on a busy
    // machine) is retried once with the same key: what a real client does, and safe by the key's contract.
    const post = (server: RunningServer, key: string, client: string) =>
      postJson(server.url, '/api/course-registration', registrationBody(), {
        client,
        headers: { 'Idempotency-Key': key },
      });
    const send = (server: RunningServer, key: string, client: string) =>
      post(server, key, client)
        .catch((err: unknown) => {
          if (err instanceof TypeError) return post(server, key, client);
          throw err;
        })
        .then(async (res) => ({ status: res.status, body: (await res.json()) as { registrationId?: string } }));
    const pairs = await Promise.all(
      keys.map((key) => {
        const client = newClient();
        return Promise.all([send(a, key, client), send(b, key, client)]);
      }),
    );
    for (const [fromA, fromB] of pairs) {
      expect([fromA.status, fromB.status]).toEqual([200, 200]);
      // The retry on the other instance got the registration the first one stored, not a second one.
      expect(fromB.body.registrationId).toBe(fromA.body.registrationId);
    }
    const rows = await db(
      (sql) => sql`SELECT id, idempotency_key FROM registrations WHERE idempotency_key IN ${sql(keys)}`,
    );
    expect(rows).toHaveLength(500);
    expect(new Set(rows.map((r) => r.idempotency_key)).size).toBe(500);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(pairs.map(([fromA]) => fromA.body.registrationId)));
  }, 90_000);

  it('keeps answering and limiting on the insurance limiter while Redis is down, and shares limits again when it returns', async () => {
    await redis.stop();
    // Per instance now: a new client gets 3 on each instance, and the 4th on one instance is refused.
    for (const server of [a, b]) {
      const client = newClient();
      const codes = await statuses([0, 1, 2].map((i) => signup(server, client, `insured-${i}-${client}@example.org`)));
      expect(codes).toEqual([200, 200, 200]);
      const limited = await signup(server, client, `insured-x-${client}@example.org`);
      await expectApiError(limited, 429, 'RATE_LIMITED');
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    for (const server of [a, b]) {
      expect(server.logs.some((l) => /Redis (unavailable|connection lost)/.test(String(l.msg)))).toBe(true);
      expect(
        server.logs.some((l) =>
          /Redis did not answer: rate limits counted in this instance's memory/.test(String(l.msg)),
        ),
      ).toBe(true);
    }

    await redis.restart();
    // Shared again once both instances have reconnected: 2 + 2 requests of one client admit 3 in total.
    await eventually(async () => {
      const client = newClient();
      const codes: number[] = [];
      for (const server of [a, b, a, b])
        codes.push(...(await statuses([signup(server, client, `back-${codes.length}-${client}@example.org`)])));
      return count(codes, 200) === 3 && codes[3] === 429;
    }, 'both instances counting in Redis again');
  }, 60_000);

  it('answers 503 STORAGE_UNAVAILABLE while PostgreSQL is down and stores again when it returns, without a restart', async () => {
    await pg.stop();
    for (const server of [a, b]) {
      const refused = await signup(server, newClient(), `during-${server.port}@example.org`);
      await expectApiError(refused, 503, 'STORAGE_UNAVAILABLE');
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(refused.headers.get('x-ratelimit-limit')).toBe('3');
      await expectApiError(
        await postJson(server.url, '/api/course-registration', registrationBody(), { client: newClient() }),
        503,
        'STORAGE_UNAVAILABLE',
      );
      expect((await fetch(server.url + '/api/health')).status).toBe(200);
    }

    await pg.restart();
    for (const server of [a, b]) {
      let status = 0;
      await eventually(async () => {
        status = (await statuses([signup(server, newClient(), `after-${server.port}@example.org`)]))[0]!;
        return status === 200;
      }, `instance on port ${server.port} storing again`);
    }
    const emails = (
      await db((sql) => sql`SELECT email FROM signups WHERE email LIKE 'during-%' OR email LIKE 'after-%'`)
    )
      .map((r) => r.email)
      .sort();
    expect(emails).toEqual([`after-${a.port}@example.org`, `after-${b.port}@example.org`].sort());
    for (const server of [a, b]) expect(server.process.exitCode).toBeNull();
  }, 60_000);
});
