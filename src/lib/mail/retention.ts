import type { Logger } from 'pino';
import type { RetentionCutoffs, SubmissionStore } from '../store/types.ts';
import { purgeMailFiles } from './mail-files.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * What the privacy page promises: an unconfirmed signup is deleted 7 days after its last signup; an unsubscribed
 * address within 30 days (28, run hourly); sent or abandoned mail, which holds addresses too, after 7 days.
 */
export const retentionCutoffs = (now = Date.now()): RetentionCutoffs => ({
  pendingBefore: now - 7 * DAY, unsubscribedBefore: now - 28 * DAY, mailBefore: now - 7 * DAY,
});

/**
 * Runs the purge now and every hour, of the store and of the mail files in `mailDir`; every instance may run it,
 * deletes are idempotent.
 */
export function startRetention(store: SubmissionStore, log: Logger, mailDir: string, everyMs = 60 * 60 * 1000): { stop(): void } {
  const run = async () => {
    const cutoffs = retentionCutoffs();
    try {
      const deleted = { ...(await store.purgeExpired(cutoffs)), mailFiles: await purgeMailFiles(mailDir, cutoffs.mailBefore) };
      if (Object.values(deleted).some((n) => n > 0)) log.info({ deleted }, 'retention: expired rows and mail files deleted');
    } catch (err) {
      log.error({ err }, 'retention: purge failed');
    }
  };
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
