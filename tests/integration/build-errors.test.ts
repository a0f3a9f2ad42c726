import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildProject as build, copyProject } from '../helpers/project-copy.ts';

describe('the build rejects broken content', { timeout: 120_000 }, () => {
  it('fails on an unknown course code in a program, and on a plan putting a course in a season it does not run, naming the file, the field and the known codes', () => {
    const { dir, remove } = copyProject('institute-build-');
    try {
      const file = join(dir, 'src/content/programs/diploma-biblical-languages.mdx');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/requiredCourses: \[/, 'requiredCourses: ["NOP999", '));
      // Every plan takes BIB101 in a fall semester.
      const course = join(dir, 'src/content/courses/bib101.mdx');
      writeFileSync(course, readFileSync(course, 'utf8').replace(/^terms: .*$/m, 'terms: ["2027-summer"]'));
      const { status, output } = build(dir);
      expect(output).toMatch(
        /programs\/[a-z-]+\.mdx: the plan puts BIB101 in fall \(Year 1\), but it runs only in summer \(its terms: 2027-summer\)/,
      );
      expect(status).not.toBe(0);
      expect(output).toContain(
        'src/content/programs/diploma-biblical-languages.mdx: field "requiredCourses[0]": unknown course code "NOP999"',
      );
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

  it('fails on a link to no page, a missing anchor, a redirect onto a page, an old path claimed twice and an alias on two pages, naming file and line', () => {
    const { dir, remove } = copyProject('institute-build-');
    try {
      const edit = (name: string, change: (text: string) => string) =>
        writeFileSync(join(dir, name), change(readFileSync(join(dir, name), 'utf8')));
      edit(
        'src/content/handbook/grading.mdx',
        (t) => `${t}\nSee [refunds](/handbook/refundz/) and [summer](/handbook/refunds/#summer).\n`,
      );
      edit('src/content/handbook/library.mdx', (t) =>
        t.replace(
          'order: 1\n',
          'order: 1\nredirectFrom: [/handbook/grading/, /handbook/refund-policy/]\naliases: ["money back"]\n',
        ),
      );
      const { status, output } = build(dir);
      const line = readFileSync(join(dir, 'src/content/handbook/grading.mdx'), 'utf8').trimEnd().split('\n').length;
      expect(status).not.toBe(0);
      expect(output).toContain('Broken links, redirects, images or aliases in the content (5):');
      expect(output).toContain(
        'src/content/handbook/refunds.mdx:8: alias "money back" is also an alias of src/content/handbook/library.mdx; a name leads to one page: remove it from one of them, or make it a keyword',
      );
      expect(output).toContain(
        'src/content/handbook/library.mdx:6: redirectFrom "/handbook/grading/" is a page of the site (/handbook/grading/); an old path must be free: remove it from redirectFrom or move that page',
      );
      expect(output).toContain(
        'src/content/handbook/refunds.mdx:7: redirectFrom "/handbook/refund-policy/" is also claimed by src/content/handbook/library.mdx; an old path can lead to one page only: remove it from one of them',
      );
      expect(output).toContain(
        `src/content/handbook/grading.mdx:${line}: link "/handbook/refundz/" goes to no page; did you mean /handbook/refunds/?`,
      );
      expect(output).toContain(
        `src/content/handbook/grading.mdx:${line}: link "/handbook/refunds/#summer" goes to /handbook/refunds/, which has no #summer; did you mean /handbook/refunds/#summer-term?`,
      );
      console.log(output.slice(output.lastIndexOf('[build]')));
    } finally {
      remove();
    }
  });

  it('fails on an image without alt text, naming the file and line', () => {
    const { dir, remove } = copyProject('institute-build-');
    try {
      const file = join(dir, 'src/content/pages/about.mdx');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(
          /!\[[^\]]+\]\(\.\/images\/founded-1911\.png\)/,
          '![](./images/founded-1911.png)',
        ),
      );
      const line = readFileSync(file, 'utf8').split('\n').indexOf('![](./images/founded-1911.png)') + 1;
      const { status, output } = build(dir);
      expect(status).not.toBe(0);
      expect(output).toContain(
        `src/content/pages/about.mdx:${line}: image "./images/founded-1911.png" has no alt text; describe what it shows, e.g. ![Students in the library](./library.jpg); for a purely decorative image write <Image src={…} alt="" />`,
      );
      console.log(output.slice(output.lastIndexOf('[build]')));
    } finally {
      remove();
    }
  });
});
