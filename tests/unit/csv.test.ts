import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, csvRow } from '../../src/lib/csv/encode.ts';

/**
 * A small RFC 4180 reader, to check that what we write reads back as the same cells; `separator` as a
 * spreadsheet's import dialog would choose it (comma, semicolon or tab), quotes honoured as they all do.
 */
function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
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

  // A spreadsheet may split on tabs, semicolons or line ends as well as commas: whatever follows one of those
  // starts a cell of its own there, so any cell with a control character or a separator in front of a formula
  // character is quoted (one cell in any importer that honours quotes) and prefixed.
  it.each([
    ['x\t=1+1'],
    ['two\nlines'],
    ['cr\rlf'],
    ['line1\r\n=cmd'],
    ['nul\u0000byte'],
    ['bell\u0007'],
    ['del\u007f'],
    ['x\u001f@SUM(A1)'],
    ['a,=1+1'],
    ['a;+1'],
    ['a, -1'],
    ['\u000b=1+1'],
    ['\u0000=1+1'],
  ])('quotes and prefixes %j, which a spreadsheet could split into a formula', (value) => {
    const field = csvField(value);
    expect(field).toBe(`"'${value.replaceAll('"', '""')}"`);
    const [[cell]] = parseCsv(`${field}\r\n`);
    expect(cell).toBe(`'${value}`);
  });

  it.each([',', ';', '\t'])('leaves no cell starting with a formula character when split on %j', (separator) => {
    const row = csvRow(['x\t=1+1', 'a;=1', 'b,=2', 'c\t@SUM(A1)', 'plain']);
    const [cells] = parseCsv(row, separator);
    for (const cell of cells) expect(cell).not.toMatch(/^\s*[=+\-@]/);
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
    const values = ['Zoë "Z" O\'Neil', 'line1\r\nline2', ',', '""', "=cmd|' /C calc'!A0", 'plain'];
    const text = csvRow(values) + csvRow(['x']);
    expect(parseCsv(text)).toEqual([
      ['Zoë "Z" O\'Neil', "'line1\r\nline2", ',', '""', "'=cmd|' /C calc'!A0", 'plain'],
      ['x'],
    ]);
  });

  it('has a UTF-8 byte-order mark for spreadsheets', () => {
    expect(new TextEncoder().encode(CSV_BOM)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});
