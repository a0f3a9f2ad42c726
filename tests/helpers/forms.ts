/** Helpers for the form API tests: posting JSON as a given client, and reading what the store committed. */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { expect } from 'vitest';

let nextClient = 1;
/** A fresh client address for X-Forwarded-For (servers started with TRUST_PROXY=1), so tests do not share a quota. */
export const newClient = () => `198.18.${Math.floor(nextClient / 250)}.${(nextClient++ % 250) + 1}`;

export const newDataDir = () => mkdtempSync(join(tmpdir(), 'forms-data-'));

export function postJson(
  base: string,
  path: string,
  body: unknown,
  { client, headers = {} }: { client?: string; headers?: Record<string, string> } = {},
) {
  return fetch(base + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(client ? { 'X-Forwarded-For': client } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function expectApiError(res: Response, status: number, code: string) {
  const body = await res.json();
  expect({ status: res.status, code: body?.error?.code }).toEqual({ status, code });
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(typeof body.error.message).toBe('string');
  return body.error as {
    code: string;
    message: string;
    resolution?: string;
    issues?: { path: string; message: string }[];
  };
}

/** Rows the server committed, read straight from its SQLite file (WAL lets us read beside the writer). */
export function committed(dataDir: string, table: 'signups' | 'registrations' | 'outbox'): Record<string, unknown>[] {
  const db = new DatabaseSync(join(dataDir, 'submissions.sqlite'), { readOnly: true });
  try {
    return db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

export const registrationBody = (over: Record<string, unknown> = {}) => ({
  student: {
    studentId: 'S123456',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'Ada@Example.org',
    phone: '+1 555 0100',
  },
  term: '2027-spring',
  courses: [{ code: 'BIB201' }, { code: 'THE310', section: 'B' }],
  ...over,
});
