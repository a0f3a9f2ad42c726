import { CHALLENGE_ACTIONS } from '../challenge/actions.ts';
import { verifyChallenge } from '../challenge/turnstile.ts';
import { getStore } from '../store/index.ts';
import { normaliseEmail } from '../store/ids.ts';
import type { SignupInput } from '../../schemas/forms.ts';
import { confirmationMail } from '../mail/messages.ts';
import { getMailSecret } from '../mail/secret.ts';
import { wakeMailSender } from '../mail/sender.ts';
import { orStorageUnavailable } from './storage-unavailable.ts';

/**
 * Verifies the challenge, then stores (or merges) the signup as pending; a confirmation email for a pending
 * address is queued in the same transaction (at most one an hour). Resolves once committed; new, pending and
 * confirmed subscribers look the same to the caller, so the API cannot be used to find out who is subscribed.
 * `origin` is where the links in the email point (mailOrigin).
 */
export async function submitSignup(input: SignupInput, ip: string, origin: string): Promise<void> {
  await verifyChallenge(input.turnstileToken, ip, CHALLENGE_ACTIONS.signup);
  const store = getStore();
  const email = normaliseEmail(input.email);
  await orStorageUnavailable(async () => {
    const secret = await getMailSecret(store);
    return store.upsertSignup(
      { email, name: input.name, interests: input.interests ?? [], source: input.source },
      (subscriberId) => confirmationMail(email, subscriberId, origin, secret),
    );
  });
  wakeMailSender();
}
