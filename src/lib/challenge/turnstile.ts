import { randomUUID } from 'node:crypto';
import { getConfig } from '../config.ts';
import { ApiError } from '../http/api-error.ts';
import { log } from '../log.ts';
import type { ChallengeAction } from './actions.ts';

/** Whether the forms require a Turnstile token: both keys are configured. */
export function challengeRequired(): boolean {
  const c = getConfig();
  return Boolean(c.TURNSTILE_SITE_KEY && c.TURNSTILE_SECRET_KEY);
}

/** The publishable site key the browser widget needs, or undefined without a configured challenge. */
export function challengeSiteKey(): string | undefined {
  return challengeRequired() ? getConfig().TURNSTILE_SITE_KEY : undefined;
}

/** Turnstile error codes that mean the visitor's token is bad, not that our side is broken. */
const TOKEN_ERRORS = new Set([
  'missing-input-response',
  'invalid-input-response',
  'timeout-or-duplicate',
  'bad-request',
]);

/**
 * Cloudflare's always-passing test secret: it accepts any dummy token and answers a fixed hostname (example.com)
 * and no action, so there is nothing to bind; it protects nothing in any case.
 */
const TEST_SECRET_PASS = '1x0000000000000000000000000000000AA';

interface Siteverify {
  success?: unknown;
  'error-codes'?: unknown;
  hostname?: unknown;
  action?: unknown;
}

/**
 * Checks a Turnstile token with siteverify before anything is stored. Does nothing when the challenge is not
 * configured. Throws `CHALLENGE_REQUIRED` (no token), `CHALLENGE_FAILED` (rejected: invalid, expired or already
 * used, since tokens are single use; or solved for another form than `action`, or on another host than
 * SITE_URL's) or `CHALLENGE_UNAVAILABLE` (siteverify unreachable, slow or misconfigured).
 * One retry on a network failure reuses the idempotency key, so Cloudflare answers it as the same verification.
 */
export async function verifyChallenge(
  token: string | undefined,
  remoteIp: string,
  action: ChallengeAction,
): Promise<void> {
  if (!challengeRequired()) return;
  if (!token) throw challengeMissing();
  const { TURNSTILE_SECRET_KEY: secret, TURNSTILE_VERIFY_URL: url, TURNSTILE_TIMEOUT_MS: timeout } = getConfig();
  const form = new URLSearchParams({
    secret: secret!,
    response: token,
    remoteip: remoteIp,
    idempotency_key: randomUUID(),
  });
  const deadline = Date.now() + timeout;
  let outcome: Siteverify | undefined;
  for (let attempt = 1; attempt <= 2 && !outcome; attempt++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(Math.max(deadline - Date.now(), 1)),
      });
      if (!res.ok) throw new Error(`siteverify answered HTTP ${res.status}`);
      outcome = (await res.json()) as typeof outcome;
    } catch (err) {
      log.warn({ err, attempt }, 'turnstile siteverify failed');
      if ((err as Error).name === 'TimeoutError' || Date.now() >= deadline) break;
    }
  }
  if (!outcome) throw challengeUnavailable();
  if (outcome.success === true) return checkBinding(outcome, action, secret!);
  const codes = Array.isArray(outcome['error-codes']) ? outcome['error-codes'].map(String) : [];
  if (codes.length > 0 && codes.every((c) => TOKEN_ERRORS.has(c))) {
    throw challengeRejected(codes.includes('timeout-or-duplicate'));
  }
  // Secret or internal errors are ours to fix; the visitor cannot do anything about them.
  log.error({ codes }, 'turnstile siteverify refused our request');
  throw challengeUnavailable();
}

/**
 * A valid token is still refused when it was solved for another form (its action) or on another site (its
 * hostname, checked when SITE_URL names ours): a site key can serve several hosts and widgets, and a token
 * harvested from one of them must not open the others.
 */
function checkBinding(outcome: Siteverify, action: ChallengeAction, secret: string): void {
  if (secret === TEST_SECRET_PASS) return;
  const siteUrl = getConfig().SITE_URL;
  const host = siteUrl ? new URL(siteUrl).hostname : undefined;
  const otherSite = host !== undefined && String(outcome.hostname ?? '').toLowerCase() !== host;
  const otherForm = outcome.action !== action;
  if (!otherSite && !otherForm) return;
  log.warn(
    { expected: { action, hostname: host }, got: { action: outcome.action, hostname: outcome.hostname } },
    'turnstile token made for another form or site',
  );
  throw new ApiError(
    400,
    'CHALLENGE_FAILED',
    otherSite
      ? 'The bot-challenge token was solved on another site.'
      : 'The bot-challenge token was made for another form.',
    {
      resolution: 'Complete the Turnstile check on this form, on this site, and send its token.',
    },
  );
}

export const challengeMissing = () =>
  new ApiError(400, 'CHALLENGE_REQUIRED', 'This form needs a bot-challenge token, and none was sent.', {
    resolution:
      'Complete the Turnstile check on the page (site key at /api/challenge/site-key) and send its token as "turnstileToken".',
  });

/** The token itself is bad: Turnstile rejected it, or (`expired`) it timed out or was used before. */
export const challengeRejected = (expired: boolean) =>
  new ApiError(
    400,
    'CHALLENGE_FAILED',
    expired ? 'The bot-challenge token has expired or was already used.' : 'The bot-challenge token was rejected.',
    {
      resolution: 'Complete the Turnstile check again and send the new token; each token works once.',
    },
  );

export const challengeNotConfigured = () =>
  new ApiError(503, 'CHALLENGE_NOT_CONFIGURED', 'No bot challenge is configured on this site.', {
    resolution: 'GET /api/challenge/required tells whether forms need a token; here they do not.',
  });

export function challengeUnavailable() {
  return new ApiError(
    503,
    'CHALLENGE_UNAVAILABLE',
    'The bot-challenge service could not be reached; nothing was stored.',
    {
      resolution: 'Try again in a few seconds.',
      headers: { 'Retry-After': '10' },
    },
  );
}
