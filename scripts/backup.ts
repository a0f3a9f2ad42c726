/**
 * `npm run backup -- <file>`: a consistent copy of the SQLite submissions store (DATA_DIR) while the server keeps
 * serving. It uses SQLite's online backup API (node:sqlite `backup`) in one step: the copy is read inside one read
 * transaction, so it is the store as of one moment, with every write committed before it and none after; in WAL
 * mode the server's writes go on meanwhile. Restore: docs/operations.md. PostgreSQL is backed up with pg_dump.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { ConfigError, getConfig } from '../src/lib/config.ts';
import { SQLITE_FILE } from '../src/lib/store/sqlite-store.ts';

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const target = process.argv[2];
if (!target || process.argv.length > 3)
  fail('Usage: npm run backup -- <file>   (a new file: the copy of the SQLite submissions store)');
let config;
try {
  config = getConfig();
} catch (err) {
  fail(err instanceof ConfigError ? err.message : String(err));
}
if (config!.DATABASE_URL)
  fail(
    'The store is PostgreSQL (DATABASE_URL): back it up with pg_dump, e.g. `pg_dump --format=custom --file=site.dump "$DATABASE_URL"` (docs/operations.md).',
  );
const source = join(resolve(config!.DATA_DIR), SQLITE_FILE);
if (!existsSync(source)) fail(`No SQLite store at ${source} (DATA_DIR=${config!.DATA_DIR}).`);
if (existsSync(target!)) fail(`${target} exists: give a new file name, so no earlier backup is overwritten.`);

const db = new DatabaseSync(source);
db.exec('PRAGMA busy_timeout = 5000');
const started = performance.now();
// Every page in one step, under one read transaction (a step-wise copy restarts whenever the server
// writes in between, and might never finish under a steady stream of signups).
const pages = await backup(db, target!, { rate: 2 ** 31 - 1 });
db.close();

const copy = new DatabaseSync(target!, { readOnly: true });
const check = (copy.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check;
const count = (table: string) => Number((copy.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n);
const counts = { signups: count('signups'), registrations: count('registrations') };
copy.close();
if (check !== 'ok') fail(`The copy failed its integrity check: ${check}`);
console.log(
  `Backed up ${source} to ${resolve(target!)}: ${pages} pages, ${counts.signups} signups, ${counts.registrations} registrations, in ${Math.round(performance.now() - started)} ms.`,
);
