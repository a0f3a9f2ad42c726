import type { DatabaseSync } from 'node:sqlite';

interface Pending {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for a synchronous SQLite connection: writes that arrive in the same turn of the event loop share
 * one transaction and therefore one fsync. Each write runs in its own savepoint, so one failing write rolls back
 * alone; every caller's promise settles only after the COMMIT, so a `200` still means "durably on disk".
 * Under concurrency this turns N fsyncs into one, which is what makes synchronous=FULL affordable.
 */
export function createGroupCommit(db: DatabaseSync, maxBatch = 256) {
  const queue: Pending[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = queue.splice(0, maxBatch);
    if (queue.length > 0) schedule();
    const outcomes: ({ ok: true; value: unknown } | { ok: false; err: unknown })[] = [];
    try {
      db.exec('BEGIN IMMEDIATE');
      for (const item of batch) {
        db.exec('SAVEPOINT item');
        try {
          outcomes.push({ ok: true, value: item.work() });
          db.exec('RELEASE item');
        } catch (err) {
          db.exec('ROLLBACK TO item');
          db.exec('RELEASE item');
          outcomes.push({ ok: false, err });
        }
      }
      db.exec('COMMIT');
    } catch (err) {
      // BEGIN or COMMIT failed (locked, disk full, I/O error): nothing of the batch is stored.
      if (db.isOpen && db.isTransaction) db.exec('ROLLBACK');
      for (const item of batch) item.reject(err);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.err);
    });
  };

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    // setImmediate runs after the I/O callbacks of this loop turn: every request that arrived meanwhile joins.
    setImmediate(flush);
  }

  /** Runs `work` inside the next group transaction; resolves with its result once committed. */
  return function write<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
      schedule();
    });
  };
}
