import type { Logger } from 'pino';
import type { RetentionCutoffs, SubmissionStore } from '../store/types.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * What the privacy page promises: an unconfirmed signup is deleted 7 days after its last signup; an unsubscribed
 * address within 30 days (28, run hourly); sent or abandoned mail, which holds addresses too, after 7 days.
 */
export const retentionCutoffs = (now = Date.now()): RetentionCutoffs => ({
  pendingBefore: now - 7 * DAY, unsubscribedBefore: now - 28 * DAY, mailBefore: now - 7 * DAY,
});

/** Runs the purge now and every hour; every instance may run it, deletes are idempotent. */
export function startRetention(store: SubmissionStore, log: Logger, everyMs = 60 * 60 * 1000): { stop(): void } {
  const run = () => store.purgeExpired(retentionCutoffs()).then(
    (deleted) => { if (deleted.pending + deleted.unsubscribed + deleted.mail > 0) log.info({ deleted }, 'retention: expired rows deleted'); },
    (err) => log.error({ err }, 'retention: purge failed'),
  );
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
