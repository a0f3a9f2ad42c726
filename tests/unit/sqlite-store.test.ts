import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { openSqliteStore, SQLITE_FILE } from '../../src/lib/store/sqlite-store.ts';
import { migrations, MIGRATIONS_TABLE } from '../../src/lib/store/migrations.ts';
import { describeSubmissionStore } from '../helpers/store-suite.ts';
import { createGroupCommit } from '../../src/lib/store/group-commit.ts';

const freshDir = () => mkdtempSync(join(tmpdir(), 'store-test-'));

describeSubmissionStore('sqlite', () => openSqliteStore(freshDir()));

describe('SQLite specifics', () => {
  it('runs in WAL mode with full synchronous commits and records each migration once', async () => {
    const dir = freshDir();
    await openSqliteStore(dir).close();
    const again = openSqliteStore(dir); // a second start must not re-apply anything
    const db = new DatabaseSync(join(dir, SQLITE_FILE));
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(
      db
        .prepare('SELECT version FROM schema_migrations ORDER BY version')
        .all()
        .map((r) => r.version),
    ).toEqual(migrations.map((m) => m.version));
    db.close();
    await again.close();
  });

  it('keeps the signups stored before double opt-in as confirmed, so the purge of unconfirmed ones spares them', async () => {
    const dir = freshDir();
    const db = new DatabaseSync(join(dir, SQLITE_FILE));
    db.exec(MIGRATIONS_TABLE);
    db.exec(migrations[0]!.sql);
    db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(1, migrations[0]!.name, 1);
    db.prepare('INSERT INTO signups (id, email, created_at, updated_at) VALUES (?, ?, ?, ?)').run(
      'sub_old',
      'old@example.org',
      1000,
      2000,
    );
    db.close();
    const store = openSqliteStore(dir);
    const { items } = await store.listSignups({ limit: 10, offset: 0, status: 'confirmed' });
    expect(items.map((s) => [s.email, s.confirmedAt])).toEqual([['old@example.org', 2000]]);
    await store.close();
  });

  it('stores no IP address column anywhere', () => {
    const dir = freshDir();
    openSqliteStore(dir);
    const db = new DatabaseSync(join(dir, SQLITE_FILE));
    const columns = ['signups', 'registrations'].flatMap((t) =>
      db
        .prepare(`PRAGMA table_info(${t})`)
        .all()
        .map((c) => String(c.name)),
    );
    expect(columns.filter((c) => /ip|addr/i.test(c))).toEqual([]);
    db.close();
  });

  it('refuses to open a data directory it cannot create', () => {
    const file = join(freshDir(), 'a-file');
    writeFileSync(file, 'not a folder');
    expect(() => openSqliteStore(join(file, 'data'))).toThrow(/ENOTDIR|not a directory/i);
  });
});

describe('group commit', () => {
  it('shares one transaction between concurrent writes and rolls a failing write back alone', async () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (v TEXT UNIQUE)');
    const write = createGroupCommit(db);
    const insert = (v: string) => () => db.prepare('INSERT INTO t (v) VALUES (?)').run(v);
    const results = await Promise.allSettled([
      write(insert('a')),
      write(() => {
        insert('half-done')();
        throw new Error('boom');
      }),
      write(insert('a')), // unique violation: fails alone
      write(insert('b')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(
      db
        .prepare('SELECT v FROM t ORDER BY v')
        .all()
        .map((r) => r.v),
    ).toEqual(['a', 'b']);
  });

  it('rejects the whole batch and stores nothing when the commit cannot start', async () => {
    const dir = freshDir();
    const file = join(dir, 'x.sqlite');
    const db = new DatabaseSync(file);
    db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 50; CREATE TABLE t (v TEXT)');
    const other = new DatabaseSync(file);
    other.exec('BEGIN IMMEDIATE');
    const write = createGroupCommit(db);
    const results = await Promise.allSettled([
      write(() => db.exec("INSERT INTO t VALUES ('x')")),
      write(() => db.exec("INSERT INTO t VALUES ('y')")),
    ]);
    other.exec('ROLLBACK');
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 0 });
  });
});
