/**
 * Erasure on request (`npm run erase -- <email>`) and retention (RETENTION_DAYS): the store deletes, this module
 * decides what and writes the audit line. The audit line names the address by a SHA-256 hash, never in clear, so
 * the log proves an erasure happened without keeping what was erased; whoever holds the address can match it.
 */
import { createHash } from 'node:crypto';
import { log } from '../log.ts';
import { eraseMailFiles } from '../mail/mail-files.ts';
import { normaliseEmail } from '../store/ids.ts';
import type { Removed, SubmissionStore } from '../store/types.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The audit log's name for an address. */
export const addressHash = (email: string) => createHash('sha256').update(normaliseEmail(email)).digest('hex');

/**
 * Deletes every record of `email`, in the store and among the mail files of `mailDir` (DATA_DIR/mail), and writes
 * the audit line; resolves with what was removed, by table (and `mail files`).
 */
export async function eraseAddress(store: SubmissionStore, email: string, mailDir?: string): Promise<Removed> {
  const removed = await store.eraseEmail(normaliseEmail(email));
  if (mailDir) removed['mail files'] = await eraseMailFiles(mailDir, normaliseEmail(email));
  log.info(
    { audit: 'erase', subject: `sha256:${addressHash(email)}`, removed },
    'erased every record of an address on request',
  );
  return removed;
}

/** Deletes what is older than `days` days and writes the audit line; resolves with what was removed. */
export async function purgeExpired(store: SubmissionStore, days: number, now = Date.now()): Promise<Removed> {
  const cutoff = now - days * DAY_MS;
  const removed = await store.purgeCreatedBefore(cutoff);
  log.info(
    { audit: 'retention', retentionDays: days, before: new Date(cutoff).toISOString(), removed },
    'purged records past the retention period',
  );
  return removed;
}

/**
 * Runs the retention purge now and then once a day (the timer does not keep the process alive). A failed purge
 * (the database away) is logged and tried again at the next run.
 * @returns a function that stops the schedule
 */
export function scheduleRetention(getStore: () => SubmissionStore, days: number): () => void {
  const run = () =>
    purgeExpired(getStore(), days).catch((err: unknown) => {
      log.error({ err, audit: 'retention' }, 'retention purge failed; trying again in a day');
    });
  void run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
