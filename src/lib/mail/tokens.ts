import { CONFIRM_WINDOW_HOURS } from './promises.ts';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a link may do: confirm a pending subscription, or unsubscribe. A token of one purpose never does the other. */
export type TokenPurpose = 'confirm' | 'unsubscribe';

/** How long a confirmation link works. Unsubscribe links do not expire: RFC 8058 links sit in old mail. */
export const CONFIRM_TOKEN_TTL_MS = CONFIRM_WINDOW_HOURS * 60 * 60 * 1000;

interface Payload {
  p: TokenPurpose;
  s: string;
  e?: number;
}

/** Why a token was refused; the routes turn it into `400 INVALID_TOKEN`. */
export class InvalidTokenError extends Error {
  readonly reason: 'malformed' | 'tampered' | 'expired' | 'used';
  constructor(reason: InvalidTokenError['reason']) {
    super(`token ${reason}`);
    this.name = 'InvalidTokenError';
    this.reason = reason;
  }
}

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

/**
 * A signed token `<payload>.<HMAC-SHA256>`, both base64url: the subscriber id, the purpose and, for a
 * confirmation, the expiry. Nothing secret is inside; the HMAC makes it unforgeable without the secret.
 * @example signToken(secret, 'unsubscribe', 'sub_abc')
 */
export function signToken(secret: string, purpose: TokenPurpose, subscriberId: string, expiresAt?: number): string {
  const payload: Payload = { p: purpose, s: subscriberId, ...(expiresAt ? { e: expiresAt } : {}) };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The subscriber id of a valid token of `purpose`; throws InvalidTokenError otherwise. */
export function verifyToken(secret: string, purpose: TokenPurpose, token: string, now = Date.now()): string {
  const [body, signature, ...rest] = token.split('.');
  if (!body || !signature || rest.length > 0 || token.length > 512) throw new InvalidTokenError('malformed');
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new InvalidTokenError('tampered');
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidTokenError('malformed');
  }
  if (payload.p !== purpose || typeof payload.s !== 'string') throw new InvalidTokenError('tampered');
  if (payload.e !== undefined && payload.e <= now) throw new InvalidTokenError('expired');
  return payload.s;
}
