import { createHash } from 'node:crypto';
import { CHALLENGE_ACTIONS } from '../challenge/actions.ts';
import { verifyChallenge } from '../challenge/turnstile.ts';
import { ApiError } from '../http/api-error.ts';
import { getStore } from '../store/index.ts';
import { normaliseEmail } from '../store/ids.ts';
import { IdempotencyConflictError } from '../store/types.ts';
import type { RegistrationInput } from '../../schemas/forms.ts';
import { checkRegistration } from './check-registration.ts';
import { invalidBody } from '../http/validate-body.ts';
import { getRegistrationCatalog } from './registration-catalog.ts';
import { getConfig } from '../config.ts';
import { registrationReceipt, registryNotice } from '../mail/messages.ts';
import { wakeMailSender } from '../mail/sender.ts';
import { orStorageUnavailable } from './storage-unavailable.ts';

/**
 * Checks a registration against the catalog, verifies the challenge and stores it; returns its id.
 * With an idempotency key, a retry of the same request returns the first id before the challenge is checked
 * again, because its single-use token was spent by the first attempt; the same key with another body is refused.
 */
export async function submitRegistration(
  input: RegistrationInput,
  ip: string,
  origin: string,
  idempotencyKey?: string,
): Promise<string> {
  const issues = checkRegistration(input, await getRegistrationCatalog());
  if (issues.length > 0) throw invalidBody(issues, 'Some courses or the term cannot be registered for.');

  const { turnstileToken, ...request } = input;
  const idempotency = idempotencyKey ? { key: idempotencyKey, requestHash: hashRequest(request) } : undefined;
  const store = getStore();
  if (idempotency) {
    const earlier = await orStorageUnavailable(() => store.findIdempotentRegistration(idempotency.key));
    if (earlier?.requestHash === idempotency.requestHash) return earlier.registrationId;
    if (earlier) throw conflict();
  }
  await verifyChallenge(turnstileToken, ip, CHALLENGE_ACTIONS.registration);
  const { student, ...choices } = request;
  const email = normaliseEmail(student.email);
  // The receipt and the registry's notice are queued in the registration's own transaction (new ones only).
  const { REGISTRY_EMAIL } = getConfig();
  const mail = (registrationId: string) => {
    const facts = { registrationId, term: request.term, courses: request.courses };
    return [
      registrationReceipt(email, facts),
      ...(REGISTRY_EMAIL ? [registryNotice(REGISTRY_EMAIL, facts, origin)] : []),
    ];
  };
  try {
    const { registrationId } = await orStorageUnavailable(
      () => store.createRegistration({ ...student, ...choices, email }, idempotency, mail),
      (err) => err instanceof IdempotencyConflictError,
    );
    wakeMailSender();
    return registrationId;
  } catch (err) {
    if (err instanceof IdempotencyConflictError) throw conflict();
    throw err;
  }
}

/** Zod rebuilds objects in schema order, so the same content hashes the same whatever the client's key order. */
const hashRequest = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('hex');

const conflict = () =>
  new ApiError(400, 'INVALID_BODY', 'This Idempotency-Key was already used with a different registration.', {
    resolution: 'Use a new Idempotency-Key for a new registration; reuse a key only to retry the very same request.',
  });
