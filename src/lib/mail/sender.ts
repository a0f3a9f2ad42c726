import type { Logger } from 'pino';
import type { SubmissionStore } from '../store/types.ts';
import type { Deliver } from './transport.ts';

export interface SenderOptions {
  store: SubmissionStore;
  deliver: Deliver;
  log: Logger;
  /** How often the outbox is looked at when nobody wakes the sender (other instances' mail, retries). */
  pollMs?: number;
  /**
   * How long a wake waits before the round starts, so the mail of many requests goes in one round: with SQLite
   * every round's claim is a commit, and every commit holds the event loop for its fsync.
   */
  gatherMs?: number;
}

// server/index.ts starts the sender from source; the routes (in the server bundle) wake it after a commit.
// Two module instances in one process: a symbol on globalThis joins them.
const WAKE = Symbol.for('northgate.mailSender.wake');
const registry = globalThis as { [WAKE]?: () => void };

/** Tells this process's sender that mail was just committed, so it goes out now rather than at the next poll. */
export const wakeMailSender = () => registry[WAKE]?.();

/** 1 s, 2 s, 4 s … up to 15 minutes between attempts while the SMTP server is down. */
export const retryDelay = (attempts: number) => Math.min(1000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);

const BATCH = 50;

/**
 * The outbox sender: one loop that delivers due messages until none are left, then sleeps until woken or the
 * next poll. It is the only thing that sends mail; the store decides which messages are due and keeps two
 * senders (here or in other instances) from taking the same one.
 */
export function startMailSender({ store, deliver, log, pollMs = 5000, gatherMs = 200 }: SenderOptions): {
  stop(): Promise<void>;
} {
  let stopped = false;
  let wake: (() => void) | undefined;
  let pending = false;
  registry[WAKE] = () => {
    pending = true;
    wake?.();
  };

  const loop = (async () => {
    while (!stopped) {
      pending = false;
      try {
        const { sent, failed } = await store.deliverMail(deliver, { limit: BATCH, retryDelay });
        if (sent) log.info({ sent }, 'mail sent');
        if (failed) log.warn({ failed }, 'mail not delivered; will retry');
        if (sent + failed === BATCH) continue;
      } catch (err) {
        log.error({ err }, 'mail sender: the store failed');
      }
      if (stopped) continue;
      if (!pending) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, gatherMs));
    }
  })();

  return {
    async stop() {
      stopped = true;
      registry[WAKE] = undefined;
      wake?.();
      await loop;
    },
  };
}
