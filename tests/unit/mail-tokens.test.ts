import { describe, expect, it } from 'vitest';
import { CONFIRM_TOKEN_TTL_MS, InvalidTokenError, signToken, verifyToken } from '../../src/lib/mail/tokens.ts';
import { confirmationMail } from '../../src/lib/mail/messages.ts';
import { retryDelay } from '../../src/lib/mail/sender.ts';
import { parseConfig } from '../../src/lib/config.ts';

const SECRET = 'x'.repeat(40);
const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as InvalidTokenError).reason;
  }
  return 'accepted';
};

describe('mail tokens', () => {
  it('round-trips a subscriber id for its purpose only', () => {
    const token = signToken(SECRET, 'unsubscribe', 'sub_abc');
    expect(verifyToken(SECRET, 'unsubscribe', token)).toBe('sub_abc');
    expect(reason(() => verifyToken(SECRET, 'confirm', token))).toBe('tampered');
  });

  it('refuses a changed payload, a changed signature, another secret and garbage', () => {
    const token = signToken(SECRET, 'confirm', 'sub_abc', Date.now() + 1000);
    const [body, sig] = token.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ p: 'confirm', s: 'sub_evil' })).toString('base64url');
    expect(reason(() => verifyToken(SECRET, 'confirm', `${other}.${sig}`))).toBe('tampered');
    expect(reason(() => verifyToken(SECRET, 'confirm', `${body}.${sig.slice(1)}`))).toBe('tampered');
    expect(reason(() => verifyToken('y'.repeat(40), 'confirm', token))).toBe('tampered');
    for (const junk of ['', 'abc', 'a.b.c', '.', `${'a'.repeat(600)}.b`])
      expect(reason(() => verifyToken(SECRET, 'confirm', junk))).not.toBe('accepted');
  });

  it('expires confirmation tokens', () => {
    const now = Date.now();
    const token = signToken(SECRET, 'confirm', 'sub_abc', now + CONFIRM_TOKEN_TTL_MS);
    expect(verifyToken(SECRET, 'confirm', token, now + CONFIRM_TOKEN_TTL_MS - 1)).toBe('sub_abc');
    expect(reason(() => verifyToken(SECRET, 'confirm', token, now + CONFIRM_TOKEN_TTL_MS))).toBe('expired');
  });

  it('puts the RFC 8058 headers and both links in the confirmation mail', () => {
    const mail = confirmationMail('ada@example.org', 'sub_abc', 'https://northgate.example', SECRET);
    expect(mail.headers!['List-Unsubscribe']).toMatch(
      /^<https:\/\/northgate\.example\/api\/newsletter\/unsubscribe\?token=[\w-]+\.[\w-]+>$/,
    );
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toMatch(/https:\/\/northgate\.example\/newsletter\/confirm\/\?token=[\w-]+\.[\w-]+/);
  });

  it('backs off 1 s, 2 s, 4 s … up to 15 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(40)).toBe(15 * 60_000);
  });
});

describe('mail configuration', () => {
  it('requires an https SITE_URL when mail goes to a real SMTP server, not on loopback', () => {
    expect(() => parseConfig({ SMTP_URL: 'smtp://u:p@mail.example.org:587' })).toThrow(
      /SITE_URL: must be the public https origin/,
    );
    expect(() =>
      parseConfig({ SMTP_URL: 'smtp://mail.example.org:587', SITE_URL: 'http://northgate.example' }),
    ).toThrow(/SITE_URL/);
    expect(parseConfig({ SMTP_URL: 'smtps://mail.example.org', SITE_URL: 'https://northgate.example' }).SMTP_URL).toBe(
      'smtps://mail.example.org',
    );
    expect(parseConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).SMTP_URL).toBe('smtp://127.0.0.1:2525');
  });

  // Security review, finding 1: a public server relaying through a local MTA built mail links from the Host header.
  it('requires SITE_URL when SMTP_URL is set and the server is reachable, even with a loopback MTA', () => {
    expect(() => parseConfig({ SMTP_URL: 'smtp://127.0.0.1:25', HOST: '0.0.0.0' })).toThrow(
      /SITE_URL: must be the public https origin/,
    );
    expect(() => parseConfig({ SMTP_URL: 'smtp://localhost:25', HOST: '::' })).toThrow(/SITE_URL/);
    expect(
      parseConfig({ SMTP_URL: 'smtp://127.0.0.1:25', HOST: '0.0.0.0', SITE_URL: 'https://northgate.example' }).SITE_URL,
    ).toBe('https://northgate.example');
    // The embedded default (loopback HOST, mail written as files) needs no setting.
    expect(parseConfig({ HOST: '0.0.0.0' }).SITE_URL).toBeUndefined();
  });

  it('hides the SMTP password and checks the other mail variables', () => {
    expect(() => parseConfig({ SMTP_URL: 'http://u:secret@x' })).toThrow(/SMTP_URL: .*\(value hidden\)/);
    expect(() => parseConfig({ REGISTRY_EMAIL: 'nope' })).toThrow(/REGISTRY_EMAIL/);
    expect(() => parseConfig({ MAIL_TOKEN_SECRET: 'short' })).toThrow(/MAIL_TOKEN_SECRET: must be at least 32/);
    expect(parseConfig({}).MAIL_FROM).toBe('Northgate Institute <no-reply@northgate.example>');
  });
});
