import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../src/lib/http/api-error.ts';
import {
  REAL_LIKE_SECRET,
  startTurnstileStandIn,
  TEST_SECRET,
  type TurnstileStandIn,
} from '../helpers/turnstile-stand-in.ts';

// getConfig() reads process.env once per module graph; each case resets it through a fresh import.
let standIn: TurnstileStandIn;
beforeAll(async () => {
  standIn = await startTurnstileStandIn();
});
afterAll(async () => {
  await standIn.close();
});

async function verifierWith(env: Record<string, string>) {
  const { vi } = await import('vitest');
  vi.resetModules();
  delete process.env.SITE_URL;
  Object.assign(process.env, {
    TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
    TURNSTILE_VERIFY_URL: standIn.url,
    LOG_LEVEL: 'silent',
    ...env,
  });
  return (await import('../../src/lib/challenge/turnstile.ts')).verifyChallenge;
}
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: ApiError) => e.code,
  );

describe('verifyChallenge', () => {
  it('follows the test secrets: pass, fail, already spent', async () => {
    expect(
      await codeOf(
        (await verifierWith({ TURNSTILE_SECRET_KEY: TEST_SECRET.pass }))(
          'XXXX.DUMMY.TOKEN.XXXX',
          '192.0.2.1',
          'signup',
        ),
      ),
    ).toBe('ok');
    expect(
      await codeOf(
        (await verifierWith({ TURNSTILE_SECRET_KEY: TEST_SECRET.fail }))(
          'XXXX.DUMMY.TOKEN.XXXX',
          '192.0.2.1',
          'signup',
        ),
      ),
    ).toBe('CHALLENGE_FAILED');
    expect(
      await codeOf(
        (await verifierWith({ TURNSTILE_SECRET_KEY: TEST_SECRET.spent }))(
          'XXXX.DUMMY.TOKEN.XXXX',
          '192.0.2.1',
          'signup',
        ),
      ),
    ).toBe('CHALLENGE_FAILED');
  });

  it('sends secret, token, remote IP and an idempotency key; a token works once', async () => {
    const verify = await verifierWith({ TURNSTILE_SECRET_KEY: REAL_LIKE_SECRET });
    const token = standIn.issueToken({ action: 'signup' });
    expect(await codeOf(verify(token, '192.0.2.44', 'signup'))).toBe('ok');
    expect(standIn.calls.at(-1)).toMatchObject({
      secret: REAL_LIKE_SECRET,
      response: token,
      remoteip: '192.0.2.44',
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(await codeOf(verify(token, '192.0.2.44', 'signup'))).toBe('CHALLENGE_FAILED');
    expect(await codeOf(verify(undefined, '192.0.2.44', 'signup'))).toBe('CHALLENGE_REQUIRED');
  });

  it('answers CHALLENGE_UNAVAILABLE when siteverify errors, hangs or our secret is refused', async () => {
    const verify = await verifierWith({ TURNSTILE_SECRET_KEY: REAL_LIKE_SECRET, TURNSTILE_TIMEOUT_MS: '300' });
    standIn.mode = 'down';
    expect(await codeOf(verify(standIn.issueToken({ action: 'signup' }), '192.0.2.1', 'signup'))).toBe(
      'CHALLENGE_UNAVAILABLE',
    );
    standIn.mode = 'hang';
    expect(await codeOf(verify(standIn.issueToken({ action: 'signup' }), '192.0.2.1', 'signup'))).toBe(
      'CHALLENGE_UNAVAILABLE',
    );
    standIn.mode = 'ok';
    const wrongSecret = await verifierWith({ TURNSTILE_SECRET_KEY: 'not-a-secret' });
    expect(await codeOf(wrongSecret(standIn.issueToken({ action: 'signup' }), '192.0.2.1', 'signup'))).toBe(
      'CHALLENGE_UNAVAILABLE',
    );
  });

  it('refuses a token rendered for another form: the action must match', async () => {
    const verify = await verifierWith({ TURNSTILE_SECRET_KEY: REAL_LIKE_SECRET });
    expect(await codeOf(verify(standIn.issueToken({ action: 'course-registration' }), '192.0.2.1', 'signup'))).toBe(
      'CHALLENGE_FAILED',
    );
    expect(await codeOf(verify(standIn.issueToken(), '192.0.2.1', 'signup'))).toBe('CHALLENGE_FAILED'); // a widget without an action
    expect(
      await codeOf(verify(standIn.issueToken({ action: 'course-registration' }), '192.0.2.1', 'course-registration')),
    ).toBe('ok');
  });

  it('refuses a token solved on another site when SITE_URL is set, and does not look at the hostname without it', async () => {
    const bound = await verifierWith({
      TURNSTILE_SECRET_KEY: REAL_LIKE_SECRET,
      SITE_URL: 'https://www.northgate.example/',
    });
    expect(
      await codeOf(bound(standIn.issueToken({ action: 'signup', hostname: 'evil.example' }), '192.0.2.1', 'signup')),
    ).toBe('CHALLENGE_FAILED');
    expect(
      await codeOf(
        bound(standIn.issueToken({ action: 'signup', hostname: 'northgate.example' }), '192.0.2.1', 'signup'),
      ),
    ).toBe('CHALLENGE_FAILED');
    expect(
      await codeOf(
        bound(standIn.issueToken({ action: 'signup', hostname: 'www.northgate.example' }), '192.0.2.1', 'signup'),
      ),
    ).toBe('ok');
    const unbound = await verifierWith({ TURNSTILE_SECRET_KEY: REAL_LIKE_SECRET });
    expect(
      await codeOf(
        unbound(standIn.issueToken({ action: 'signup', hostname: 'anywhere.example' }), '192.0.2.1', 'signup'),
      ),
    ).toBe('ok');
  });

  it("trusts Cloudflare's always-passing test secret whatever hostname and action its dummy answer carries", async () => {
    const verify = await verifierWith({
      TURNSTILE_SECRET_KEY: TEST_SECRET.pass,
      SITE_URL: 'https://www.northgate.example',
    });
    expect(await codeOf(verify('XXXX.DUMMY.TOKEN.XXXX', '192.0.2.1', 'course-registration'))).toBe('ok');
  });
});
