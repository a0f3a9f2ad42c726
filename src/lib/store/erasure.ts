/**
 * Where a person's records live, for erasure (`npm run erase -- <email>`) and retention (RETENTION_DAYS). Both
 * stores run these same lists in one transaction, in order (put a table whose rows reference another's first).
 * A table added by a migration that holds an address, or anything derived from one, gets an entry here.
 */
export interface EmailRecords {
  table: string;
  /** SQL condition selecting the address's rows, with one `?` for the (normalised) address. */
  where: string;
}

export const emailRecords: EmailRecords[] = [
  // Mail to the address (confirmations, receipts), sent or waiting: it carries the address and links to its records.
  { table: 'outbox', where: 'to_address = ?' },
  { table: 'signups', where: 'email = ?' },
  { table: 'registrations', where: 'email = ?' },
  // Insights are redacted before they are written (insights/text.ts); an address that slipped through (spelled
  // in a way the redaction did not see) goes with every stored text that contains it.
  { table: 'insight_queries', where: "lower(text) LIKE '%' || CAST(? AS TEXT) || '%'" },
  {
    table: 'insight_feedback',
    where: "lower(question || ' ' || COALESCE(comment, '')) LIKE '%' || CAST(? AS TEXT) || '%'",
  },
];

export interface RetainedRecords {
  table: string;
  /** The column holding the row's creation time (ms since the epoch). */
  createdAt: string;
}

/** What RETENTION_DAYS purges: course registrations. Newsletter signups stay while the subscriber wants them. */
export const retainedRecords: RetainedRecords[] = [{ table: 'registrations', createdAt: 'created_at' }];

/** Rows removed, by table. */
export type Removed = Record<string, number>;
