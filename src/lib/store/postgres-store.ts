import postgres from 'postgres';
import { MIGRATIONS_TABLE, migrations } from './migrations.ts';
import { emailRecords, retainedRecords, type Removed } from './erasure.ts';
import { newId } from './ids.ts';
import {
  capBatch,
  entryParams,
  FEEDBACK_PER_DAY,
  feedbackParams,
  insightSql,
  pg,
  toCounts,
  toFeedback,
  type InsightBatch,
  type InsightKind,
  type InsightList,
  type Rating,
} from './insights.ts';
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
import {
  mailRow,
  registrationInsertColumns,
  signupRow,
  registrationRow,
  toQueuedMail,
  toRegistration,
  toSignup,
} from './rows.ts';

/** Any constant both the store and every other instance agree on: the advisory lock that serialises migrations. */
export const MIGRATION_LOCK_ID = 7_243_551_901;
/** Serialises insight flushes of all instances, so the daily cap of distinct queries holds across them. */
export const INSIGHTS_LOCK_ID = 7_243_551_902;

export interface PostgresStoreOptions {
  /** Most connections this process opens (DATABASE_POOL_SIZE). */
  poolSize: number;
}

/**
 * The PostgreSQL submissions store, for several instances sharing one database (DATABASE_URL).
 *
 * Every write is one autocommitted statement: with PostgreSQL's default `synchronous_commit = on` it is flushed to
 * the WAL before the answer, so a `200` means durably stored, as with SQLite. PostgreSQL groups concurrent commits
 * into one WAL flush by itself, so no group commit is needed here. Uniqueness (one row per address, one
 * registration per idempotency key) is enforced by the database with `ON CONFLICT`, which is what keeps it exact
 * when two instances receive the same submission at the same moment.
 *
 * The client connects lazily and reconnects by itself: while the database is down every call rejects (the forms
 * answer `503 STORAGE_UNAVAILABLE`), and the first call after it returns opens a new connection.
 * Resolves once connected and migrated, so a bad URL or a failed migration stops the start.
 */
export async function openPostgresStore(url: string, { poolSize }: PostgresStoreOptions): Promise<SubmissionStore> {
  const sql = postgres(url, {
    max: poolSize,
    // Fail a visitor's request within seconds when the database is unreachable, instead of hanging it.
    connect_timeout: 5,
    idle_timeout: 60,
    onnotice: () => {},
    connection: { application_name: 'institute-website' },
  });
  try {
    await migrate(sql);
  } catch (err) {
    await sql.end({ timeout: 1 });
    throw err;
  }

  const findByKey = async (key: string) => {
    const [row] = await sql<
      { id: string; request_hash: string }[]
    >`SELECT id, request_hash FROM registrations WHERE idempotency_key = ${key}`;
    return row && { registrationId: row.id, requestHash: row.request_hash };
  };

  // Outbox rows as one JSON parameter, so a single statement can insert them beside the submission (which sets
  // their times: the 0 is not read).
  const mailRows = (mails: OutgoingMail[]) => JSON.stringify(mails.map((m) => mailRow(newId('msg'), m, 0)));

  /** Confirms (with `via`, where it was confirmed from) or unsubscribes. */
  const change = async (id: string, via?: string): Promise<SubscriberChange> => {
    const now = Date.now();
    const rows =
      via !== undefined
        ? await sql`UPDATE signups SET status = 'confirmed', confirmed_at = ${now}, updated_at = ${now}, confirmed_via = ${via}
          WHERE id = ${id} AND status = 'pending' RETURNING id`
        : await sql`UPDATE signups SET status = 'unsubscribed', unsubscribed_at = ${now}, updated_at = ${now}
          WHERE id = ${id} AND status IN ('pending', 'confirmed') RETURNING id`;
    if (rows.length > 0) return 'changed';
    return (await sql`SELECT 1 FROM signups WHERE id = ${id}`).length > 0 ? 'already' : 'missing';
  };

  return {
    async upsertSignup(s: NewSignup, confirmation?: (subscriberId: string) => OutgoingMail) {
      const id = newId('sub');
      const now = Date.now();
      // Merges as the SQLite store does (see there): nothing stored is replaced, interests are appended up to
      // MAX_INTERESTS. ON CONFLICT DO UPDATE locks the row and sees its latest version, so concurrent merges add up.
      // One autocommitted statement; the confirmation, when due, is a second one (below).
      const upsert = (q: postgres.Sql) => q<{ id: string }[]>`
        INSERT INTO signups ${q(signupRow(id, s, now))}
        ON CONFLICT (email) DO UPDATE SET
          name = COALESCE(signups.name, excluded.name),
          interests = (SELECT COALESCE(json_agg(value ORDER BY rank), '[]')::text FROM (
            SELECT value, MIN(rank) AS rank FROM (
              SELECT value, rank FROM json_array_elements_text(signups.interests::json) WITH ORDINALITY AS old (value, rank)
              UNION ALL SELECT value, 1000 + rank FROM json_array_elements_text(excluded.interests::json) WITH ORDINALITY AS new (value, rank)
            ) AS listed GROUP BY value ORDER BY rank LIMIT ${MAX_INTERESTS}) AS merged),
          source = COALESCE(signups.source, excluded.source),
          updated_at = excluded.updated_at,
          status = CASE WHEN signups.status = 'unsubscribed' THEN 'pending' ELSE signups.status END,
          confirm_sent_at = CASE WHEN signups.status = 'unsubscribed' THEN NULL ELSE signups.confirm_sent_at END,
          unsubscribed_at = NULL
        RETURNING id`;
      const [row] = await upsert(sql);
      const storedId = row!.id;
      if (confirmation) {
        // The claim (confirm_sent_at) and the mail are one statement: either both are committed or neither, so a
        // pending address never counts as emailed without its email queued; concurrent signups claim once. Should
        // this statement fail after the upsert committed, the request answers 503 and the next signup queues it.
        const mail = mailRows([confirmation(storedId)]);
        await sql`
          WITH claimed AS (
            UPDATE signups SET confirm_sent_at = ${now} WHERE id = ${storedId} AND status = 'pending'
              AND (confirm_sent_at IS NULL OR confirm_sent_at <= ${now - CONFIRMATION_INTERVAL_MS}) RETURNING id)
          INSERT INTO outbox (id, to_address, subject, body, headers, next_attempt_at, created_at)
          SELECT m.id, m.to_address, m.subject, m.body, m.headers, ${now}, ${now}
          FROM json_to_recordset(${mail}::text::json) AS m (id text, to_address text, subject text, body text, headers text), claimed`;
      }
      return { created: storedId === id };
    },

    async createRegistration(
      r: NewRegistration,
      idempotency?: Idempotency,
      mail_?: (registrationId: string) => OutgoingMail[],
    ) {
      const id = newId('reg');
      const now = Date.now();
      // One statement: the registration and its mail are committed together, and the mail only if the row is new.
      const mail = mailRows(mail_?.(id) ?? []);
      const [inserted] = await sql<{ id: string }[]>`
        WITH reg AS (
          INSERT INTO registrations ${sql(registrationRow({ ...r, id, createdAt: now }, idempotency), registrationInsertColumns)}
          ON CONFLICT (idempotency_key) DO NOTHING
          RETURNING id),
        queued AS (
          INSERT INTO outbox (id, to_address, subject, body, headers, next_attempt_at, created_at)
          SELECT m.id, m.to_address, m.subject, m.body, m.headers, ${now}, ${now}
          FROM json_to_recordset(${mail}::text::json) AS m (id text, to_address text, subject text, body text, headers text), reg)
        SELECT id FROM reg`;
      if (inserted) return { registrationId: inserted.id, replayed: false };
      // Only an idempotency key can conflict (NULL keys never do): the row that won is committed, so it is visible.
      const earlier = await findByKey(idempotency!.key);
      if (!earlier || earlier.requestHash !== idempotency!.requestHash)
        throw new IdempotencyConflictError(idempotency!.key);
      return { registrationId: earlier.registrationId, replayed: true };
    },

    findIdempotentRegistration: findByKey,

    async listSignups({ limit, offset, status }: PageRequest): Promise<Page<SignupRecord>> {
      const where = status ? sql`WHERE status = ${status}` : sql``;
      const [[count], rows] = await Promise.all([
        sql<{ n: number }[]>`SELECT COUNT(*)::int AS n FROM signups ${where}`,
        // COLLATE "C": ties broken by byte order, as SQLite does, whatever the database's locale.
        sql<
          Record<string, unknown>[]
        >`SELECT * FROM signups ${where} ORDER BY created_at DESC, id COLLATE "C" LIMIT ${limit} OFFSET ${offset}`,
      ]);
      return { total: count!.n, items: rows.map(toSignup) };
    },

    confirmSubscriber: (id: string, via: string) => change(id, via),
    unsubscribe: (id: string) => change(id),

    /**
     * Claims due messages with one statement: `FOR UPDATE SKIP LOCKED` makes concurrent claims of several
     * instances take disjoint rows, and the lease (`locked_until`) keeps a claimed row from every other sender
     * until it is marked sent or failed. A sender that dies mid-delivery leaves the rows to be taken again when the
     * lease ends. Every statement autocommits: no transaction is held open across an SMTP conversation.
     */
    async deliverMail(
      deliver: (mail: QueuedMail) => Promise<DeliveryOutcome>,
      { limit, retryDelay, leaseMs = 5 * 60_000 }: DeliverOptions,
    ) {
      const now = Date.now();
      const claimed = (
        await sql<Record<string, unknown>[]>`
        UPDATE outbox SET locked_until = ${now + leaseMs} WHERE id IN (
          SELECT id FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${now}
            AND (locked_until IS NULL OR locked_until <= ${now})
          ORDER BY next_attempt_at, created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING *`
      ).map(toQueuedMail);
      let sent = 0;
      let failed = 0;
      for (const mail of claimed) {
        const result = await deliver(mail);
        const at = Date.now();
        if (result.ok) {
          sent++;
          await sql`UPDATE outbox SET sent_at = ${at}, locked_until = NULL, last_error = NULL WHERE id = ${mail.id}`;
        } else {
          failed++;
          await sql`UPDATE outbox SET attempts = attempts + 1, last_error = ${result.error.slice(0, 1000)}, locked_until = NULL,
            next_attempt_at = ${at + retryDelay(mail.attempts + 1)}, failed_at = ${result.permanent ? at : null} WHERE id = ${mail.id}`;
        }
      }
      return { sent, failed };
    },

    async countUnsentMail() {
      const [row] = await sql<
        { n: number }[]
      >`SELECT COUNT(*)::int AS n FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL`;
      return row!.n;
    },

    async purgeExpired({ pendingBefore, unsubscribedBefore, mailBefore }: RetentionCutoffs) {
      const pending = await sql`DELETE FROM signups WHERE status = 'pending' AND updated_at < ${pendingBefore}`;
      const unsubscribed =
        await sql`DELETE FROM signups WHERE status = 'unsubscribed' AND unsubscribed_at < ${unsubscribedBefore}`;
      const mail =
        await sql`DELETE FROM outbox WHERE (sent_at IS NOT NULL AND sent_at < ${mailBefore}) OR (failed_at IS NOT NULL AND failed_at < ${mailBefore})`;
      return { pending: pending.count, unsubscribed: unsubscribed.count, mail: mail.count };
    },

    async ensureSecret(name: string, candidate: string) {
      await sql`INSERT INTO secrets (name, value, created_at) VALUES (${name}, ${candidate}, ${Date.now()}) ON CONFLICT (name) DO NOTHING`;
      const [row] = await sql<{ value: string }[]>`SELECT value FROM secrets WHERE name = ${name}`;
      return row!.value;
    },

    async listRegistrations({ limit, offset }: PageRequest): Promise<Page<RegistrationRecord>> {
      const [[count], rows] = await Promise.all([
        sql<{ n: number }[]>`SELECT COUNT(*)::int AS n FROM registrations`,
        sql<
          Record<string, unknown>[]
        >`SELECT * FROM registrations ORDER BY created_at DESC, id COLLATE "C" LIMIT ${limit} OFFSET ${offset}`,
      ]);
      return { total: count!.n, items: rows.map(toRegistration) };
    },

    async eraseEmail(email: string) {
      return deleteAll(
        sql,
        emailRecords.map((r) => ({
          table: r.table,
          query: `DELETE FROM ${r.table} WHERE ${r.where.replace('?', '$1')}`,
        })),
        email,
      );
    },

    async purgeCreatedBefore(cutoff: number) {
      return deleteAll(
        sql,
        retainedRecords.map((r) => ({ table: r.table, query: `DELETE FROM ${r.table} WHERE ${r.createdAt} < $1` })),
        cutoff,
      );
    },

    async recordInsights({ queries, feedback }: InsightBatch, cap: number) {
      await sql.begin(async (tx) => {
        await tx`SELECT pg_advisory_xact_lock(${INSIGHTS_LOCK_ID})`;
        // What the cap needs to know, read once per day and kind of the batch.
        const known = new Map<string, { distinct: number; stored: Set<string> }>();
        for (const { day, kind } of queries) {
          const group = `${day}\u0000${kind}`;
          if (known.has(group)) continue;
          const texts = queries.filter((e) => e.day === day && e.kind === kind).map((e) => e.text);
          const [count] = await tx.unsafe(pg(insightSql.distinct), [day, kind]);
          const stored =
            await tx`SELECT text FROM insight_queries WHERE day = ${day} AND kind = ${kind} AND text = ANY(${texts})`;
          known.set(group, { distinct: Number(count!.n), stored: new Set(stored.map((r) => String(r.text))) });
        }
        const group = (day: string, kind: InsightKind) => known.get(`${day}\u0000${kind}`)!;
        const capped = capBatch(
          queries,
          cap,
          (e) => group(e.day, e.kind).stored.has(e.text),
          (day, kind) => group(day, kind).distinct,
        );
        for (const entry of capped) await tx.unsafe(pg(insightSql.add), entryParams(entry));
        const perDay = new Map<string, number>();
        for (const f of feedback) {
          const count = perDay.get(f.day) ?? Number((await tx.unsafe(pg(insightSql.feedbackCount), [f.day]))[0]!.n);
          if (count >= FEEDBACK_PER_DAY) continue;
          perDay.set(f.day, count + 1);
          await tx.unsafe(pg(insightSql.addFeedback), feedbackParams(newId('fb'), f));
        }
      });
    },

    async insightList(list: InsightList, fromDay: string, limit: number) {
      const rows = await sql.unsafe(pg(insightSql.list[list]), [fromDay, limit]);
      return rows.map((row) => ({ text: String(row.text), ...toCounts(row) }));
    },

    async insightDays(fromDay: string) {
      const [queries, feedback] = await Promise.all([
        sql.unsafe(pg(insightSql.days), [fromDay]),
        sql.unsafe(pg(insightSql.feedbackDays), [fromDay]),
      ]);
      return {
        queries: queries.map((row) => ({ day: String(row.day), kind: row.kind as InsightKind, ...toCounts(row) })),
        feedback: feedback.map((row) => ({
          day: String(row.day),
          rating: row.rating as Rating,
          count: Number(row.count),
        })),
      };
    },

    async thumbsDown(fromDay: string, limit: number) {
      return (await sql.unsafe(pg(insightSql.thumbsDown), [fromDay, limit])).map(toFeedback);
    },

    async purgeInsightsBefore(day: string) {
      const removed = await deleteAll(
        sql,
        [
          { table: 'insight_queries', query: pg(insightSql.purgeQueries) },
          { table: 'insight_feedback', query: pg(insightSql.purgeFeedback) },
        ],
        day,
      );
      return (removed.insight_queries ?? 0) + (removed.insight_feedback ?? 0);
    },

    async schemaVersion() {
      const [row] = await sql<{ v: number | null }[]>`SELECT MAX(version)::int AS v FROM schema_migrations`;
      return row?.v ?? 0;
    },

    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}

/** Runs each delete with `value` in one transaction, counting the rows per table. */
async function deleteAll(
  sql: postgres.Sql,
  deletes: { table: string; query: string }[],
  value: string | number,
): Promise<Removed> {
  return sql.begin(async (tx) => {
    const removed: Removed = {};
    for (const { table, query } of deletes)
      removed[table] = (removed[table] ?? 0) + (await tx.unsafe(query, [value])).count;
    return removed;
  }) as Promise<Removed>;
}

/**
 * Applies the migrations not yet recorded, each in its own transaction under a transaction-level advisory lock:
 * when several instances start at once, one applies a migration while the others wait, then find it recorded.
 * The lock is released by COMMIT or ROLLBACK, so a crashed instance cannot leave it held.
 */
async function migrate(sql: postgres.Sql): Promise<void> {
  for (const m of migrations) {
    try {
      await sql.begin(async (tx) => {
        await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`;
        await tx.unsafe(MIGRATIONS_TABLE);
        const [done] = await tx`SELECT 1 FROM schema_migrations WHERE version = ${m.version}`;
        if (done) return;
        // The migration's SQL holds several statements: the simple query protocol runs them as one.
        await tx.unsafe(m.sql).simple();
        await tx`INSERT INTO schema_migrations (version, name, applied_at) VALUES (${m.version}, ${m.name}, ${Date.now()})`;
      });
    } catch (err) {
      throw new Error(`Migration ${m.version} (${m.name}) failed: ${(err as Error).message}`, { cause: err });
    }
  }
}
