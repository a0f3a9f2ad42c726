/**
 * The PostgreSQL store on a real PostgreSQL server: the shared store suite unchanged, then what only PostgreSQL
 * has (several instances migrating at once under the advisory lock, the pool size, outage and recovery).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { openPostgresStore } from '../../src/lib/store/postgres-store.ts';
import { migrations } from '../../src/lib/store/migrations.ts';
import type { QueuedMail, SubmissionStore } from '../../src/lib/store/types.ts';
import { describeSubmissionStore, sampleRegistration } from '../helpers/store-suite.ts';
import { postgresUnavailable, startPostgres, type RunningPostgres } from '../helpers/postgres.ts';

const skip = postgresUnavailable();
let pg: RunningPostgres;
beforeAll(async () => {
  if (!skip) pg = await startPostgres();
});
afterAll(async () => {
  await pg?.stop();
});

const query = async <T>(url: string, run: (sql: postgres.Sql) => Promise<T>) => {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await run(sql);
  } finally {
    await sql.end();
  }
};

describe.skipIf(skip)('PostgreSQL store', () => {
  // A new database per test: the suite's factory must open a fresh, empty store.
  describeSubmissionStore('postgres', async () => openPostgresStore(await pg.createDatabase(), { poolSize: 4 }));

  it('applies each migration once when several instances start at the same moment', async () => {
    const url = await pg.createDatabase();
    const stores = await Promise.all(Array.from({ length: 6 }, () => openPostgresStore(url, { poolSize: 2 })));
    const versions = await query(url, (sql) => sql`SELECT version FROM schema_migrations ORDER BY version`);
    expect(versions.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
    await Promise.all(stores.map((s) => s.close()));
    // A later start finds everything applied and changes nothing.
    await (await openPostgresStore(url, { poolSize: 1 })).close();
    expect((await query(url, (sql) => sql`SELECT COUNT(*)::int AS n FROM schema_migrations`))[0]!.n).toBe(
      migrations.length,
    );
  });

  it('stores no IP address column anywhere', async () => {
    const url = await pg.createDatabase();
    await (await openPostgresStore(url, { poolSize: 1 })).close();
    const columns = await query(
      url,
      (sql) => sql`SELECT column_name FROM information_schema.columns WHERE table_name IN ('signups', 'registrations')`,
    );
    expect(columns.length).toBeGreaterThan(5);
    expect(columns.map((c) => String(c.column_name)).filter((c) => /ip|addr/i.test(c))).toEqual([]);
  });

  it('opens at most DATABASE_POOL_SIZE connections under concurrent writes', async () => {
    const url = await pg.createDatabase();
    const store = await openPostgresStore(url, { poolSize: 3 });
    const seen: number[] = [];
    const watcher = setInterval(() => {
      query(
        pg.url,
        (sql) =>
          sql`SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE application_name = 'institute-website' AND datname = ${url.split('/').pop()!}`,
      ).then(
        ([r]) => seen.push(r!.n),
        () => {},
      );
    }, 5);
    await Promise.all(
      Array.from({ length: 300 }, (_, i) => store.upsertSignup({ email: `pool-${i}@example.org`, interests: [] })),
    );
    clearInterval(watcher);
    const [{ n }] = (await query(
      pg.url,
      (sql) =>
        sql`SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE application_name = 'institute-website' AND datname = ${url.split('/').pop()!}`,
    )) as [{ n: number }];
    await store.close();
    expect(n).toBe(3); // the pool filled up to its size…
    expect(Math.max(...seen, n)).toBe(3); // …and never beyond
    expect((await query(url, (sql) => sql`SELECT COUNT(*)::int AS n FROM signups`))[0]!.n).toBe(300);
  });

  it('refuses to open when the database cannot be reached', async () => {
    await expect(openPostgresStore('postgres://postgres@127.0.0.1:1/none', { poolSize: 1 })).rejects.toThrow(
      /Migration 1 .*failed/,
    );
  });
});

// Last: it stops and restarts the server the tests above share.
describe.skipIf(skip)('PostgreSQL store outage', () => {
  let store: SubmissionStore;
  afterAll(async () => {
    await store?.close();
  });

  it('rejects while the database is down and works again when it returns, with the same store', async () => {
    store = await openPostgresStore(await pg.createDatabase(), { poolSize: 2 });
    await store.upsertSignup({ email: 'before@example.org', interests: [] });
    await pg.stop();
    await expect(store.upsertSignup({ email: 'during@example.org', interests: [] })).rejects.toThrow();
    await expect(store.listSignups({ limit: 10, offset: 0 })).rejects.toThrow();
    await pg.restart();
    expect(await store.upsertSignup({ email: 'after@example.org', interests: [] })).toEqual({ created: true });
    const { items } = await store.listSignups({ limit: 10, offset: 0 });
    expect(items.map((s) => s.email).sort()).toEqual(['after@example.org', 'before@example.org']);
  });
});

describe.skipIf(skip)('PostgreSQL outbox: several instances', () => {
  it('never sends one message twice when three instances deliver at once (FOR UPDATE SKIP LOCKED and a lease)', async () => {
    const url = await pg.createDatabase();
    const stores = await Promise.all(Array.from({ length: 3 }, () => openPostgresStore(url, { poolSize: 4 })));
    try {
      for (let i = 0; i < 60; i++) {
        await stores[i % 3]!.createRegistration(sampleRegistration(), undefined, (id) => [
          { to: `s${i}@example.org`, subject: id, text: 'receipt' },
        ]);
      }
      const delivered: string[] = [];
      // Each delivery takes a moment, as an SMTP round trip does, so the instances really overlap.
      const deliver = async (m: QueuedMail) => {
        delivered.push(m.id);
        await new Promise((r) => setTimeout(r, 5));
        return { ok: true } as const;
      };
      // Two senders per instance, each taking 5 at a time until nothing is left, as the sender loop does.
      const sender = async (s: SubmissionStore) => {
        let total = 0;
        for (let n; (n = (await s.deliverMail(deliver, { limit: 5, retryDelay: () => 0 })).sent) > 0;) total += n;
        return total;
      };
      const runs = await Promise.all(stores.flatMap((s) => [sender(s), sender(s)]));
      expect(delivered).toHaveLength(60);
      expect(new Set(delivered).size).toBe(60);
      expect(runs.reduce((n, r) => n + r, 0)).toBe(60);
      // Work was shared: more than one sender took messages.
      expect(runs.filter((r) => r > 0).length).toBeGreaterThan(1);
      expect(await stores[0]!.countUnsentMail()).toBe(0);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });
});
