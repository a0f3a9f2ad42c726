/**
 * What operators run the site with: /metrics (scraped and parsed with a Prometheus text-format parser), /readyz
 * against a real PostgreSQL going away and coming back, request ids, `npm run backup` under a burst of signups,
 * `npm run erase` and RETENTION_DAYS on both stores.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMetricsFromIterator, type PromData, type PromHistogramData, type PromMetrics } from 'prom2javascript';
import { startServer, untilReady, useServer, type ServerEnv } from '../helpers/server.ts';
import { committed, newDataDir, postJson } from '../helpers/forms.ts';
import { postgresUnavailable, startPostgres, type RunningPostgres } from '../helpers/postgres.ts';
import { sampleRegistration } from '../helpers/store-suite.ts';
import { openPostgresStore } from '../../src/lib/store/postgres-store.ts';
import { openSqliteStore } from '../../src/lib/store/sqlite-store.ts';
import { addressHash } from '../../src/lib/ops/erasure.ts';

const run = promisify(execFile);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Runs one of the package's commands as `npm run <name> -- <arg>` does, with only `env` configured. */
const command = (script: 'backup' | 'erase', arg: string, env: ServerEnv) =>
  run(process.execPath, [`scripts/${script}.ts`, arg], { env: { PATH: process.env.PATH, LOG_LEVEL: 'info', ...env } });

/**
 * A scrape, parsed by prom2javascript, which checks every line and each histogram's consistency (+Inf = count).
 * It reads no NaN, which Prometheus does read and prom-client writes for the event-loop lag before any sample:
 * those lines are left out first.
 */
async function scrape(url: string, headers: Record<string, string> = {}): Promise<PromMetrics> {
  const res = await fetch(`${url}/metrics`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const lines = (await res.text()).split('\n').filter((line) => !/ Nan$/i.test(line));
  return getMetricsFromIterator(lines[Symbol.iterator]());
}

const series = (metrics: PromMetrics, name: string, type: string) => {
  const metric = metrics[name];
  expect({ name, type: metric?.type }).toEqual({ name, type });
  return metric!.data as (PromData & PromHistogramData)[];
};

describe('/metrics', () => {
  const server = useServer({ METRICS_TOKEN: 'a-token-of-at-least-16-chars' });

  it('answers a loopback scrape in the Prometheus text format, with every area and route-table labels only', async () => {
    await fetch(`${server.url}/courses/`);
    await fetch(`${server.url}/api/no-such-thing?secret=1`);
    await fetch(`${server.url}/api/search?q=greek`);
    await fetch(`${server.url}/api/search?q=greek`); // from the answer cache
    await postJson(server.url, '/api/email-marketing-signup', { email: 'metrics@example.org' });
    const metrics = await scrape(server.url);

    const requests = series(metrics, 'http_request_duration_seconds', 'histogram');
    expect([...new Set(requests.map((m) => m.labels.route))].sort()).toEqual([
      '/api/email-marketing-signup',
      '/api/search',
      '/api/{unknown}',
      'page',
    ]);
    const unknown = requests.filter((m) => m.labels.route === '/api/{unknown}');
    expect(unknown.map(({ labels, count }) => ({ labels, count }))).toEqual([
      { labels: { route: '/api/{unknown}', method: 'GET', status: '404' }, count: 1 },
    ]);
    expect(requests.find((m) => m.labels.route === '/api/search')).toMatchObject({
      labels: { method: 'GET', status: '200' },
      count: 2,
    });

    expect(
      series(metrics, 'search_cache_lookups_total', 'counter')
        .map((m) => [m.labels.result, m.value])
        .sort(),
    ).toEqual([
      ['hit', 1],
      ['miss', 1],
    ]);
    expect(series(metrics, 'search_worker_cpu_seconds', 'histogram')[0]!.count).toBeGreaterThanOrEqual(1);
    expect(series(metrics, 'search_queue_depth', 'gauge')[0]!.value).toBe(0);
    expect(series(metrics, 'chat_streams_in_flight', 'gauge')[0]!.value).toBe(0);
    series(metrics, 'chat_time_to_first_token_seconds', 'histogram');
    series(metrics, 'chat_model_errors_total', 'counter');
    const commits = series(metrics, 'store_commit_duration_seconds', 'histogram');
    expect(commits.map(({ labels, count }) => ({ labels, count }))).toEqual([
      { labels: { store: 'sqlite', operation: 'signup' }, count: 1 },
    ]);
    series(metrics, 'store_commit_failures_total', 'counter');
    series(metrics, 'rate_limit_refusals_total', 'counter');
    series(metrics, 'rate_limit_redis_fallbacks_total', 'counter');
    series(metrics, 'process_cpu_seconds_total', 'counter');
  });

  it('counts rate-limit refusals by limit', async () => {
    for (let i = 0; i < 4; i++)
      await postJson(server.url, '/api/email-marketing-signup', { email: `limit${i}@example.org` });
    // TRUST_PROXY=0: every request is the same loopback client, whose first signup the test above made.
    const refusals = series(await scrape(server.url), 'rate_limit_refusals_total', 'counter');
    expect(refusals.map(({ labels, value }) => ({ labels, value }))).toEqual([
      { labels: { limit: 'signup' }, value: 2 },
    ]);
  });

  it('is not served to a request a proxy forwarded, or with a wrong token; the right token opens it', async () => {
    const forwarded = await fetch(`${server.url}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(forwarded.status).toBe(404);
    expect(await forwarded.text()).not.toContain('http_request');
    const wrong = await fetch(`${server.url}/metrics`, {
      headers: { 'X-Forwarded-For': '203.0.113.9', Authorization: 'Bearer a-token-of-at-least-16-chaRS' },
    });
    expect(wrong.status).toBe(404);
    await scrape(server.url, {
      'X-Forwarded-For': '203.0.113.9',
      Authorization: 'Bearer a-token-of-at-least-16-chars',
    });
    expect((await fetch(`${server.url}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('is not part of the public API: absent from the OpenAPI document', async () => {
    const document = await (await fetch(`${server.url}/openapi.json`)).text();
    expect(document).not.toContain('/metrics');
    expect(document).not.toContain('/readyz');
  });
});

describe('request ids', () => {
  const server = useServer();
  const proxied = useServer({ TRUST_PROXY: '1' });

  it("echo a new id in the header, the ApiError and the request's log line; a client's own id is not trusted", async () => {
    const res = await fetch(`${server.url}/api/search?limit=999`, { headers: { 'X-Request-Id': 'forged-id' } });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect((await res.json()).error).toMatchObject({ code: 'INVALID_QUERY', requestId: id });
    const line = await server.waitForLog((l) => l.msg === 'request' && l.path === '/api/search?limit=999');
    expect(line?.requestId).toBe(id);
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get('x-request-id')).toMatch(UUID);
    expect(page.headers.get('x-request-id')).not.toBe(id);
  });

  it('take the X-Request-Id a trusted proxy sent', async () => {
    const res = await fetch(`${proxied.url}/api/nothing-here`, { headers: { 'X-Request-Id': 'lb-7f3a9c' } });
    expect(res.headers.get('x-request-id')).toBe('lb-7f3a9c');
    expect((await res.json()).error.requestId).toBe('lb-7f3a9c');
  });

  it('are on the ApiError of a method the HTTP parser refuses before any request exists', async () => {
    const socket = connect(server.port, '127.0.0.1');
    socket.end('FOO /api/search HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    let answer = '';
    for await (const chunk of socket) answer += chunk;
    const header = /^x-request-id: (\S+)\r?$/im.exec(answer)?.[1];
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(header).toMatch(UUID);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).error.requestId).toBe(header);
  });
});

const skipPostgres = postgresUnavailable();

describe.skipIf(skipPostgres)('on PostgreSQL', () => {
  let pg: RunningPostgres;
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterAll(async () => {
    await pg?.stop();
  });

  it('/readyz answers 503 while PostgreSQL is down and 200 again on its own when it returns', async () => {
    const server = await startServer({ DATABASE_URL: await pg.createDatabase() });
    try {
      await untilReady(server.url);
      const ready = await fetch(`${server.url}/readyz`);
      expect({ status: ready.status, body: await ready.json() }).toEqual({
        status: 200,
        body: { status: 'ready', checks: { store: 'ok', migrations: 'ok', search: 'ok' } },
      });
      expect(ready.headers.get('cache-control')).toBe('no-store');
      await pg.stop();
      const down = await fetch(`${server.url}/readyz`);
      expect({ status: down.status, body: await down.json() }).toEqual({
        status: 503,
        body: { status: 'not ready', checks: { store: 'failing', migrations: 'failing', search: 'ok' } },
      });
      // The lib's own log line of that request carries the request's id.
      const warning = await server.waitForLog((l) => l.msg === 'readiness: check failing' && l.check === 'store');
      expect(warning?.requestId).toBe(down.headers.get('x-request-id'));
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200); // liveness is another question
      await pg.restart();
      await untilReady(server.url, 15_000);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('npm run erase removes every record of an address and writes an audit line with its hash only', async () => {
    const url = await pg.createDatabase();
    const store = await openPostgresStore(url, { poolSize: 2 });
    await store.upsertSignup({ email: 'ada@example.org', interests: [] });
    await store.upsertSignup({ email: 'grace@example.org', interests: [] });
    await store.createRegistration(sampleRegistration());
    const { stdout } = await command('erase', 'Ada@Example.org', { DATABASE_URL: url });
    expect(stdout).toContain('Removed 2 records of Ada@Example.org:\n  outbox: 0\n  signups: 1\n  registrations: 1\n');
    const audit = stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .find((l) => l.audit === 'erase');
    expect(audit).toMatchObject({
      subject: `sha256:${addressHash('ada@example.org')}`,
      removed: { signups: 1, registrations: 1 },
    });
    expect(JSON.stringify(audit).toLowerCase()).not.toContain('ada@');
    expect((await store.listSignups({ limit: 10, offset: 0 })).items.map((s) => s.email)).toEqual([
      'grace@example.org',
    ]);
    expect((await store.listRegistrations({ limit: 10, offset: 0 })).total).toBe(0);
    await store.close();
  });
});

/**
 * Every file under `dir` whose bytes hold `text` (any case). A file gone between the listing and the read (the mail
 * writer renames its temporary file into place) holds nothing.
 */
const filesHolding = (dir: string, text: string): string[] =>
  (existsSync(dir) ? readdirSync(dir, { recursive: true }) : [])
    .map(String)
    .map((name) => join(dir, name))
    .filter((file) => statSync(file, { throwIfNoEntry: false })?.isFile())
    .filter((file) => bytesOf(file).toLowerCase().includes(text.toLowerCase()));
const bytesOf = (file: string) => {
  try {
    return readFileSync(file, 'latin1');
  } catch {
    return '';
  }
};

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
  expect(check()).toBe(true);
};

describe('on SQLite', () => {
  // Security review, finding 4: the confirmation email's file and the WAL kept the address after an erasure.
  it('after a signup and an erase, no file under DATA_DIR holds the address, while the server runs', async () => {
    const dataDir = newDataDir();
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      expect(
        (await postJson(server.url, '/api/email-marketing-signup', { email: 'Erase.Me@example.org', name: 'Erin' }))
          .status,
      ).toBe(200);
      await waitFor(() => filesHolding(join(dataDir, 'mail'), 'erase.me@example.org').length === 1);
      expect(filesHolding(dataDir, 'erase.me@example.org').length).toBeGreaterThan(1);
      const { stdout } = await command('erase', 'erase.me@example.org', { DATA_DIR: dataDir });
      expect(stdout).toContain('mail files: 1');
      expect(filesHolding(dataDir, 'erase.me@example.org')).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  it('the mail retention purges mail files older than 7 days, as the privacy page promises', async () => {
    const dataDir = newDataDir();
    const server = await startServer({ DATA_DIR: dataDir });
    await postJson(server.url, '/api/email-marketing-signup', { email: 'old.mail@example.org' });
    await waitFor(() => filesHolding(join(dataDir, 'mail'), 'old.mail@example.org').length === 1);
    await server.stop();
    const [file] = filesHolding(join(dataDir, 'mail'), 'old.mail@example.org');
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    utimesSync(file!, eightDaysAgo, eightDaysAgo);
    const restarted = await startServer({ DATA_DIR: dataDir });
    try {
      await waitFor(() => filesHolding(join(dataDir, 'mail'), 'old.mail@example.org').length === 0);
    } finally {
      await restarted.stop();
    }
  });

  it('npm run erase removes every record of an address', async () => {
    const dataDir = newDataDir();
    const store = openSqliteStore(dataDir);
    await store.upsertSignup({ email: 'ada@example.org', interests: [] });
    await store.createRegistration(sampleRegistration());
    await store.createRegistration(sampleRegistration({ email: 'grace@example.org' }));
    await store.close();
    const { stdout } = await command('erase', 'ada@example.org', { DATA_DIR: dataDir });
    expect(stdout).toContain('signups: 1\n  registrations: 1\n');
    expect(stdout).toContain(`"subject":"sha256:${addressHash('ada@example.org')}"`);
    expect(committed(dataDir, 'signups')).toEqual([]);
    expect(committed(dataDir, 'registrations').map((r) => r.email)).toEqual(['grace@example.org']);
  });

  it('RETENTION_DAYS purges older registrations at start, with an audit line', async () => {
    const dataDir = newDataDir();
    const store = openSqliteStore(dataDir);
    await store.createRegistration(sampleRegistration({ email: 'old@example.org' }));
    await store.createRegistration(sampleRegistration({ email: 'new@example.org' }));
    await store.upsertSignup({ email: 'old@example.org', interests: [] });
    await store.close();
    const db = new DatabaseSync(join(dataDir, 'submissions.sqlite'));
    db.prepare('UPDATE registrations SET created_at = ? WHERE email = ?').run(
      Date.now() - 31 * 24 * 3600 * 1000,
      'old@example.org',
    );
    db.prepare('UPDATE signups SET created_at = ?').run(Date.now() - 400 * 24 * 3600 * 1000);
    db.close();
    const server = await startServer({ DATA_DIR: dataDir, RETENTION_DAYS: '30' });
    try {
      const audit = await server.waitForLog((l) => l.audit === 'retention');
      expect(audit).toMatchObject({ retentionDays: 30, removed: { registrations: 1 } });
      expect(committed(dataDir, 'registrations').map((r) => r.email)).toEqual(['new@example.org']);
      expect(committed(dataDir, 'signups')).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });

  it('npm run backup copies the store while signups are written; a restore holds every signup acknowledged before it', async () => {
    const dataDir = newDataDir();
    const server = await startServer({ DATA_DIR: dataDir, RATE_LIMIT_DISABLED: '1' });
    const acknowledged: string[] = [];
    let writing = true;
    let n = 0;
    const writer = async () => {
      while (writing) {
        const email = `burst${n++}@example.org`;
        const res = await postJson(server.url, '/api/email-marketing-signup', { email });
        if (res.status === 200) acknowledged.push(email);
        else await res.text();
      }
    };
    const writers = Array.from({ length: 6 }, writer);
    try {
      while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 20));
      const before = [...acknowledged];
      const file = join(mkdtempSync(join(tmpdir(), 'backup-')), 'site.sqlite');
      const { stdout } = await command('backup', file, { DATA_DIR: dataDir });
      const during = acknowledged.length - before.length;
      expect(stdout).toMatch(/^Backed up .* \d+ pages, \d+ signups, 0 registrations/);
      writing = false;
      await Promise.all(writers);
      expect(during).toBeGreaterThan(0); // the server kept acknowledging signups while the copy was taken
      await server.stop();

      const restored = newDataDir();
      copyFileSync(file, join(restored, 'submissions.sqlite'));
      const again = await startServer({ DATA_DIR: restored });
      try {
        await untilReady(again.url);
        expect((await fetch(`${again.url}/readyz`)).status).toBe(200);
        const emails = new Set(committed(restored, 'signups').map((r) => r.email));
        expect(before.filter((e) => !emails.has(e))).toEqual([]);
      } finally {
        await again.stop();
      }
    } finally {
      writing = false;
      await Promise.all(writers);
      await server.stop();
    }
  });
});
