import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode } from '@auth/core/jwt';
import { describe, expect, it } from 'vitest';
import { useServer } from '../helpers/server.ts';

const SECRET = 'integration-secret-of-at-least-32-characters';
const DATA_DIR = mkdtempSync(join(tmpdir(), 'insights-data-'));
const ENV = {
  AUTH_SECRET: SECRET,
  STAFF_EMAIL_DOMAINS: 'northgate.example',
  AUTH_OIDC_ISSUER: 'http://127.0.0.1:9',
  AUTH_OIDC_ID: 'web',
  AUTH_OIDC_SECRET: 'oidc-secret',
  DATA_DIR,
};
const SESSION_COOKIE = 'authjs.session-token';

async function staffCookie() {
  const token = { name: 'Ada', email: 'ada@northgate.example', sub: 'ada', signedInAt: Math.floor(Date.now() / 1000) };
  return `${SESSION_COOKIE}=${await encode({ token, secret: SECRET, salt: SESSION_COOKIE, maxAge: 3600 })}`;
}

/** The number shown for one total on the staff page. */
const total = (html: string, name: string) => html.match(new RegExp(`data-total="${name}">([^<]*)<`))?.[1];

describe('search and chat insights', () => {
  const server = useServer(ENV);
  const post = (path: string, body: unknown) =>
    fetch(server.url + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('refuses the staff page and its CSV without a staff session', async () => {
    for (const path of ['/staff/insights', '/staff/insights/top.csv']) {
      const res = await fetch(server.url + path, { redirect: 'manual' });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toMatch(/^\/staff\/sign-in/);
    }
  });

  it("answers bad click and feedback bodies with a 4xx in the contract's shape", async () => {
    for (const [path, body] of [
      ['/api/search/clicks', { query: 'greek', rank: 0 }],
      ['/api/search/clicks', { query: ' ', rank: 1 }],
      ['/api/chat/feedback', { question: 'q', rating: 'meh' }],
      ['/api/chat/feedback', { question: 'q', rating: 'up', extra: 1 }],
    ] as const) {
      const res = await post(path, body);
      expect(res.status, path).toBe(400);
      expect((await res.json()).error.code).toBe('INVALID_BODY');
    }
    const wrongType = await fetch(`${server.url}/api/search/clicks`, {
      method: 'POST',
      body: 'x',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(wrongType.status).toBe(415);
  });

  it('shows searches with and without results, clicks and feedback in the staff page after a flush, never an address', async () => {
    for (const q of ['greek', 'Greek ', 'xqzjwvk', 'greek ada.lovelace@example.org']) {
      expect((await fetch(`${server.url}/api/search?q=${encodeURIComponent(q)}`)).status).toBe(200);
    }
    expect((await post('/api/search/clicks', { query: 'greek', rank: 2 })).status).toBe(202);
    expect(
      (
        await post('/api/chat/feedback', {
          question: 'When does term start?',
          rating: 'down',
          comment: 'Wrong. Mail me: ada.lovelace@example.org',
        })
      ).status,
    ).toBe(202);

    const cookie = await staffCookie();
    let html = '';
    // The server writes every few seconds; the page shows what has been written.
    for (let i = 0; i < 40 && total(html, 'clicks') !== '1'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      html = await (await fetch(`${server.url}/staff/insights?days=7`, { headers: { Cookie: cookie } })).text();
    }
    expect(total(html, 'searches')).toBe('4');
    expect(total(html, 'noResults')).toBe('1');
    expect(total(html, 'clicks')).toBe('1');
    expect(total(html, 'meanClickRank')).toBe('2.0');
    expect(total(html, 'thumbs')).toBe('0 / 1');
    expect(html).toContain('xqzjwvk');
    expect(html).toContain('Add a synonym');
    expect(html).toContain('greek [email]');
    expect(html).toContain('Wrong. Mail me: [email]');
    expect(html).toMatch(/<svg[^>]+role="img"/);
    expect(html).not.toContain('ada.lovelace@example.org');

    const csv = await (
      await fetch(`${server.url}/staff/insights/top.csv?days=7`, { headers: { Cookie: cookie } })
    ).text();
    expect(csv.split('\r\n')[1]).toBe('greek,2,0,1,2.0');
    // Nothing on disk holds the address either (the SQLite file and its WAL).
    for (const file of readdirSync(DATA_DIR).filter((f) => f.startsWith('submissions'))) {
      expect(readFileSync(join(DATA_DIR, file)).includes('ada.lovelace@example.org'), file).toBe(false);
    }
  });
});

describe('search and chat insights with INSIGHTS=off', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'insights-off-'));
  const server = useServer({ ...ENV, DATA_DIR: dataDir, INSIGHTS: 'off' });

  it('accepts clicks and counts them in the metrics, but stores nothing', async () => {
    expect((await fetch(`${server.url}/api/search?q=greek`)).status).toBe(200);
    const click = await fetch(`${server.url}/api/search/clicks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'greek', rank: 1 }),
    });
    expect(click.status).toBe(202);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/search_queries_total\{results="some"\} 1/);
    expect(metrics).toMatch(/search_clicks_total 1/);
    // Past the flush interval (5 s), the page still shows nothing and says recording is off.
    await new Promise((r) => setTimeout(r, 6000));
    const html = await (
      await fetch(`${server.url}/staff/insights`, { headers: { Cookie: await staffCookie() } })
    ).text();
    expect(html).toContain('Recording is turned off');
    expect(total(html, 'searches')).toBe('0');
    expect(total(html, 'clicks')).toBe('0');
  });
});
