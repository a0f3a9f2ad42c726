import type { NewSignup, OutgoingMail, QueuedMail, RegistrationRecord, SignupRecord } from './types.ts';

/**
 * One column map per table: each record field, the column that keeps it, and how. Both stores build their rows
 * and read their records through these maps (the columns are the same in both: migrations.ts), so no row is built
 * by position and a new field is one line here plus its migration.
 */
type Kind = 'text' | 'optional' | 'json' | 'number' | 'optional number';
type ColumnMap<R> = { readonly [F in keyof R]-?: readonly [column: string, kind: Kind] };
export type SqlValue = string | number | null;

export const signupColumns = {
  id: ['id', 'text'],
  email: ['email', 'text'],
  name: ['name', 'optional'],
  interests: ['interests', 'json'],
  source: ['source', 'optional'],
  status: ['status', 'text'],
  createdAt: ['created_at', 'number'],
  updatedAt: ['updated_at', 'number'],
  confirmedAt: ['confirmed_at', 'optional number'],
  confirmedVia: ['confirmed_via', 'optional'],
  unsubscribedAt: ['unsubscribed_at', 'optional number'],
} as const satisfies ColumnMap<SignupRecord>;

/** In the order of the staff's CSV export, which lists every column (csv/submission-export.ts). */
export const registrationColumns = {
  id: ['id', 'text'],
  createdAt: ['created_at', 'number'],
  studentId: ['student_id', 'text'],
  firstName: ['first_name', 'text'],
  lastName: ['last_name', 'text'],
  email: ['email', 'text'],
  phone: ['phone', 'optional'],
  term: ['term', 'text'],
  courses: ['courses', 'json'],
  notes: ['notes', 'optional'],
} as const satisfies ColumnMap<RegistrationRecord>;

export const mailColumns = {
  id: ['id', 'text'],
  to: ['to_address', 'text'],
  subject: ['subject', 'text'],
  text: ['body', 'text'],
  headers: ['headers', 'json'],
  attempts: ['attempts', 'number'],
  createdAt: ['created_at', 'number'],
} as const satisfies ColumnMap<QueuedMail>;

const toColumn = (kind: Kind, value: unknown): SqlValue => {
  if (value === undefined || value === null) return kind === 'json' ? '[]' : null;
  return kind === 'json' ? JSON.stringify(value) : (value as string | number);
};
const fromColumn = (kind: Kind, value: unknown) => {
  if (value === null || value === undefined) return kind === 'json' ? [] : undefined;
  if (kind === 'json') return JSON.parse(String(value));
  return kind === 'number' || kind === 'optional number' ? Number(value) : String(value);
};

/**
 * The row of `record`, by column name: every column of the map (a field the record lacks is NULL), or only those
 * of the `fields` given (an insert that leaves the rest to the columns' defaults).
 */
export function toRow<R extends object>(
  map: ColumnMap<R>,
  record: Partial<R>,
  fields = Object.keys(map) as (keyof R)[],
): Record<string, SqlValue> {
  const row: Record<string, SqlValue> = {};
  for (const field of fields) {
    const [column, kind] = map[field];
    row[column] = toColumn(kind, record[field]);
  }
  return row;
}

/** The record a row holds. */
export function fromRow<R>(map: ColumnMap<R>, row: Record<string, unknown>): R {
  const record: Record<string, unknown> = {};
  for (const [field, [column, kind]] of Object.entries(map) as [string, readonly [string, Kind]][]) {
    const value = fromColumn(kind, row[column]);
    if (value !== undefined) record[field] = value;
  }
  return record as R;
}

export const toSignup = (row: Record<string, unknown>) => fromRow<SignupRecord>(signupColumns, row);
export const toRegistration = (row: Record<string, unknown>) => fromRow<RegistrationRecord>(registrationColumns, row);
export const toQueuedMail = (row: Record<string, unknown>) => fromRow<QueuedMail>(mailColumns, row);

/** The columns a new registration is inserted with: its record's, and the two of its idempotency key. */
export const registrationInsertColumns = [
  ...Object.values(registrationColumns).map(([column]) => column),
  'idempotency_key',
  'request_hash',
];

/** A new registration's row, by column name. */
export const registrationRow = (
  record: RegistrationRecord,
  idempotency?: { key: string; requestHash: string },
): Record<string, SqlValue> => ({
  ...toRow(registrationColumns, record),
  idempotency_key: idempotency?.key ?? null,
  request_hash: idempotency?.requestHash ?? '',
});

/** A mail's outbox row, by column name: due at once. */
export const mailRow = (id: string, mail: OutgoingMail, now: number): Record<string, SqlValue> => ({
  ...toRow(mailColumns, { id, ...mail, headers: mail.headers ?? {}, createdAt: now }, [
    'id',
    'to',
    'subject',
    'text',
    'headers',
    'createdAt',
  ]),
  next_attempt_at: now,
});

/** A new signup's row, by column name (a repeat merges into the stored row: see the stores' upserts). */
export const signupRow = (id: string, s: NewSignup, now: number): Record<string, SqlValue> =>
  toRow(signupColumns, { id, ...s, createdAt: now, updatedAt: now }, [
    'id',
    'email',
    'name',
    'interests',
    'source',
    'createdAt',
    'updatedAt',
  ]);
