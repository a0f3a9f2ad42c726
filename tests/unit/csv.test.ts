import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, csvRow } from '../../src/lib/staff/csv.ts';

/** A small RFC 4180 reader, to check that what we write reads back as the same cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\r' && text[i + 1] === '\n') { row.push(field); rows.push(row); row = []; field = ''; i++; }
    else field += c;
  }
  return rows;
}

describe('csvField', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvField('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvField(42)).toBe('42');
    expect(csvField(-3)).toBe('-3');
  });

  it('writes null and undefined as empty fields', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it.each([
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rlf', '"cr\rlf"'],
    ['semi;colon', '"semi;colon"'],
    [' padded ', '" padded "'],
  ])('quotes %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each([
    ['=HYPERLINK("http://evil.example","click")'],
    ['+1 555 0100'],
    ['-2+3'],
    ['@SUM(A1:A2)'],
    ['\t=1+1'],
    ['\r=1+1'],
  ])('neutralises a cell a spreadsheet would run: %j', (value) => {
    const field = csvField(value);
    const [[cell]] = parseCsv(`${field}\r\n`);
    expect(cell).toBe(`'${value}`);
    expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('does not touch formula characters inside a cell', () => {
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('user@example.org')).toBe('user@example.org');
  });
});

describe('csvRow', () => {
  it('joins fields with commas and ends with CRLF', () => {
    expect(csvRow(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });

  it('round-trips awkward values through an RFC 4180 reader', () => {
    const values = ['Zoë "Z" O\'Neil', 'line1\r\nline2', ',', '""', '=cmd|\' /C calc\'!A0', 'plain'];
    const text = csvRow(values) + csvRow(['x']);
    expect(parseCsv(text)).toEqual([
      ['Zoë "Z" O\'Neil', 'line1\r\nline2', ',', '""', '\'=cmd|\' /C calc\'!A0', 'plain'],
      ['x'],
    ]);
  });

  it('has a UTF-8 byte-order mark for spreadsheets', () => {
    expect(new TextEncoder().encode(CSV_BOM)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});
