/**
 * A loopback stand-in for Cloudflare Turnstile's siteverify endpoint, speaking its wire protocol
 * (form-encoded or JSON POST; `{success, challenge_ts, hostname, error-codes, action, cdata}` answers).
 *
 * It behaves like Cloudflare's documented test secret keys:
 *   1x0000000000000000000000000000000AA  always passes, answering the dummy hostname example.com and no action
 *   2x0000000000000000000000000000000AA  always fails (invalid-input-response)
 *   3x0000000000000000000000000000000AA  always fails with timeout-or-duplicate (token already spent)
 * and, for any other secret (a "real" one), like production: only tokens it issued pass, each once; a reused
 * token fails with timeout-or-duplicate, an unknown one with invalid-input-response. A passing answer carries the
 * hostname the widget ran on and the action it was rendered with, as issued. A repeated call with the
 * same idempotency_key gets the first answer again, as Cloudflare documents.
 * `mode` simulates outages: 'down' answers 500, 'hang' never answers.
 */
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';

export const TEST_SECRET = {
  pass: '1x0000000000000000000000000000000AA',
  fail: '2x0000000000000000000000000000000AA',
  spent: '3x0000000000000000000000000000000AA',
};

export interface SiteverifyCall {
  secret?: string;
  response?: string;
  remoteip?: string;
  idempotency_key?: string;
}

export interface TurnstileStandIn {
  url: string;
  calls: SiteverifyCall[];
  mode: 'ok' | 'down' | 'hang';
  /**
   * A fresh single-use token, as the widget would produce for a real site key on a page at `hostname`, rendered
   * with `action` (none: '', as Cloudflare answers for a widget without one).
   */
  issueToken(widget?: { action?: string; hostname?: string }): string;
  close(): Promise<void>;
}

export async function startTurnstileStandIn(): Promise<TurnstileStandIn> {
  const issued = new Map<string, { action: string; hostname: string }>();
  const spent = new Set<string>();
  const answered = new Map<string, object>();
  const state: TurnstileStandIn = {
    url: '',
    calls: [],
    mode: 'ok',
    issueToken({ action = '', hostname = 'localhost' } = {}) {
      const token = `0.${randomBytes(24).toString('base64url')}`;
      issued.set(token, { action, hostname });
      return token;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const verify = (call: SiteverifyCall): object => {
    const fail = (code: string) => ({ success: false, 'error-codes': [code], messages: [] });
    if (!call.secret) return fail('missing-input-secret');
    if (!call.response) return fail('missing-input-response');
    if (call.response.length > 2048) return fail('invalid-input-response');
    if (call.secret === TEST_SECRET.fail) return fail('invalid-input-response');
    if (call.secret === TEST_SECRET.spent) return fail('timeout-or-duplicate');
    const ok = (widget: { action: string; hostname: string }) => ({
      success: true,
      challenge_ts: new Date().toISOString(),
      hostname: widget.hostname,
      'error-codes': [],
      action: widget.action,
      cdata: '',
      metadata: { interactive: false },
    });
    if (call.secret === TEST_SECRET.pass) return ok({ hostname: 'example.com', action: '' });
    if (!/^0x4[A-Za-z0-9_-]{20,}$/.test(call.secret)) return fail('invalid-input-secret');
    if (spent.has(call.response)) return fail('timeout-or-duplicate');
    const widget = issued.get(call.response);
    if (!widget) return fail('invalid-input-response');
    issued.delete(call.response);
    spent.add(call.response);
    return ok(widget);
  };

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d) => {
      raw += d;
    });
    req.on('end', () => {
      if (state.mode === 'hang') return;
      if (req.method !== 'POST' || req.url !== '/turnstile/v0/siteverify') return void res.writeHead(404).end();
      if (state.mode === 'down') return void res.writeHead(500, { 'Content-Type': 'text/plain' }).end('internal error');
      const call: SiteverifyCall = (req.headers['content-type'] ?? '').includes('json')
        ? JSON.parse(raw || '{}')
        : Object.fromEntries(new URLSearchParams(raw));
      state.calls.push(call);
      const previous = call.idempotency_key ? answered.get(call.idempotency_key) : undefined;
      const answer = previous ?? verify(call);
      if (call.idempotency_key) answered.set(call.idempotency_key, answer);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  state.url = `http://127.0.0.1:${port}/turnstile/v0/siteverify`;
  return state;
}

/** A secret shaped like a production one (0x4…), so the stand-in applies single-use token rules. */
export const REAL_LIKE_SECRET = '0x4AAAAAAAStandInSecretKey000000000';
