/**
 * Versioned schema migrations, applied in order at start and recorded in `schema_migrations`. The SQL is the
 * common subset of SQLite and PostgreSQL (TEXT, BIGINT, ids made by the application, JSON kept as TEXT), so the
 * PostgreSQL store runs the very same list. Never edit a released migration: add the next version.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'signups and registrations',
    sql: `
      CREATE TABLE signups (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        name TEXT,
        interests TEXT NOT NULL DEFAULT '[]',
        source TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      CREATE INDEX signups_created_at ON signups (created_at);
      CREATE TABLE registrations (
        id TEXT PRIMARY KEY,
        idempotency_key TEXT UNIQUE,
        request_hash TEXT NOT NULL,
        student_id TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        phone TEXT,
        term TEXT NOT NULL,
        courses TEXT NOT NULL,
        notes TEXT,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX registrations_created_at ON registrations (created_at);
    `,
  },
  {
    // Double opt-in: a signup is pending until its address confirms. Rows stored before this were never
    // confirmed, so they start pending (and are deleted with the other unconfirmed ones after 7 days).
    // The outbox holds mail written in the same transaction as the submission that causes it (src/lib/mail/).
    version: 2,
    name: 'subscriber states, mail outbox and secrets',
    sql: `
      ALTER TABLE signups ADD COLUMN status TEXT NOT NULL DEFAULT 'pending';
      ALTER TABLE signups ADD COLUMN confirm_sent_at BIGINT;
      ALTER TABLE signups ADD COLUMN confirmed_at BIGINT;
      ALTER TABLE signups ADD COLUMN unsubscribed_at BIGINT;
      -- Addresses stored before double opt-in subscribed under the earlier single opt-in: kept as confirmed rather
      -- than deleted by the 7-day purge of unconfirmed signups. Every mail they get carries one-click unsubscribe.
      UPDATE signups SET status = 'confirmed', confirmed_at = updated_at;
      CREATE INDEX signups_status ON signups (status, updated_at);
      CREATE TABLE outbox (
        id TEXT PRIMARY KEY,
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        headers TEXT NOT NULL DEFAULT '{}',
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        locked_until BIGINT,
        last_error TEXT,
        sent_at BIGINT,
        failed_at BIGINT,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
      CREATE TABLE secrets (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        created_at BIGINT NOT NULL
      );
    `,
  },
  {
    // Evidence of consent: which page (or API route) the confirmation was made from, beside its time.
    version: 3,
    name: 'where a subscription was confirmed',
    sql: `ALTER TABLE signups ADD COLUMN confirmed_via TEXT;`,
  },
  {
    // Search and chat insights (docs/insights.md): counts per normalised, redacted query per UTC day, never a row
    // per request, and chat feedback. Nothing about the visitor (address, agent, cookie) has a column. text '' is
    // "other": what came after the day's cap of distinct queries.
    version: 4,
    name: 'search and chat insights',
    sql: `
      CREATE TABLE insight_queries (
        day TEXT NOT NULL,
        kind TEXT NOT NULL,
        text TEXT NOT NULL,
        asked BIGINT NOT NULL DEFAULT 0,
        no_results BIGINT NOT NULL DEFAULT 0,
        declined BIGINT NOT NULL DEFAULT 0,
        clicks BIGINT NOT NULL DEFAULT 0,
        click_rank_sum BIGINT NOT NULL DEFAULT 0,
        PRIMARY KEY (day, kind, text)
      );
      CREATE TABLE insight_feedback (
        id TEXT PRIMARY KEY,
        day TEXT NOT NULL,
        rating TEXT NOT NULL,
        question TEXT NOT NULL,
        comment TEXT,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX insight_feedback_day ON insight_feedback (day);
    `,
  },
];

/** The schema version a fully migrated store records. */
export const latestMigration = () => Math.max(...migrations.map((m) => m.version));

export const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`;
