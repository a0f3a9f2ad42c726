/**
 * Mail end to end on the built server and a real SMTP server on loopback: double opt-in, RFC 8058 one-click
 * unsubscribe, registration receipts, the token errors; and the outbox's promises: retried while the SMTP server
 * is down, nothing lost across kill -9, each message sent once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { committed, expectApiError, newClient, newDataDir, postJson, registrationBody } from '../helpers/forms.ts';
import { linkIn, startSmtp, type RunningSmtp } from '../helpers/smtp.ts';
import { freePort } from '../helpers/real-servers.ts';

const oneClick = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: 'List-Unsubscribe=One-Click',
  });
const stateOf = (dataDir: string, email: string) =>
  committed(dataDir, 'signups').find((r) => r.email === email)?.status;

describe('mail: double opt-in and one-click unsubscribe', () => {
  let smtp: RunningSmtp;
  let server: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    dataDir = newDataDir();
    server = await startServer({
      SMTP_URL: smtp.url,
      TRUST_PROXY: '1',
      DATA_DIR: dataDir,
      REGISTRY_EMAIL: 'registry@northgate.example',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('sends a confirmation with List-Unsubscribe headers; the link confirms once; one-click unsubscribes once', async () => {
    const email = 'ada@example.org';
    expect((await postJson(server.url, '/api/email-marketing-signup', { email }, { client: newClient() })).status).toBe(
      200,
    );
    const mail = await smtp.waitFor((m) => m.to === email);
    expect(stateOf(dataDir, email)).toBe('pending');
    expect(mail.subject).toMatch(/Confirm your subscription/);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl = mail.headers.get('list-unsubscribe')!.replace(/^<|>$/g, '');
    expect(unsubscribeUrl).toMatch(new RegExp(`^${server.url}/api/newsletter/unsubscribe\\?token=[\\w-]+\\.[\\w-]+$`));

    // The same 200 for a pending address, and no second email within the hour.
    expect((await postJson(server.url, '/api/email-marketing-signup', { email }, { client: newClient() })).status).toBe(
      200,
    );

    const confirm = linkIn(mail, `${server.url}/newsletter/confirm/`);
    const token = new URL(confirm).searchParams.get('token')!;
    // Security review, finding 3: opening the link (a mail scanner does) changes nothing; the page's button does.
    for (const method of ['GET', 'HEAD']) {
      const opened = await fetch(confirm, { method, headers: { 'X-Forwarded-For': newClient() } });
      expect(opened.status).toBe(200);
      expect(stateOf(dataDir, email)).toBe('pending');
    }
    const page = await (await fetch(confirm, { headers: { 'X-Forwarded-For': newClient() } })).text();
    expect(page).toContain('Confirm my subscription');
    expect(page).toMatch(
      new RegExp(
        `<form method="post" action="/newsletter/confirm/">\\s*<input type="hidden" name="token" value="${token}"`,
      ),
    );
    const pressed = () =>
      fetch(`${server.url}/newsletter/confirm/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': newClient() },
        body: new URLSearchParams({ token }),
      });
    const confirmed = await pressed();
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Subscription confirmed');
    expect(stateOf(dataDir, email)).toBe('confirmed');
    const row = committed(dataDir, 'signups').find((r) => r.email === email)!;
    expect(row.confirmed_via).toBe('/newsletter/confirm/');
    expect(Number(row.confirmed_at)).toBeGreaterThan(Date.now() - 60_000);
    // Replayed: a clear 400, on the page and in the API.
    expect((await pressed()).status).toBe(400);
    const replay = await expectApiError(
      await postJson(server.url, '/api/newsletter/confirm', { token }, { client: newClient() }),
      400,
      'INVALID_TOKEN',
    );
    expect(replay.message).toMatch(/already used/);
    // A confirmed address signing up again: the same 200.
    expect((await postJson(server.url, '/api/email-marketing-signup', { email }, { client: newClient() })).status).toBe(
      200,
    );

    // A browser opening the link is sent to a page with one button; nothing changes.
    const opened = await fetch(unsubscribeUrl, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toMatch(/^\/newsletter\/unsubscribe\/\?token=/);
    const buttonPage = await (await fetch(new URL(opened.headers.get('location')!, server.url))).text();
    const form = buttonPage.match(
      /<form method="post" action="\/api\/newsletter\/unsubscribe\?token=[^"]+">([\s\S]*?)<\/form>/,
    );
    expect(form?.[1]).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(form?.[1]?.match(/<button/g)).toHaveLength(1);
    expect(stateOf(dataDir, email)).toBe('confirmed');

    // RFC 8058: the provider's POST, no cookie, no page.
    const res = await oneClick(unsubscribeUrl, { 'X-Forwarded-For': newClient() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'unsubscribed' });
    expect(stateOf(dataDir, email)).toBe('unsubscribed');
    const again = await expectApiError(
      await oneClick(unsubscribeUrl, { 'X-Forwarded-For': newClient() }),
      400,
      'INVALID_TOKEN',
    );
    expect(again.message).toMatch(/already used/);
    expect(smtp.received.filter((m) => m.to === email)).toHaveLength(1);
  });

  it('refuses tampered and wrong-purpose tokens with 400 INVALID_TOKEN, and a wrong body with INVALID_BODY', async () => {
    await postJson(server.url, '/api/email-marketing-signup', { email: 'bo@example.org' }, { client: newClient() });
    const mail = await smtp.waitFor((m) => m.to === 'bo@example.org');
    const confirmToken = new URL(linkIn(mail, `${server.url}/newsletter/confirm/`)).searchParams.get('token')!;
    const unsubscribeUrl = mail.headers.get('list-unsubscribe')!.replace(/^<|>$/g, '');
    const [body, sig] = confirmToken.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ p: 'confirm', s: 'sub_someoneelse' })).toString('base64url');
    for (const token of [`${forged}.${sig}`, `${body}.${sig.slice(0, -2)}AA`, 'abc.def']) {
      await expectApiError(
        await postJson(server.url, '/api/newsletter/confirm', { token }, { client: newClient() }),
        400,
        'INVALID_TOKEN',
      );
    }
    // An unsubscribe token cannot confirm, and a confirmation token cannot unsubscribe.
    const unsubscribeToken = new URL(unsubscribeUrl).searchParams.get('token')!;
    await expectApiError(
      await postJson(server.url, '/api/newsletter/confirm', { token: unsubscribeToken }, { client: newClient() }),
      400,
      'INVALID_TOKEN',
    );
    await expectApiError(
      await oneClick(`${server.url}/api/newsletter/unsubscribe?token=${confirmToken}`, {
        'X-Forwarded-For': newClient(),
      }),
      400,
      'INVALID_TOKEN',
    );
    await expectApiError(
      await fetch(unsubscribeUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': newClient() },
        body: 'List-Unsubscribe=Yes',
      }),
      400,
      'INVALID_BODY',
    );
    await expectApiError(
      await fetch(unsubscribeUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newClient() },
        body: '{}',
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(stateOf(dataDir, 'bo@example.org')).toBe('pending');
    const page = await fetch(`${server.url}/newsletter/confirm/?token=${forged}.${sig}`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('not valid');
  });

  it('rate limits the links like the forms', async () => {
    const client = newClient();
    let last: Response | undefined;
    for (let i = 0; i < 61; i++)
      last = await postJson(server.url, '/api/newsletter/confirm', { token: 'abc.def' }, { client });
    await expectApiError(last!, 429, 'RATE_LIMITED');
    expect(
      (await fetch(`${server.url}/newsletter/confirm/?token=abc.def`, { headers: { 'X-Forwarded-For': client } }))
        .status,
    ).toBe(429);
  });

  it('sends the student a receipt and the registry a notice, with no more personal data than needed', async () => {
    const res = await postJson(server.url, '/api/course-registration', registrationBody({ notes: 'private note' }), {
      client: newClient(),
    });
    const { registrationId } = await res.json();
    const receipt = await smtp.waitFor((m) => m.to === 'ada@example.org' && m.subject.includes(registrationId));
    const notice = await smtp.waitFor(
      (m) => m.to === 'registry@northgate.example' && m.subject.includes(registrationId),
    );
    expect(receipt.text).toContain('2027-spring');
    expect(receipt.text).toContain('BIB201');
    expect(receipt.text).toContain('THE310 (section B)');
    for (const mail of [receipt, notice]) {
      for (const personal of ['Lovelace', 'S123456', '555 0100', 'private note'])
        expect(mail.text).not.toContain(personal);
    }
    expect(notice.text).not.toContain('ada@example.org');
    expect(notice.text).toContain('/staff/registrations');
    expect(receipt.messageId).toMatch(/^<msg_[\w-]+@northgate\.example>$/);
  });
});

describe('mail: the outbox', () => {
  it('retries while the SMTP server is down and delivers once it is up', async () => {
    const port = await freePort();
    const server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, TRUST_PROXY: '1' });
    let smtp: RunningSmtp | undefined;
    try {
      expect(
        (
          await postJson(
            server.url,
            '/api/email-marketing-signup',
            { email: 'retry@example.org' },
            { client: newClient() },
          )
        ).status,
      ).toBe(200);
      await new Promise((r) => setTimeout(r, 1500));
      smtp = await startSmtp(port);
      await smtp.waitFor((m) => m.to === 'retry@example.org', 20_000);
      await new Promise((r) => setTimeout(r, 1000));
      expect(smtp.received).toHaveLength(1);
      expect(server.logs.some((l) => l.msg === 'mail not delivered; will retry')).toBe(true);
    } finally {
      await server.stop();
      await smtp?.stop();
    }
  });

  it('loses nothing to kill -9 between the commit and the send: the mail goes out once after the restart', async () => {
    // A mail server that accepts the connection and never greets: the sender is stuck mid-delivery when killed.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as AddressInfo).port;
    const dataDir = newDataDir();
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, TRUST_PROXY: '1', DATA_DIR: dataDir };
    const first = await startServer(env);
    const emails = Array.from({ length: 5 }, (_, i) => `killed-${i}@example.org`);
    for (const email of emails)
      expect(
        (await postJson(first.url, '/api/email-marketing-signup', { email }, { client: newClient() })).status,
      ).toBe(200);
    first.process.kill('SIGKILL');
    expect(await first.stop()).toBeNull();
    expect(committed(dataDir, 'outbox').filter((m) => m.sent_at === null)).toHaveLength(5);
    for (const socket of sockets) socket.destroy();
    await new Promise((r) => silent.close(r));

    const smtp = await startSmtp(port);
    const second = await startServer(env);
    try {
      for (const email of emails) await smtp.waitFor((m) => m.to === email);
      await new Promise((r) => setTimeout(r, 1000));
      expect(smtp.received.map((m) => m.to).sort()).toEqual(emails);
      expect(committed(dataDir, 'outbox').every((m) => m.sent_at !== null)).toBe(true);
    } finally {
      await second.stop();
      await smtp.stop();
    }
  });

  it('writes .eml files under DATA_DIR/mail without SMTP_URL', async () => {
    const dataDir = newDataDir();
    const server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: '1' });
    try {
      await postJson(server.url, '/api/email-marketing-signup', { email: 'eml@example.org' }, { client: newClient() });
      const dir = join(dataDir, 'mail');
      const deadline = Date.now() + 10_000;
      let files: string[] = [];
      while (Date.now() < deadline && files.length === 0) {
        await new Promise((r) => setTimeout(r, 100));
        try {
          files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
        } catch {
          /* not yet */
        }
      }
      expect(files).toHaveLength(1);
      const eml = await simpleParser(readFileSync(join(dir, files[0]!)));
      expect(eml.headers.get('to')).toMatchObject({ text: 'eml@example.org' });
      expect(eml.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      );
      expect(eml.text).toContain(`${server.url}/newsletter/confirm/?token=`);
    } finally {
      await server.stop();
    }
  });
});
