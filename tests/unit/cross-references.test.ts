import { describe, expect, it } from 'vitest';
import { findBrokenReferences } from '../../src/lib/content/cross-references.ts';

const course = (code: string, prerequisites: string[] = []) => ({
  file: `src/content/courses/${code.toLowerCase()}.mdx`,
  code,
  prerequisites,
});

describe('findBrokenReferences', () => {
  it('accepts a consistent catalog', () => {
    expect(
      findBrokenReferences(
        [course('BIB101'), course('BIB201', ['BIB101'])],
        [{ file: 'p.mdx', requiredCourses: ['BIB101'], electiveCourses: ['BIB201'] }],
      ),
    ).toEqual([]);
  });

  it('names the file, the field and the unknown code', () => {
    const problems = findBrokenReferences(
      [course('BIB101', ['XYZ999'])],
      [{ file: 'src/content/programs/p.mdx', requiredCourses: ['BIB101', 'NOP100'], electiveCourses: [] }],
    );
    expect(problems).toEqual([
      expect.stringMatching(/bib101\.mdx: field "prerequisites\[0\]": unknown course code "XYZ999"/),
      expect.stringMatching(/programs\/p\.mdx: field "requiredCourses\[1\]": unknown course code "NOP100"/),
    ]);
  });

  it('rejects duplicate codes and codes that do not match the file name', () => {
    const problems = findBrokenReferences(
      [course('BIB101'), { ...course('BIB101'), file: 'src/content/courses/other.mdx' }],
      [],
    );
    expect(problems.some((p) => p.includes('already used'))).toBe(true);
    expect(problems.some((p) => p.includes('rename the file to bib101.mdx'))).toBe(true);
  });
});
