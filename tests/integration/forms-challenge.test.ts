import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, useServer } from '../helpers/server.ts';
import { committed, expectApiError, newClient, newDataDir, postJson, registrationBody } from '../helpers/forms.ts';
import {
  REAL_LIKE_SECRET,
  startTurnstileStandIn,
  TEST_SECRET,
  type TurnstileStandIn,
} from '../helpers/turnstile-stand-in.ts';

// Challenge on: a production-like secret against the siteverify stand-in (single-use tokens), on a site whose
// public host is www.northgate.example: a token counts only if the widget ran there, rendered for its own form.
const HOST = 'www.northgate.example';
let standIn: TurnstileStandIn;
const dataDir = newDataDir();
beforeAll(async () => {
  standIn = await startTurnstileStandIn();
});
afterAll(async () => {
  await standIn?.close();
});
const server = useServer(() => ({
  TRUST_PROXY: '1',
  DATA_DIR: dataDir,
  TURNSTILE_SITE_KEY: '0x4AAAAAAAStandInSiteKey',
  TURNSTILE_SECRET_KEY: REAL_LIKE_SECRET,
  TURNSTILE_VERIFY_URL: standIn.url,
  TURNSTILE_TIMEOUT_MS: '1000',
  SITE_URL: `https://${HOST}`,
}));

const signup = (body: Record<string, unknown>, client = newClient()) =>
  postJson(server.url, '/api/email-marketing-signup', body, { client });
const emails = () => committed(dataDir, 'signups').map((r) => r.email);
/** A token from a widget on this site, rendered for the signup form unless said otherwise. */
const token = ({ action = 'signup', hostname = HOST } = {}) => standIn.issueToken({ action, hostname });

describe('with the challenge configured', () => {
  it('publishes the site key and the required flag', async () => {
    expect(await (await fetch(server.url + '/api/challenge/required')).json()).toEqual({ required: true });
    expect(await (await fetch(server.url + '/api/challenge/site-key')).json()).toEqual({
      siteKey: '0x4AAAAAAAStandInSiteKey',
      actions: { '/api/email-marketing-signup': 'signup', '/api/course-registration': 'course-registration' },
    });
  });

  it('requires a token', async () => {
    await expectApiError(await signup({ email: 'no-token@example.org' }), 400, 'CHALLENGE_REQUIRED');
    expect(emails()).not.toContain('no-token@example.org');
  });

  it('accepts a valid token once, sending the client IP to siteverify, and refuses it the second time', async () => {
    const once = token();
    const client = newClient();
    expect((await signup({ email: 'once@example.org', turnstileToken: once }, client)).status).toBe(200);
    expect(standIn.calls.at(-1)).toMatchObject({ response: once, remoteip: client, secret: REAL_LIKE_SECRET });
    const reused = await signup({ email: 'twice@example.org', turnstileToken: once });
    expect((await expectApiError(reused, 400, 'CHALLENGE_FAILED')).message).toMatch(/already used|expired/);
    expect(emails()).toContain('once@example.org');
    expect(emails()).not.toContain('twice@example.org');
  });

  it('refuses a token the verifier never issued', async () => {
    await expectApiError(
      await signup({ email: 'forged@example.org', turnstileToken: 'forged' }),
      400,
      'CHALLENGE_FAILED',
    );
  });

  it("refuses a token solved on another site (hostname other than SITE_URL's)", async () => {
    const res = await signup({ email: 'elsewhere@example.org', turnstileToken: token({ hostname: 'evil.example' }) });
    expect((await expectApiError(res, 400, 'CHALLENGE_FAILED')).message).toMatch(/another site/);
    expect(emails()).not.toContain('elsewhere@example.org');
  });

  it('refuses a token rendered for the other form (action), in both directions', async () => {
    const res = await signup({
      email: 'wrong-form@example.org',
      turnstileToken: token({ action: 'course-registration' }),
    });
    expect((await expectApiError(res, 400, 'CHALLENGE_FAILED')).message).toMatch(/another form/);
    expect(emails()).not.toContain('wrong-form@example.org');
    const reg = await postJson(server.url, '/api/course-registration', registrationBody({ turnstileToken: token() }), {
      client: newClient(),
    });
    await expectApiError(reg, 400, 'CHALLENGE_FAILED');
    expect(committed(dataDir, 'registrations')).toHaveLength(0);
  });

  it("renders each form's widget with its own action", async () => {
    const actions = async (path: string) => {
      const html = await (await fetch(server.url + path)).text();
      return [...html.matchAll(/<div[^>]*\bdata-challenge-widget\b[^>]*>/g)].map(
        (m) => /\bdata-action="([^"]*)"/.exec(m[0])?.[1],
      );
    };
    // The page's own form first, then the footer's signup form.
    expect(await actions('/newsletter/')).toEqual(['signup', 'signup']);
    expect(await actions('/register/')).toEqual(['course-registration', 'signup']);
  });

  it('does not spend a token on a body that fails validation', async () => {
    const kept = token();
    const calls = standIn.calls.length;
    await expectApiError(await signup({ email: 'bad', turnstileToken: kept }), 400, 'INVALID_BODY');
    expect(standIn.calls.length).toBe(calls);
    expect((await signup({ email: 'after-fix@example.org', turnstileToken: kept })).status).toBe(200);
  });

  it('answers 503 CHALLENGE_UNAVAILABLE with Retry-After and stores nothing when siteverify fails or hangs', async () => {
    for (const mode of ['down', 'hang'] as const) {
      standIn.mode = mode;
      try {
        const res = await signup({ email: `outage-${mode}@example.org`, turnstileToken: token() });
        await expectApiError(res, 503, 'CHALLENGE_UNAVAILABLE');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      } finally {
        standIn.mode = 'ok';
      }
    }
    expect(emails().filter((e) => String(e).startsWith('outage-'))).toEqual([]);
  });

  it('guards registrations too, and replays an idempotent retry without spending a new token', async () => {
    await expectApiError(
      await postJson(server.url, '/api/course-registration', registrationBody(), { client: newClient() }),
      400,
      'CHALLENGE_REQUIRED',
    );
    const spent = token({ action: 'course-registration' });
    const headers = { 'Idempotency-Key': 'challenge-retry-1' };
    const first = await postJson(server.url, '/api/course-registration', registrationBody({ turnstileToken: spent }), {
      client: newClient(),
      headers,
    });
    expect(first.status).toBe(200);
    const { registrationId } = await first.json();
    // The client retries after a lost answer, with the same (now spent) token.
    const retry = await postJson(server.url, '/api/course-registration', registrationBody({ turnstileToken: spent }), {
      client: newClient(),
      headers,
    });
    expect(retry.status).toBe(200);
    expect((await retry.json()).registrationId).toBe(registrationId);
    expect(committed(dataDir, 'registrations')).toHaveLength(1);
  });
});

describe("Cloudflare's test secrets", () => {
  it.each([
    [TEST_SECRET.pass, 200],
    [TEST_SECRET.fail, 400],
    [TEST_SECRET.spent, 400],
  ])('secret %s answers %i', async (secret, status) => {
    const own = await startServer({
      TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
      TURNSTILE_SECRET_KEY: secret,
      TURNSTILE_VERIFY_URL: standIn.url,
    });
    try {
      const res = await postJson(own.url, '/api/email-marketing-signup', {
        email: 'test-key@example.org',
        turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX',
      });
      expect(res.status).toBe(status);
      if (status !== 200) expect((await res.json()).error.code).toBe('CHALLENGE_FAILED');
    } finally {
      await own.stop();
    }
  });
});
