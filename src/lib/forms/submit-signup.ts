import { CHALLENGE_ACTIONS } from '../challenge/actions.ts';
import { verifyChallenge } from '../challenge/turnstile.ts';
import { getStore } from '../store/index.ts';
import { normaliseEmail } from '../store/ids.ts';
import type { SignupInput } from '../../schemas/forms.ts';
import { orStorageUnavailable } from './storage-unavailable.ts';

/**
 * Verifies the challenge, then stores (or updates) the signup. Resolves once committed; new and existing
 * subscribers look the same to the caller, so the API cannot be used to find out who is subscribed.
 */
export async function submitSignup(input: SignupInput, ip: string): Promise<void> {
  await verifyChallenge(input.turnstileToken, ip, CHALLENGE_ACTIONS.signup);
  await orStorageUnavailable(() => getStore().upsertSignup({
    email: normaliseEmail(input.email),
    name: input.name,
    interests: input.interests ?? [],
    source: input.source,
  }));
}
