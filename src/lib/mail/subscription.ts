import { ApiError } from '../http/api-error.ts';
import { orStorageUnavailable } from '../forms/storage-unavailable.ts';
import { getStore } from '../store/index.ts';
import { getMailSecret } from './secret.ts';
import { InvalidTokenError, verifyToken, type TokenPurpose } from './tokens.ts';

/**
 * What the links in the emails do. Each token is checked (signature, purpose, expiry), then the store moves the
 * subscriber; a link whose change was already made (a replay) or whose subscriber is gone is refused too.
 */
/** `from` is the page or route the confirmation came from, kept with its time as evidence of consent. */
export const confirmSubscription = (token: string, from: string) => follow('confirm', token, from);
export const unsubscribeByToken = (token: string) => follow('unsubscribe', token);

async function follow(purpose: TokenPurpose, token: string, from?: string): Promise<void> {
  const store = getStore();
  const secret = await orStorageUnavailable(() => getMailSecret(store));
  let subscriberId: string;
  try {
    subscriberId = verifyToken(secret, purpose, token);
  } catch (err) {
    if (err instanceof InvalidTokenError) throw invalidToken(purpose, err.reason);
    throw err;
  }
  const outcome = await orStorageUnavailable(() => (purpose === 'confirm' ? store.confirmSubscriber(subscriberId, from) : store.unsubscribe(subscriberId)));
  if (outcome === 'already') throw invalidToken(purpose, 'used');
  if (outcome === 'missing') throw invalidToken(purpose, 'expired');
}

const what = (purpose: TokenPurpose) => (purpose === 'confirm' ? 'confirmation' : 'unsubscribe');

/** 400 INVALID_TOKEN: the link was altered, has expired, or was used already. */
export function invalidToken(purpose: TokenPurpose, reason: InvalidTokenError['reason']): ApiError {
  const messages = {
    malformed: `This ${what(purpose)} link is not valid.`,
    tampered: `This ${what(purpose)} link is not valid: it was changed or cut short.`,
    expired: `This ${what(purpose)} link has expired or its subscription no longer exists.`,
    used: purpose === 'confirm' ? 'This confirmation link was already used: the address is confirmed.' : 'This unsubscribe link was already used: the address is unsubscribed.',
  };
  const resolution = purpose === 'confirm' && reason !== 'used'
    ? 'Sign up again on /newsletter/ to receive a new confirmation link, and open it within 72 hours.'
    : reason === 'used' ? 'Nothing more to do.' : 'Copy the whole link from the email; if it still fails, the address is not subscribed.';
  return Object.assign(new ApiError(400, 'INVALID_TOKEN', messages[reason], { resolution }), { reason });
}

/** The reason of an INVALID_TOKEN error, for pages that explain it in their own words. */
export const tokenFailure = (err: unknown): InvalidTokenError['reason'] | undefined =>
  err instanceof ApiError && err.code === 'INVALID_TOKEN' ? (err as ApiError & { reason: InvalidTokenError['reason'] }).reason : undefined;

export { InvalidTokenError };
