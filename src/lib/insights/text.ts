/**
 * What of a visitor's words is kept: the text normalised (so "Greek " and "greek" count as one query) and with
 * email addresses and phone numbers replaced before anything is written. Nothing else about the visitor is kept.
 */

/** Longest stored query or question; a longer one is cut (the rest adds nothing an editor could act on). */
export const MAX_STORED_TEXT = 200;
/** Longest stored feedback comment. */
export const MAX_STORED_COMMENT = 1000;

// Anything shaped like an address, including ones a visitor spaced out around the @.
const EMAIL = /[^\s@<>()[\],;:"]+\s*@\s*[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+/g;
// A run of digits, spaces and the usual separators holding at least 7 digits: phone numbers in any local
// format, while course codes (BIB201), years and page numbers stay.
const PHONE_LIKE = /\+?\(?\d[\d\s()./-]{5,}\d/g;

/** Replaces email addresses and phone numbers with [email] and [phone]. */
export function redact(text: string): string {
  return text
    .replace(EMAIL, '[email]')
    .replace(PHONE_LIKE, (run) => ((run.match(/\d/g)?.length ?? 0) >= 7 ? '[phone]' : run));
}

/** Trims, collapses whitespace, drops control characters, redacts, and cuts at `max` characters. */
export function cleanText(text: string, max: number): string {
  const plain = text
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(redact(plain)).slice(0, max).join('').trim();
}

/** A search query as counted: cleaned and lower-cased (search is case-insensitive, so the counts are too). */
export const normaliseQuery = (query: string) => cleanText(query.toLocaleLowerCase('en'), MAX_STORED_TEXT);

/** A chat question as counted: cleaned, case kept (it is read as a sentence). */
export const normaliseQuestion = (question: string) => cleanText(question, MAX_STORED_TEXT);

/** The UTC day of an instant, YYYY-MM-DD: the unit counts are kept in. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
