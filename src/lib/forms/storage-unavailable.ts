import { ApiError } from '../http/api-error.ts';
import { log } from '../log.ts';

/** Runs a store call; any failure to commit becomes `503 STORAGE_UNAVAILABLE` (the transaction rolled back). */
export async function orStorageUnavailable<T>(
  work: () => Promise<T>,
  known: (err: unknown) => boolean = () => false,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError || known(err)) throw err;
    log.error({ err }, 'submission store failed');
    throw storageUnavailable();
  }
}

export const storageUnavailable = () =>
  new ApiError(503, 'STORAGE_UNAVAILABLE', 'We could not save your submission; nothing was stored.', {
    resolution: 'Try again in a minute.',
    headers: { 'Retry-After': '30' },
  });
