import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { useServer } from '../helpers/server.ts';
import { committed, expectApiError, newClient, newDataDir, postJson, registrationBody } from '../helpers/forms.ts';

// Challenge off (the embedded default); TRUST_PROXY=1 so each test can act as its own client.
const dataDir = newDataDir();
const server = useServer({ TRUST_PROXY: '1', DATA_DIR: dataDir });

const signup = (body: unknown, client = newClient(), headers?: Record<string, string>) =>
  postJson(server.url, '/api/email-marketing-signup', body, { client, headers });
const register = (body: unknown, client = newClient(), headers?: Record<string, string>) =>
  postJson(server.url, '/api/course-registration', body, { client, headers });

describe('POST /api/email-marketing-signup', () => {
  it('accepts a signup, stores it normalised, and answers a repeat the same way, merging it without a second row', async () => {
    const first = await signup({
      email: '  Grace.Hopper@Example.ORG ',
      name: 'Grace',
      interests: ['events', 'library'],
      source: '/newsletter/',
    });
    // Leading spaces are not an address: the schema refuses them; the page trims before sending.
    await expectApiError(first, 400, 'INVALID_BODY');
    const ok = await signup({
      email: 'Grace.Hopper@Example.ORG',
      name: 'Grace',
      interests: ['events', 'library'],
      source: '/newsletter/',
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'accepted' });
    const again = await signup({ email: 'grace.hopper@example.org' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: 'accepted' });
    // Anyone can post anyone's address: the same 200, and the stored name and source stay; new topics are only added.
    const stranger = await signup({
      email: 'grace.hopper@example.org',
      name: 'Mallory',
      interests: ['library', 'alumni'],
      source: '/elsewhere/',
    });
    expect(await stranger.json()).toEqual({ status: 'accepted' });
    const rows = committed(dataDir, 'signups').filter((r) => r.email === 'grace.hopper@example.org');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Grace',
      interests: '["events","library","alumni"]',
      source: '/newsletter/',
    });
  });

  it('answers 415 for a non-JSON body, with the rate-limit headers', async () => {
    const res = await fetch(server.url + '/api/email-marketing-signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': newClient() },
      body: 'email=a%40b.org',
    });
    await expectApiError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(res.headers.get('x-ratelimit-limit')).toBe('3');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now());
  });

  it('answers 413 for a body over 16 KiB', async () => {
    await expectApiError(
      await signup({ email: 'a@example.org', name: 'x'.repeat(17 * 1024) }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('answers 413 for a chunked body over 16 KiB without reading all of it', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 64 MiB at most: far more than the server takes, and more than loopback's socket buffers hold (a few MiB
        // each way, which a client can fill while the server reads nothing).
        if (sent++ > 65536) return controller.close();
        controller.enqueue(new TextEncoder().encode(' '.repeat(1024)));
      },
    });
    const res = await fetch(server.url + '/api/email-marketing-signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newClient() },
      body,
      duplex: 'half',
    } as RequestInit);
    await expectApiError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(sent).toBeLessThan(65536);
  });

  it('answers 400 for malformed JSON', async () => {
    await expectApiError(await signup('{"email": "a@example.org",'), 400, 'INVALID_BODY');
  });

  it('answers 400 with one issue per field, unknown keys included', async () => {
    const error = await expectApiError(
      await signup({ email: 'not-an-address', interests: ['astrology'], admin: true }),
      400,
      'INVALID_BODY',
    );
    expect(error.issues!.map((i) => i.path).sort()).toEqual(['admin', 'email', 'interests.0']);
  });

  it('answers 405 with Allow for other methods', async () => {
    const res = await fetch(server.url + '/api/email-marketing-signup');
    await expectApiError(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('answers 503 STORAGE_UNAVAILABLE and stores nothing when the database cannot commit', async () => {
    // Another writer holds the database's write lock past the server's busy timeout: the commit cannot happen.
    const db = new DatabaseSync(join(dataDir, 'submissions.sqlite'));
    // The server may be committing an earlier request's write just now: wait for it rather than fail to take the lock.
    db.exec('PRAGMA busy_timeout = 10000');
    db.exec('BEGIN IMMEDIATE');
    try {
      const res = await signup({ email: 'locked-out@example.org' });
      const error = await expectApiError(res, 503, 'STORAGE_UNAVAILABLE');
      expect(error.message).toContain('nothing was stored');
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
    } finally {
      db.exec('ROLLBACK');
      db.close();
    }
    expect(committed(dataDir, 'signups').some((r) => r.email === 'locked-out@example.org')).toBe(false);
  });
});

describe('POST /api/course-registration', () => {
  it('accepts a registration and stores it once', async () => {
    const res = await register(registrationBody({ notes: 'Evenings, please.' }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ status: 'accepted', registrationId: expect.stringMatching(/^reg_/) });
    const row = committed(dataDir, 'registrations').find((r) => r.id === body.registrationId)!;
    expect(row).toMatchObject({
      student_id: 'S123456',
      email: 'ada@example.org',
      term: '2027-spring',
      notes: 'Evenings, please.',
    });
    expect(JSON.parse(String(row.courses))).toEqual([{ code: 'BIB201' }, { code: 'THE310', section: 'B' }]);
  });

  it('points at the course that does not exist or is not offered in the term', async () => {
    const error = await expectApiError(
      await register(registrationBody({ courses: [{ code: 'BIB201' }, { code: 'ZZZ999' }, { code: 'HIS110' }] })),
      400,
      'INVALID_BODY',
    );
    expect(error.issues).toEqual([
      { path: 'courses.1.code', message: expect.stringContaining('no course ZZZ999') },
      { path: 'courses.2.code', message: expect.stringContaining('not offered in Spring 2027') },
    ]);
  });

  it('refuses a term that is closed for registration and says which are open', async () => {
    const error = await expectApiError(
      await register(registrationBody({ term: '2026-fall', courses: [{ code: 'HIS110' }] })),
      400,
      'INVALID_BODY',
    );
    expect(error.issues).toEqual([
      { path: 'term', message: expect.stringMatching(/Fall 2026.*not open.*2027-spring/) },
    ]);
  });

  it('points at nested fields: duplicate codes and bad student data', async () => {
    const body = registrationBody({ courses: [{ code: 'BIB201' }, { code: 'BIB201' }] });
    (body.student as Record<string, unknown>).email = 'nope';
    const error = await expectApiError(await register(body), 400, 'INVALID_BODY');
    expect(error.issues!.map((i) => i.path).sort()).toEqual(['courses.1.code', 'student.email']);
  });

  it('makes retries with the same Idempotency-Key safe, and refuses the key with another body', async () => {
    const key = { 'Idempotency-Key': `retry-${Date.now()}` };
    const first = await (await register(registrationBody(), newClient(), key)).json();
    // Same content, different key order: the same request.
    const reordered = { courses: registrationBody().courses, term: '2027-spring', student: registrationBody().student };
    const again = await register(reordered, newClient(), key);
    expect(again.status).toBe(200);
    expect((await again.json()).registrationId).toBe(first.registrationId);
    expect(committed(dataDir, 'registrations').filter((r) => r.id === first.registrationId)).toHaveLength(1);
    const other = await register(
      registrationBody({ term: '2027-fall', courses: [{ code: 'BIB201' }] }),
      newClient(),
      key,
    );
    expect((await expectApiError(other, 400, 'INVALID_BODY')).message).toContain('Idempotency-Key');
  });

  it('refuses an over-long Idempotency-Key', async () => {
    await expectApiError(
      await register(registrationBody(), newClient(), { 'Idempotency-Key': 'k'.repeat(129) }),
      400,
      'INVALID_BODY',
    );
  });

  it('answers 415, 413 and 400 like the signup route', async () => {
    await expectApiError(
      await fetch(server.url + '/api/course-registration', {
        method: 'POST',
        body: '{}',
        headers: { 'Content-Type': 'text/plain', 'X-Forwarded-For': newClient() },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    await expectApiError(await register(registrationBody({ notes: 'n'.repeat(20_000) })), 413, 'PAYLOAD_TOO_LARGE');
    await expectApiError(await register('nope'), 400, 'INVALID_BODY');
  });
});

describe('challenge helpers without a configured challenge', () => {
  it('says no token is required and has no site key', async () => {
    expect(await (await fetch(server.url + '/api/challenge/required')).json()).toEqual({ required: false });
    await expectApiError(await fetch(server.url + '/api/challenge/site-key'), 503, 'CHALLENGE_NOT_CONFIGURED');
  });

  it('ignores a token sent anyway', async () => {
    expect((await signup({ email: 'token-anyway@example.org', turnstileToken: 'whatever' })).status).toBe(200);
  });
});

describe('form pages', () => {
  it.each(['/newsletter/', '/register/', '/'])(
    '%s loads its scripts from /_astro only, as the CSP requires',
    async (path) => {
      const html = await (await fetch(server.url + path)).text();
      // Data blocks (JSON-LD) are not run, so the CSP does not apply to them; every script that runs is a file.
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => tag !== '<script type="application/ld+json">');
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toMatch(/^<script type="module" src="\/_astro\/[^"]+\.js">$/);
      expect(html).toContain('data-signup-form');
      expect(html).not.toMatch(/\son[a-z]+="/); // no inline event handlers either
    },
  );

  it('offers only terms open for registration on the registration page', async () => {
    const html = await (await fetch(server.url + '/register/')).text();
    expect(html).toContain('value="2027-spring"');
    expect(html).not.toContain('value="2026-fall"');
  });
});
