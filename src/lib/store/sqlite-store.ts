import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { MIGRATIONS_TABLE, migrations } from './migrations.ts';
import { emailRecords, retainedRecords, type Removed } from './erasure.ts';
import { newId } from './ids.ts';
import { createGroupCommit } from './group-commit.ts';
import { toRegistration, toSignup } from './rows.ts';
import {
  IdempotencyConflictError, MAX_INTERESTS, type Idempotency, type NewRegistration, type NewSignup, type Page, type PageRequest,
  type RegistrationRecord, type SignupRecord, type SubmissionStore,
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
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 1000; PRAGMA foreign_keys = ON;');
  migrate(db);

  // A repeat signup (anyone may post any address) replaces nothing: a stored name and source stay, a missing one is
  // filled in, and new interests are appended to the stored ones, distinct, up to MAX_INTERESTS (the stored come
  // first, extras are dropped). One statement, so the merge reads the row it updates even under concurrent signups.
  const upsert = db.prepare(`
    INSERT INTO signups (id, email, name, interests, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (email) DO UPDATE SET
      name = COALESCE(signups.name, excluded.name),
      interests = (SELECT json_group_array(value ORDER BY rank) FROM (
        SELECT value, MIN(rank) AS rank FROM (
          SELECT value, key AS rank FROM json_each(signups.interests)
          UNION ALL SELECT value, 1000 + key FROM json_each(excluded.interests))
        GROUP BY value ORDER BY rank LIMIT ${MAX_INTERESTS})),
      source = COALESCE(signups.source, excluded.source),
      updated_at = excluded.updated_at
    RETURNING id`);
  const byKey = db.prepare('SELECT id, request_hash FROM registrations WHERE idempotency_key = ?');
  const insertRegistration = db.prepare(`
    INSERT INTO registrations (id, idempotency_key, request_hash, student_id, first_name, last_name, email, phone,
      term, courses, notes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const countSignups = db.prepare('SELECT COUNT(*) AS n FROM signups');
  const pageSignups = db.prepare('SELECT * FROM signups ORDER BY created_at DESC, id LIMIT ? OFFSET ?');
  const countRegistrations = db.prepare('SELECT COUNT(*) AS n FROM registrations');
  const pageRegistrations = db.prepare('SELECT * FROM registrations ORDER BY created_at DESC, id LIMIT ? OFFSET ?');

  const write = createGroupCommit(db);
  const erase = emailRecords.map((r) => ({ table: r.table, statement: db.prepare(`DELETE FROM ${r.table} WHERE ${r.where}`) }));
  const purge = retainedRecords.map((r) => ({ table: r.table, statement: db.prepare(`DELETE FROM ${r.table} WHERE ${r.createdAt} < ?`) }));
  const schemaVersion = db.prepare('SELECT MAX(version) AS v FROM schema_migrations');
  /** Runs each delete with `value` in one transaction (the group commit's), counting the rows per table. */
  const deleteAll = (deletes: typeof erase, value: SQLInputValue) => write(() => {
    const removed: Removed = {};
    for (const { table, statement } of deletes) removed[table] = (removed[table] ?? 0) + Number(statement.run(value).changes);
    return removed;
  });

  return {
    async upsertSignup(s: NewSignup) {
      const id = newId('sub');
      const now = Date.now();
      const row = await write(() => upsert.get(id, s.email, s.name ?? null, JSON.stringify(s.interests), s.source ?? null, now, now) as { id: string });
      return { created: row.id === id };
    },

    async createRegistration(r: NewRegistration, idempotency?: Idempotency) {
      return write(() => {
        if (idempotency) {
          const earlier = byKey.get(idempotency.key) as { id: string; request_hash: string } | undefined;
          if (earlier) {
            if (earlier.request_hash !== idempotency.requestHash) throw new IdempotencyConflictError(idempotency.key);
            return { registrationId: earlier.id, replayed: true };
          }
        }
        const id = newId('reg');
        const values: SQLInputValue[] = [id, idempotency?.key ?? null, idempotency?.requestHash ?? '', r.studentId, r.firstName,
          r.lastName, r.email, r.phone ?? null, r.term, JSON.stringify(r.courses), r.notes ?? null, Date.now()];
        insertRegistration.run(...values);
        return { registrationId: id, replayed: false };
      });
    },

    async findIdempotentRegistration(key: string) {
      const row = byKey.get(key) as { id: string; request_hash: string } | undefined;
      return row && { registrationId: row.id, requestHash: row.request_hash };
    },

    async listSignups({ limit, offset }: PageRequest): Promise<Page<SignupRecord>> {
      const total = Number((countSignups.get() as { n: number }).n);
      const items = (pageSignups.all(limit, offset) as Record<string, unknown>[]).map(toSignup);
      return { total, items };
    },

    async listRegistrations({ limit, offset }: PageRequest): Promise<Page<RegistrationRecord>> {
      const total = Number((countRegistrations.get() as { n: number }).n);
      const items = (pageRegistrations.all(limit, offset) as Record<string, unknown>[]).map(toRegistration);
      return { total, items };
    },

    eraseEmail: (email: string) => deleteAll(erase, email),
    purgeCreatedBefore: (cutoff: number) => deleteAll(purge, cutoff),

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
        db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, Date.now());
      }
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      throw new Error(`Migration ${m.version} (${m.name}) failed: ${(err as Error).message}`, { cause: err });
    }
  }
}
