import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { courses, terms } from '../helpers/catalog-data.ts';
import { buildProject, copyProject } from '../helpers/project-copy.ts';
import { useServer } from '../helpers/server.ts';

const server = useServer();
const today = new Date().toISOString().slice(0, 10);

describe('a course page leads somewhere', () => {
  it.each(['BIB201', 'HIS110', 'MUS101'])(
    '%s says when it next starts and links to the form, course and term filled in, for each open term',
    async (code) => {
      const html = await (await fetch(`${server.url}/courses/${code.toLowerCase()}/`)).text();
      const course = courses.find((c) => c.code === code)!;
      const its = terms.filter((t) => course.terms.includes(t.id));
      const next = its.find((t) => t.starts >= today);
      if (next) expect(html).toMatch(new RegExp(`Next starts in <strong>${next.name}</strong>`));
      for (const t of its) {
        const link = `href="/register/?term=${t.id}&amp;course=${code}"`;
        if (t.registrationOpen) expect(html).toContain(link);
        else expect(html).not.toContain(link);
      }
    },
  );
});

describe('a course whose terms are all closed', () => {
  it('says plainly that registration is not open, and links to no form', { timeout: 180_000 }, () => {
    const { dir, remove } = copyProject('institute-closed-terms-');
    try {
      const file = join(dir, 'src/content/terms.json');
      const closed = JSON.parse(readFileSync(file, 'utf8')).map((t: object) => ({ ...t, registrationOpen: false }));
      writeFileSync(file, JSON.stringify(closed, null, 2));
      const { status, output } = buildProject(dir, { NODE_ENV: 'production' });
      expect(status, output).toBe(0);
      const html = readFileSync(join(dir, 'dist/client/courses/bib201/index.html'), 'utf8');
      expect(html).toContain('Registration is not open for any term of this course at the moment.');
      expect(html).not.toContain('href="/register/?');
    } finally {
      remove();
    }
  });
});
