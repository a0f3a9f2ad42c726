import type { QueuedMail, RegistrationRecord, SignupRecord, SubscriberStatus } from './types.ts';

/** Row → record, shared by both stores: the columns are the same (migrations.ts), JSON kept as TEXT. */

const opt = (v: unknown) => (v === null || v === undefined ? undefined : String(v));
const optNumber = (v: unknown) => (v === null || v === undefined ? undefined : Number(v));

export function toSignup(row: Record<string, unknown>): SignupRecord {
  return {
    id: String(row.id), email: String(row.email), name: opt(row.name), interests: JSON.parse(String(row.interests)),
    source: opt(row.source), status: String(row.status) as SubscriberStatus, createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at), confirmedAt: optNumber(row.confirmed_at),
    confirmedFrom: opt(row.confirmed_from), unsubscribedAt: optNumber(row.unsubscribed_at),
  };
}

export function toRegistration(row: Record<string, unknown>): RegistrationRecord {
  return {
    id: String(row.id), studentId: String(row.student_id), firstName: String(row.first_name), lastName: String(row.last_name),
    email: String(row.email), phone: opt(row.phone), term: String(row.term), courses: JSON.parse(String(row.courses)),
    notes: opt(row.notes), createdAt: Number(row.created_at),
  };
}

export function toQueuedMail(row: Record<string, unknown>): QueuedMail {
  return {
    id: String(row.id), to: String(row.to_address), subject: String(row.subject), text: String(row.body),
    headers: JSON.parse(String(row.headers)), attempts: Number(row.attempts), createdAt: Number(row.created_at),
  };
}
