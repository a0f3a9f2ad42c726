import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { openSqliteStore, SQLITE_FILE } from '../../src/lib/store/sqlite-store.ts';
import { migrations } from '../../src/lib/store/migrations.ts';
import { describeSubmissionStore } from '../helpers/store-suite.ts';

const freshDir = () => mkdtempSync(join(tmpdir(), 'store-test-'));

describeSubmissionStore('sqlite', () => openSqliteStore(freshDir()));

describe('SQLite specifics', () => {
  it('runs in WAL mode with full synchronous commits and records each migration once', async () => {
    const dir = freshDir();
    await (openSqliteStore(dir)).close();
    const again = openSqliteStore(dir); // a second start must not re-apply anything
    const db = new DatabaseSync(join(dir, SQLITE_FILE));
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').all().map((r) => r.version)).toEqual(migrations.map((m) => m.version));
    db.close();
    await again.close();
  });

  it('stores no IP address column anywhere', () => {
    const dir = freshDir();
    openSqliteStore(dir);
    const db = new DatabaseSync(join(dir, SQLITE_FILE));
    const columns = ['signups', 'registrations'].flatMap((t) => db.prepare(`PRAGMA table_info(${t})`).all().map((c) => String(c.name)));
    expect(columns.filter((c) => /ip|addr/i.test(c))).toEqual([]);
    db.close();
  });

  it('refuses to open a data directory it cannot create', () => {
    const file = join(freshDir(), 'a-file');
    writeFileSync(file, 'not a folder');
    expect(() => openSqliteStore(join(file, 'data'))).toThrow(/ENOTDIR|not a directory/i);
  });
});
