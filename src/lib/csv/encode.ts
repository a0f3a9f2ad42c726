/**
 * CSV for spreadsheets (RFC 4180: comma-separated, CRLF line ends, fields quoted when they must be).
 *
 * Spreadsheets run a cell that starts with `=`, `+`, `-` or `@` as a formula, and the public fills in these fields.
 * A spreadsheet may also split a line on tabs, semicolons or line ends as well as commas, so a note like
 * `x<TAB>=1+1` can become a cell `=1+1` there. So a cell is neutralised (OWASP's advice for CSV injection: a
 * leading `'`, and quotes around the whole cell, which keep it one cell in any importer that honours quotes) when
 * it starts with a formula character, contains any control character (tab, CR, LF, …), or has a formula
 * character after a separator. `=HYPERLINK(…)` arrives as text. The price: a phone number like `+1 555 0100`
 * shows as `'+1 555 0100`, and a note with a line break starts with `'`.
 */
export type CsvValue = string | number | null | undefined;

const CONTROL = /\p{Cc}/u; // C0, DEL and C1
// A formula character at the start, or after a separator (spaces between, which importers may trim).
const FORMULA = /(^|[,;])\s*[=+\-@]/;
// `;` too: in some locales spreadsheets split on semicolons, and a quoted field stays one cell whatever the separator.
const MUST_QUOTE = /[",;']/;

/** One field, neutralised and quoted as needed. @example csvField('=1+1') // "'=1+1" */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && (CONTROL.test(text) || FORMULA.test(text))) text = `'${text}`;
  return MUST_QUOTE.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its CRLF. @example csvRow(['a', 'b,c']) // 'a,"b,c"\r\n' */
export const csvRow = (values: CsvValue[]): string => `${values.map(csvField).join(',')}\r\n`;

/** A byte-order mark first, so spreadsheet programs read the file as UTF-8 (names with accents stay intact). */
export const CSV_BOM = '\uFEFF';
