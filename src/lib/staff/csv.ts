/**
 * CSV for spreadsheets (RFC 4180: comma-separated, CRLF line ends, fields quoted when they must be).
 *
 * Spreadsheets run a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage return before one) as a
 * formula, and the public fills in these fields. Such cells get a leading `'` (OWASP's advice for CSV
 * injection), so `=HYPERLINK(…)` arrives as text. The price: a phone number like `+1 555 0100` shows as
 * `'+1 555 0100`.
 */
export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
// `;` too: in some locales spreadsheets split on semicolons, and a quoted field stays one cell whatever the separator.
const MUST_QUOTE = /[",;\r\n']/;

/** One field, neutralised and quoted as needed. @example csvField('=1+1') // "'=1+1" */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return MUST_QUOTE.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its CRLF. @example csvRow(['a', 'b,c']) // 'a,"b,c"\r\n' */
export const csvRow = (values: CsvValue[]): string => `${values.map(csvField).join(',')}\r\n`;

/** A byte-order mark first, so spreadsheet programs read the file as UTF-8 (names with accents stay intact). */
export const CSV_BOM = '\uFEFF';
