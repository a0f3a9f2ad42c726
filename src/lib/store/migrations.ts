/**
 * Versioned schema migrations, applied in order at start and recorded in `schema_migrations`. The SQL is the
 * common subset of SQLite and PostgreSQL (TEXT, BIGINT, ids made by the application, JSON kept as TEXT), so the
 * PostgreSQL store runs the very same list. Never edit a released migration: add the next version.
 */
export interface Migration { version: number; name: string; sql: string }

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
];

/** The schema version a fully migrated store records. */
export const latestMigration = () => Math.max(...migrations.map((m) => m.version));

export const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`;
