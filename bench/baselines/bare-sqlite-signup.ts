// Ceiling for the signup route: node:http reading a JSON body and upserting it into node:sqlite with the same
// durability settings as our store (WAL, synchronous=FULL), no framework, no validation, no limits.
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { DatabaseSync } from 'node:sqlite';

const db = new DatabaseSync(join(process.env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'bare-sqlite-')), 'bare.sqlite'));
db.exec(
  'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; CREATE TABLE IF NOT EXISTS signups (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL)',
);
const upsert = db.prepare(
  'INSERT INTO signups (email, created_at) VALUES (?, ?) ON CONFLICT (email) DO UPDATE SET created_at = excluded.created_at',
);
const ok = JSON.stringify({ status: 'accepted' });

createServer((req, res) => {
  if (req.method !== 'POST') return void res.writeHead(200).end('ok');
  let raw = '';
  req.setEncoding('utf8');
  req.on('data', (d) => {
    raw += d;
  });
  req.on('end', () => {
    try {
      upsert.run(String(JSON.parse(raw).email).toLowerCase(), Date.now());
      res
        .writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(ok) })
        .end(ok);
    } catch {
      res.writeHead(400).end();
    }
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
