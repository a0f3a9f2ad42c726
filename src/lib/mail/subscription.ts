import { CONFIRM_WINDOW_HOURS } from './promises.ts';
import { ApiError } from '../http/api-error.ts';
import { orStorageUnavailable } from '../forms/storage-unavailable.ts';
import { getStore } from '../store/index.ts';
import { getMailSecret } from './secret.ts';
import { InvalidTokenError, verifyToken, type TokenPurpose } from './tokens.ts';

/**
 * What the links in the emails do. Each token is checked (signature, purpose, expiry), then the store moves the
 * subscriber; a link whose change was already made (a replay) or whose subscriber is gone is refused too.
 */
/** Confirms the subscription of a confirm token, recording `via` (the page or route it was confirmed from). */
export const confirmSubscription = (token: string, via: string) => follow('confirm', token, via);
export const unsubscribeByToken = (token: string) => follow('unsubscribe', token);

/**
 * Checks a confirm token (signature, purpose, expiry) without changing anything: opening the link shows a button,
 * because mail scanners open every link in a message and must not confirm an address for its owner.
 */
export async function checkConfirmToken(token: string): Promise<void> {
  await subscriberOf('confirm', token);
}

async function subscriberOf(purpose: TokenPurpose, token: string): Promise<string> {
  const secret = await orStorageUnavailable(() => getMailSecret(getStore()));
  try {
    return verifyToken(secret, purpose, token);
  } catch (err) {
    if (err instanceof InvalidTokenError) throw invalidToken(purpose, err.reason);
    throw err;
  }
}

async function follow(purpose: TokenPurpose, token: string, via = ''): Promise<void> {
  const store = getStore();
  const subscriberId = await subscriberOf(purpose, token);
  const outcome = await orStorageUnavailable(() =>
    purpose === 'confirm' ? store.confirmSubscriber(subscriberId, via) : store.unsubscribe(subscriberId),
  );
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
    used:
      purpose === 'confirm'
        ? 'This confirmation link was already used: the address is confirmed.'
        : 'This unsubscribe link was already used: the address is unsubscribed.',
  };
  const resolution =
    purpose === 'confirm' && reason !== 'used'
      ? `Sign up again on /newsletter/ to receive a new confirmation link, and open it within ${CONFIRM_WINDOW_HOURS} hours.`
      : reason === 'used'
        ? 'Nothing more to do.'
        : 'Copy the whole link from the email; if it still fails, the address is not subscribed.';
  return Object.assign(new ApiError(400, 'INVALID_TOKEN', messages[reason], { resolution }), { reason });
}

/** The reason of an INVALID_TOKEN error, for pages that explain it in their own words. */
export const tokenFailure = (err: unknown): InvalidTokenError['reason'] | undefined =>
  err instanceof ApiError && err.code === 'INVALID_TOKEN'
    ? (err as ApiError & { reason: InvalidTokenError['reason'] }).reason
    : undefined;

export { InvalidTokenError };
