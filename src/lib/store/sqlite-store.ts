import cluster from 'node:cluster';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { MIGRATIONS_TABLE, migrations } from './migrations.ts';
import { emailRecords, retainedRecords, type Removed } from './erasure.ts';
import { newId } from './ids.ts';
import { createGroupCommit } from './group-commit.ts';
import {
  capBatch,
  entryParams,
  FEEDBACK_PER_DAY,
  feedbackParams,
  insightSql,
  toCounts,
  toFeedback,
  type InsightBatch,
  type InsightEntry,
  type InsightKind,
  type InsightList,
  type Rating,
} from './insights.ts';
import {
  mailRow,
  registrationInsertColumns,
  signupRow,
  registrationRow,
  toQueuedMail,
  toRegistration,
  toSignup,
} from './rows.ts';
import {
  CONFIRMATION_INTERVAL_MS,
  IdempotencyConflictError,
  MAX_INTERESTS,
  type DeliverOptions,
  type DeliveryOutcome,
  type Idempotency,
  type OutgoingMail,
  type QueuedMail,
  type RetentionCutoffs,
  type SubscriberChange,
  type NewRegistration,
  type NewSignup,
  type Page,
  type PageRequest,
  type RegistrationRecord,
  type SignupRecord,
  type SubmissionStore,
} from './types.ts';

export const SQLITE_FILE = 'submissions.sqlite';

/**
 * The SQLite submissions store on Node's built-in `node:sqlite`, one file in `dataDir`.
 *
 * WAL lets readers (the staff area) run beside the writer. `synchronous=FULL` fsyncs the WAL at every commit, so a
 * `200` survives a power cut, not only a crash of this process: with WAL, NORMAL would be crash-safe too but could
 * lose the last commits on power loss, and the forms promise that nothing confirmed is lost. With group commit
 * the fsync is shared by every request waiting for it, so durability stays cheap (bench/forms.bench.ts).
 *
 * `node:sqlite` is synchronous: a commit holds the event loop for its fsync. Writes therefore go through a group
 * commit (group-commit.ts): the requests of one event-loop turn share a transaction and one fsync, and none is
 * answered before that commit. A transaction can never interleave with another request's. A lock held by
 * another process (a backup, a staff tool) blocks this one while SQLite waits, so the busy timeout is short
 * (1 s): past it the commit fails and the visitor gets `503 STORAGE_UNAVAILABLE` instead of a stalled server.
 */
export function openSqliteStore(dataDir: string): SubmissionStore {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(join(resolve(dataDir), SQLITE_FILE));
  // secure_delete: a deleted row's bytes are overwritten, not left in a free page, so an erased address is gone
  // from the file (erasure then checkpoints the WAL too: eraseEmail below).
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 1000; PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON;',
  );
  migrate(db);
  // One server owns a SQLite file (several instances use PostgreSQL): leases left by a crashed run are void, so
  // the mail it was delivering goes out at once instead of when the lease would have ended. Under WEB_CONCURRENCY
  // the primary opens the store first and does this; a process it forks (or replaces) leaves the others' leases.
  if (!cluster.isWorker) db.exec('UPDATE outbox SET locked_until = NULL WHERE locked_until IS NOT NULL');

  // A repeat signup (anyone may post any address) replaces nothing: a stored name and source stay, a missing one is
  // filled in, and new interests are appended to the stored ones, distinct, up to MAX_INTERESTS (the stored come
  // first, extras are dropped). One statement, so the merge reads the row it updates even under concurrent signups.
  const upsert = db.prepare(`
    INSERT INTO signups (id, email, name, interests, source, created_at, updated_at)
      VALUES (:id, :email, :name, :interests, :source, :created_at, :updated_at)
    ON CONFLICT (email) DO UPDATE SET
      name = COALESCE(signups.name, excluded.name),
      interests = (SELECT json_group_array(value ORDER BY rank) FROM (
        SELECT value, MIN(rank) AS rank FROM (
          SELECT value, key AS rank FROM json_each(signups.interests)
          UNION ALL SELECT value, 1000 + key FROM json_each(excluded.interests))
        GROUP BY value ORDER BY rank LIMIT ${MAX_INTERESTS})),
      source = COALESCE(signups.source, excluded.source),
      updated_at = excluded.updated_at,
      status = CASE WHEN signups.status = 'unsubscribed' THEN 'pending' ELSE signups.status END,
      confirm_sent_at = CASE WHEN signups.status = 'unsubscribed' THEN NULL ELSE signups.confirm_sent_at END,
      unsubscribed_at = NULL
    RETURNING id`);
  // Claims the confirmation of a pending address unless one went out within the interval: the row decides, so
  // concurrent signups of one address queue one confirmation.
  const claimConfirmation = db.prepare(`UPDATE signups SET confirm_sent_at = ?
    WHERE id = ? AND status = 'pending' AND (confirm_sent_at IS NULL OR confirm_sent_at <= ?) RETURNING id`);
  const insertMail =
    db.prepare(`INSERT INTO outbox (id, to_address, subject, body, headers, next_attempt_at, created_at)
    VALUES (:id, :to_address, :subject, :body, :headers, :next_attempt_at, :created_at)`);
  const statusOf = db.prepare('SELECT status FROM signups WHERE id = ?');
  const confirm =
    db.prepare(`UPDATE signups SET status = 'confirmed', confirmed_at = :now, updated_at = :now, confirmed_via = :via
    WHERE id = :id AND status = 'pending'`);
  const unsubscribe = db.prepare(`UPDATE signups SET status = 'unsubscribed', unsubscribed_at = :now, updated_at = :now
    WHERE id = :id AND status IN ('pending', 'confirmed')`);
  // The lease keeps a claimed message from a second sender sharing this file until it is marked; a crash leaves
  // it to be taken again when the lease ends.
  const claimMail = db.prepare(`UPDATE outbox SET locked_until = ? WHERE id IN (
    SELECT id FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?
      AND (locked_until IS NULL OR locked_until <= ?) ORDER BY next_attempt_at, created_at LIMIT ?) RETURNING *`);
  const markSent = db.prepare('UPDATE outbox SET sent_at = ?, locked_until = NULL, last_error = NULL WHERE id = ?');
  const markFailed =
    db.prepare(`UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, failed_at = ?,
    locked_until = NULL WHERE id = ?`);
  const countUnsent = db.prepare('SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL');
  const purgePending = db.prepare(`DELETE FROM signups WHERE status = 'pending' AND updated_at < ?`);
  const purgeUnsubscribed = db.prepare(`DELETE FROM signups WHERE status = 'unsubscribed' AND unsubscribed_at < ?`);
  const purgeMail = db.prepare(
    'DELETE FROM outbox WHERE (sent_at IS NOT NULL AND sent_at < ?) OR (failed_at IS NOT NULL AND failed_at < ?)',
  );
  const insertSecret = db.prepare(
    'INSERT INTO secrets (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING',
  );
  const readSecret = db.prepare('SELECT value FROM secrets WHERE name = ?');
  const byKey = db.prepare('SELECT id, request_hash FROM registrations WHERE idempotency_key = ?');
  const insertRegistration = db.prepare(`INSERT INTO registrations (${registrationInsertColumns.join(', ')})
    VALUES (${registrationInsertColumns.map((column) => `:${column}`).join(', ')})`);
  const countSignups = db.prepare('SELECT COUNT(*) AS n FROM signups WHERE (?1 IS NULL OR status = ?1)');
  const pageSignups = db.prepare(
    'SELECT * FROM signups WHERE (?1 IS NULL OR status = ?1) ORDER BY created_at DESC, id LIMIT ?2 OFFSET ?3',
  );
  const countRegistrations = db.prepare('SELECT COUNT(*) AS n FROM registrations');
  const pageRegistrations = db.prepare('SELECT * FROM registrations ORDER BY created_at DESC, id LIMIT ? OFFSET ?');

  const insight = {
    stored: db.prepare(insightSql.stored),
    distinct: db.prepare(insightSql.distinct),
    add: db.prepare(insightSql.add),
    feedbackCount: db.prepare(insightSql.feedbackCount),
    addFeedback: db.prepare(insightSql.addFeedback),
    days: db.prepare(insightSql.days),
    feedbackDays: db.prepare(insightSql.feedbackDays),
    thumbsDown: db.prepare(insightSql.thumbsDown),
    purgeQueries: db.prepare(insightSql.purgeQueries),
    purgeFeedback: db.prepare(insightSql.purgeFeedback),
    list: Object.fromEntries(Object.entries(insightSql.list).map(([name, sql]) => [name, db.prepare(sql)])) as Record<
      InsightList,
      StatementSync
    >,
  };
  const write = createGroupCommit(db);
  const erase = emailRecords.map((r) => ({
    table: r.table,
    statement: db.prepare(`DELETE FROM ${r.table} WHERE ${r.where}`),
  }));
  const purge = retainedRecords.map((r) => ({
    table: r.table,
    statement: db.prepare(`DELETE FROM ${r.table} WHERE ${r.createdAt} < ?`),
  }));
  const schemaVersion = db.prepare('SELECT MAX(version) AS v FROM schema_migrations');
  /** Runs each delete with `value` in one transaction (the group commit's), counting the rows per table. */
  const deleteAll = (deletes: typeof erase, value: SQLInputValue) =>
    write(() => {
      const removed: Removed = {};
      for (const { table, statement } of deletes)
        removed[table] = (removed[table] ?? 0) + Number(statement.run(value).changes);
      return removed;
    });
  const queue = (mail: OutgoingMail, now: number) => {
    insertMail.run(mailRow(newId('msg'), mail, now));
  };
  const change = (statement: typeof confirm, values: { id: string; via?: string }) =>
    write((): SubscriberChange => {
      if (statement.run({ ...values, now: Date.now() }).changes > 0) return 'changed';
      return statusOf.get(values.id) ? 'already' : 'missing';
    });

  return {
    async upsertSignup(s: NewSignup, confirmation?: (subscriberId: string) => OutgoingMail) {
      const id = newId('sub');
      const now = Date.now();
      const row = await write(() => {
        const stored = upsert.get(signupRow(id, s, now)) as { id: string };
        if (confirmation && claimConfirmation.get(now, stored.id, now - CONFIRMATION_INTERVAL_MS))
          queue(confirmation(stored.id), now);
        return stored;
      });
      return { created: row.id === id };
    },

    async createRegistration(
      r: NewRegistration,
      idempotency?: Idempotency,
      mail?: (registrationId: string) => OutgoingMail[],
    ) {
      return write(() => {
        if (idempotency) {
          const earlier = byKey.get(idempotency.key) as { id: string; request_hash: string } | undefined;
          if (earlier) {
            if (earlier.request_hash !== idempotency.requestHash) throw new IdempotencyConflictError(idempotency.key);
            return { registrationId: earlier.id, replayed: true };
          }
        }
        const id = newId('reg');
        const createdAt = Date.now();
        insertRegistration.run(registrationRow({ ...r, id, createdAt }, idempotency));
        for (const message of mail?.(id) ?? []) queue(message, createdAt);
        return { registrationId: id, replayed: false };
      });
    },

    async findIdempotentRegistration(key: string) {
      const row = byKey.get(key) as { id: string; request_hash: string } | undefined;
      return row && { registrationId: row.id, requestHash: row.request_hash };
    },

    async listSignups({ limit, offset, status }: PageRequest): Promise<Page<SignupRecord>> {
      const total = Number((countSignups.get(status ?? null) as { n: number }).n);
      const items = (pageSignups.all(status ?? null, limit, offset) as Record<string, unknown>[]).map(toSignup);
      return { total, items };
    },

    confirmSubscriber: (id: string, via: string) => change(confirm, { id, via }),
    unsubscribe: (id: string) => change(unsubscribe, { id }),

    async deliverMail(
      deliver: (mail: QueuedMail) => Promise<DeliveryOutcome>,
      { limit, retryDelay, leaseMs = 60_000 }: DeliverOptions,
    ) {
      const now = Date.now();
      const claimed = await write(() =>
        (claimMail.all(now + leaseMs, now, now, limit) as Record<string, unknown>[]).map(toQueuedMail),
      );
      let sent = 0;
      let failed = 0;
      // Each mark is written as soon as its delivery is done, without waiting for that commit before the next
      // delivery: marks of one event-loop turn share the visitors' group commit instead of costing fsyncs of
      // their own (every SQLite fsync holds the event loop).
      const marks: Promise<unknown>[] = [];
      for (const mail of claimed) {
        const outcome = await deliver(mail);
        const at = Date.now();
        if (outcome.ok) {
          sent++;
          marks.push(write(() => markSent.run(at, mail.id)));
        } else {
          failed++;
          marks.push(
            write(() =>
              markFailed.run(
                outcome.error.slice(0, 1000),
                at + retryDelay(mail.attempts + 1),
                outcome.permanent ? at : null,
                mail.id,
              ),
            ),
          );
        }
      }
      await Promise.all(marks);
      return { sent, failed };
    },

    async countUnsentMail() {
      return Number((countUnsent.get() as { n: number }).n);
    },

    async purgeExpired({ pendingBefore, unsubscribedBefore, mailBefore }: RetentionCutoffs) {
      return write(() => ({
        pending: Number(purgePending.run(pendingBefore).changes),
        unsubscribed: Number(purgeUnsubscribed.run(unsubscribedBefore).changes),
        mail: Number(purgeMail.run(mailBefore, mailBefore).changes),
      }));
    },

    async ensureSecret(name: string, candidate: string) {
      await write(() => insertSecret.run(name, candidate, Date.now()));
      return String((readSecret.get(name) as { value: string }).value);
    },

    async listRegistrations({ limit, offset }: PageRequest): Promise<Page<RegistrationRecord>> {
      const total = Number((countRegistrations.get() as { n: number }).n);
      const items = (pageRegistrations.all(limit, offset) as Record<string, unknown>[]).map(toRegistration);
      return { total, items };
    },

    async eraseEmail(email: string) {
      const removed = await deleteAll(erase, email);
      // The WAL still holds the pages as they were before the delete: copy them back and empty it.
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      return removed;
    },
    purgeCreatedBefore: (cutoff: number) => deleteAll(purge, cutoff),

    async recordInsights({ queries, feedback }: InsightBatch, cap: number) {
      await write(() => {
        const stored = (e: InsightEntry) => insight.stored.get(e.day, e.kind, e.text) !== undefined;
        const distinct = (day: string, kind: InsightKind) =>
          Number((insight.distinct.get(day, kind) as { n: number }).n);
        for (const entry of capBatch(queries, cap, stored, distinct)) insight.add.run(...entryParams(entry));
        const perDay = new Map<string, number>();
        for (const f of feedback) {
          const count = perDay.get(f.day) ?? Number((insight.feedbackCount.get(f.day) as { n: number }).n);
          if (count >= FEEDBACK_PER_DAY) continue;
          perDay.set(f.day, count + 1);
          insight.addFeedback.run(...(feedbackParams(newId('fb'), f) as SQLInputValue[]));
        }
      });
    },

    async insightList(list: InsightList, fromDay: string, limit: number) {
      return (insight.list[list].all(fromDay, limit) as Record<string, unknown>[]).map((row) => ({
        text: String(row.text),
        ...toCounts(row),
      }));
    },

    async insightDays(fromDay: string) {
      const queries = (insight.days.all(fromDay) as Record<string, unknown>[]).map((row) => ({
        day: String(row.day),
        kind: row.kind as InsightKind,
        ...toCounts(row),
      }));
      const feedback = (insight.feedbackDays.all(fromDay) as Record<string, unknown>[]).map((row) => ({
        day: String(row.day),
        rating: row.rating as Rating,
        count: Number(row.count),
      }));
      return { queries, feedback };
    },

    async thumbsDown(fromDay: string, limit: number) {
      return (insight.thumbsDown.all(fromDay, limit) as Record<string, unknown>[]).map(toFeedback);
    },

    purgeInsightsBefore: (day: string) =>
      write(() => Number(insight.purgeQueries.run(day).changes) + Number(insight.purgeFeedback.run(day).changes)),

    async schemaVersion() {
      return Number((schemaVersion.get() as { v: number | null }).v ?? 0);
    },

    async close() {
      if (db.isOpen) db.close();
    },
  };
}

/** Applies the migrations not yet recorded, each in its own transaction; safe when two processes start at once. */
function migrate(db: DatabaseSync): void {
  db.exec(MIGRATIONS_TABLE);
  for (const m of migrations) {
    db.exec('BEGIN IMMEDIATE');
    try {
      if (!db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(m.version)) {
        db.exec(m.sql);
        db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
          m.version,
          m.name,
          Date.now(),
        );
      }
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      throw new Error(`Migration ${m.version} (${m.name}) failed: ${(err as Error).message}`, { cause: err });
    }
  }
}
