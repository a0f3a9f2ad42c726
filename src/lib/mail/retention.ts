import type { Logger } from 'pino';
import type { RetentionCutoffs, SubmissionStore } from '../store/types.ts';
import { purgeMailFiles } from './mail-files.ts';
import { SENT_MAIL_KEPT_DAYS, UNCONFIRMED_KEPT_DAYS, UNSUBSCRIBED_DELETED_WITHIN_DAYS } from './promises.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * What the privacy page promises (promises.ts): an unconfirmed signup is deleted a week after its last signup; an
 * unsubscribed address within 30 days, purged two days early because the hourly run may be down a while; sent or
 * abandoned mail, which holds addresses too, after a week.
 */
export const retentionCutoffs = (now = Date.now()): RetentionCutoffs => ({
  pendingBefore: now - UNCONFIRMED_KEPT_DAYS * DAY,
  unsubscribedBefore: now - (UNSUBSCRIBED_DELETED_WITHIN_DAYS - 2) * DAY,
  mailBefore: now - SENT_MAIL_KEPT_DAYS * DAY,
});

/**
 * Runs the purge now and every hour, of the store and of the mail files in `mailDir`; every instance may run it,
 * deletes are idempotent.
 */
export function startRetention(
  store: SubmissionStore,
  log: Logger,
  mailDir: string,
  everyMs = 60 * 60 * 1000,
): { stop(): void } {
  const run = async () => {
    const cutoffs = retentionCutoffs();
    try {
      const deleted = {
        ...(await store.purgeExpired(cutoffs)),
        mailFiles: await purgeMailFiles(mailDir, cutoffs.mailBefore),
      };
      if (Object.values(deleted).some((n) => n > 0))
        log.info({ deleted }, 'retention: expired rows and mail files deleted');
    } catch (err) {
      log.error({ err }, 'retention: purge failed');
    }
  };
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
