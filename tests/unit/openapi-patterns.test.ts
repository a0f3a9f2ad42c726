/**
 * Every `pattern` in /openapi.json compiles under RE2 semantics (Go, and the many validators built on RE2-family
 * engines), not only under JavaScript's: each one is compiled with re2js, and checked to accept the same
 * examples as JavaScript does.
 */
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/lib/discovery/openapi.ts';

/** Every `pattern` string in the document, with where it is. */
function patterns(node: unknown, at = '#'): [string, string][] {
  if (Array.isArray(node)) return node.flatMap((v, i) => patterns(v, `${at}/${i}`));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => [
    ...(key === 'pattern' && typeof value === 'string' ? [[at, value] as [string, string]] : []),
    ...patterns(value, `${at}/${key}`),
  ]);
}

const found = patterns(openApiDocument('https://northgate.example'));

describe('OpenAPI patterns under RE2', () => {
  it("finds the document's patterns", () => {
    expect(found.length).toBeGreaterThan(3);
  });

  it.each(found)('%s compiles with re2js: %s', (_at, pattern) => {
    expect(() => RE2JS.compile(pattern)).not.toThrow();
  });

  it('re2js and JavaScript agree on the strings the examples and the schemas name', () => {
    const samples = [
      'BIB201',
      'bib201',
      '2027-spring',
      'student@example.org',
      'key-1',
      '',
      'a b',
      'x'.repeat(130),
      'é',
    ];
    for (const [at, pattern] of found) {
      const re2 = RE2JS.compile(pattern);
      const js = new RegExp(pattern, 'u');
      for (const s of samples) expect(re2.matcher(s).find(), `${at} on ${JSON.stringify(s)}`).toBe(js.test(s));
    }
  });
});
