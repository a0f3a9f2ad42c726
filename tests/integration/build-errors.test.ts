import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildProject as build, copyProject } from '../helpers/project-copy.ts';

describe('the build rejects broken content', { timeout: 120_000 }, () => {
  it('fails on an unknown course code in a program, naming the file, the field and the known codes', () => {
    const { dir, remove } = copyProject('institute-build-');
    try {
      const file = join(dir, 'src/content/programs/diploma-biblical-languages.mdx');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/requiredCourses: \[/, 'requiredCourses: ["NOP999", '));
      const { status, output } = build(dir);
      expect(status).not.toBe(0);
      expect(output).toContain('src/content/programs/diploma-biblical-languages.mdx: field "requiredCourses[0]": unknown course code "NOP999"');
      expect(output).toMatch(/Known course codes: .*BIB201/);
    } finally {
      remove();
    }
  });

  it('fails on an unknown term, naming the file, the field and the allowed terms', () => {
    const { dir, remove } = copyProject('institute-build-');
    try {
      const file = join(dir, 'src/content/courses/bib101.mdx');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/terms: \[/, 'terms: ["2031-winter", '));
      const { status, output } = build(dir);
      expect(status).not.toBe(0);
      expect(output).toContain('bib101');
      expect(output).toMatch(/terms\.0|terms/);
      expect(output).toContain('2027-spring');
    } finally {
      remove();
    }
  });
});
