import type { RegistrationRecord, SignupRecord, SubmissionStore } from '../store/types.ts';
import { CSV_BOM, csvRow, type CsvValue } from './encode.ts';
import { registrationColumns } from '../store/rows.ts';

const BATCH = 500;
const iso = (ms: number) => new Date(ms).toISOString();

interface Export<T> {
  header: string[];
  row(record: T): CsvValue[];
  list(store: SubmissionStore, page: { limit: number; offset: number }): Promise<{ total: number; items: T[] }>;
}

/**
 * The list for the mailing tool: confirmed subscribers only (double opt-in), each with the RFC 8058 unsubscribe
 * URL its mail must carry in List-Unsubscribe. Pending and unsubscribed addresses are never exported.
 */
export const signupExport = (unsubscribeUrlOf: (subscriberId: string) => string): Export<SignupRecord> => ({
  header: [
    'id',
    'email',
    'name',
    'interests',
    'source',
    'created_at',
    'confirmed_at',
    'confirmed_via',
    'unsubscribe_url',
  ],
  row: (s) => [
    s.id,
    s.email,
    s.name,
    s.interests.join('; '),
    s.source,
    iso(s.createdAt),
    s.confirmedAt === undefined ? '' : iso(s.confirmedAt),
    s.confirmedVia,
    unsubscribeUrlOf(s.id),
  ],
  list: (store, page) => store.listSignups({ ...page, status: 'confirmed' }),
});

/** The cells that are not the stored value as it is; every other column is exported as stored. */
const registrationCells: { [F in keyof RegistrationRecord]?: (r: RegistrationRecord) => CsvValue } = {
  createdAt: (r) => iso(r.createdAt),
  courses: (r) => r.courses.map((c) => (c.section ? `${c.code}-${c.section}` : c.code)).join('; '),
};
const registrationFields = Object.keys(registrationColumns) as (keyof RegistrationRecord)[];

/** Every column of the registrations table, in its column map's order: a new field is exported without a change here. */
export const registrationExport: Export<RegistrationRecord> = {
  header: Object.values(registrationColumns).map(([column]) => column),
  row: (r) => registrationFields.map((field) => registrationCells[field]?.(r) ?? (r[field] as CsvValue)),
  list: (store, page) => store.listRegistrations(page),
};

/**
 * Every record as CSV, read from the store in batches so a large table never sits in memory at once.
 * The store lists newest first: a record added during the export pushes older ones one place on, which can
 * show a record twice but never skip one; ids already written are dropped.
 */
export function csvStream<T extends { id: string }>(
  store: SubmissionStore,
  what: Export<T>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const seen = new Set<string>();
  let offset = 0;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvRow(what.header)));
        return;
      }
      const { items } = await what.list(store, { limit: BATCH, offset });
      offset += items.length;
      const fresh = items.filter((item) => !seen.has(item.id));
      for (const item of fresh) seen.add(item.id);
      if (fresh.length) controller.enqueue(encoder.encode(fresh.map((item) => csvRow(what.row(item))).join('')));
      if (items.length < BATCH) controller.close();
    },
  });
}

/** The response for a CSV download, named after the table and the day. */
export function csvResponse(name: string, body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    },
  });
}
