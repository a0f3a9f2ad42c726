/** INSIGHTS_RETENTION_DAYS: insights of older days are deleted at start and once a day (the privacy page says so). */
import { log } from '../log.ts';
import type { SubmissionStore } from '../store/types.ts';
import { dayOf } from './text.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first day still kept when `days` are kept, counting today. */
export const firstKeptDay = (days: number, now = Date.now()) => dayOf(now - (days - 1) * DAY_MS);

/** Deletes the insights of days before the kept ones; the rows removed. */
export async function purgeInsights(store: SubmissionStore, days: number, now = Date.now()): Promise<number> {
  const removed = await store.purgeInsightsBefore(firstKeptDay(days, now));
  if (removed > 0)
    log.info({ removed, audit: 'insights-retention' }, 'insights: purged days past INSIGHTS_RETENTION_DAYS');
  return removed;
}

/** Runs purgeInsights now and every day; every instance may (the delete is idempotent). Returns the stop. */
export function scheduleInsightsRetention(getStore: () => SubmissionStore, days: number): () => void {
  const run = () =>
    purgeInsights(getStore(), days).catch((err: unknown) => {
      log.error({ err, audit: 'insights-retention' }, 'insights purge failed; trying again in a day');
    });
  void run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
