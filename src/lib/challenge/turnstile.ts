import { randomUUID } from 'node:crypto';
import { getConfig } from '../config.ts';
import { ApiError } from '../http/api-error.ts';
import { log } from '../log.ts';

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
const TOKEN_ERRORS = new Set(['missing-input-response', 'invalid-input-response', 'timeout-or-duplicate', 'bad-request']);

/**
 * Checks a Turnstile token with siteverify before anything is stored. Does nothing when the challenge is not
 * configured. Throws `CHALLENGE_REQUIRED` (no token), `CHALLENGE_FAILED` (rejected: invalid, expired or already
 * used, since tokens are single use) or `CHALLENGE_UNAVAILABLE` (siteverify unreachable, slow or misconfigured).
 * One retry on a network failure reuses the idempotency key, so Cloudflare answers it as the same verification.
 */
export async function verifyChallenge(token: string | undefined, remoteIp: string): Promise<void> {
  if (!challengeRequired()) return;
  if (!token) {
    throw new ApiError(400, 'CHALLENGE_REQUIRED', 'This form needs a bot-challenge token, and none was sent.', {
      resolution: 'Complete the Turnstile check on the page (site key at /api/challenge/site-key) and send its token as "turnstileToken".',
    });
  }
  const { TURNSTILE_SECRET_KEY: secret, TURNSTILE_VERIFY_URL: url, TURNSTILE_TIMEOUT_MS: timeout } = getConfig();
  const form = new URLSearchParams({ secret: secret!, response: token, remoteip: remoteIp, idempotency_key: randomUUID() });
  const deadline = Date.now() + timeout;
  let outcome: { success?: unknown; 'error-codes'?: unknown } | undefined;
  for (let attempt = 1; attempt <= 2 && !outcome; attempt++) {
    try {
      const res = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(Math.max(deadline - Date.now(), 1)) });
      if (!res.ok) throw new Error(`siteverify answered HTTP ${res.status}`);
      outcome = await res.json() as typeof outcome;
    } catch (err) {
      log.warn({ err, attempt }, 'turnstile siteverify failed');
      if ((err as Error).name === 'TimeoutError' || Date.now() >= deadline) break;
    }
  }
  if (!outcome) throw unavailable();
  if (outcome.success === true) return;
  const codes = Array.isArray(outcome['error-codes']) ? outcome['error-codes'].map(String) : [];
  if (codes.length > 0 && codes.every((c) => TOKEN_ERRORS.has(c))) {
    throw new ApiError(400, 'CHALLENGE_FAILED', codes.includes('timeout-or-duplicate')
      ? 'The bot-challenge token has expired or was already used.'
      : 'The bot-challenge token was rejected.', {
      resolution: 'Complete the Turnstile check again and send the new token; each token works once.',
    });
  }
  // Secret or internal errors are ours to fix; the visitor cannot do anything about them.
  log.error({ codes }, 'turnstile siteverify refused our request');
  throw unavailable();
}

function unavailable() {
  return new ApiError(503, 'CHALLENGE_UNAVAILABLE', 'The bot-challenge service could not be reached; nothing was stored.', {
    resolution: 'Try again in a few seconds.',
    headers: { 'Retry-After': '10' },
  });
}
