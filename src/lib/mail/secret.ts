import { randomBytes } from 'node:crypto';
import { getConfig } from '../config.ts';
import type { SubmissionStore } from '../store/types.ts';

let cached: Promise<string> | undefined;

/**
 * The key that signs confirmation and unsubscribe links: MAIL_TOKEN_SECRET when set; otherwise one generated at
 * the first start and kept in the store (table `secrets`), so links survive restarts and every instance sharing
 * the database signs and checks them alike.
 */
export function getMailSecret(store: SubmissionStore): Promise<string> {
  const configured = getConfig().MAIL_TOKEN_SECRET;
  if (configured) return Promise.resolve(configured);
  cached ??= store.ensureSecret('mail-token', randomBytes(32).toString('base64url'));
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}
