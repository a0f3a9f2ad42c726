import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { findPlanConflicts, planOf } from '../../src/lib/content/program-plans.ts';

const course = (code: string, terms: string[], { delivery = 'online', prerequisites = [] as string[] } = {}) => ({
  code,
  terms,
  delivery,
  prerequisites,
});
const courses = [
  course('BIB101', ['2026-fall', '2027-fall']),
  course('BIB110', ['2026-fall'], { delivery: 'on-campus' }),
  course('BIB211', ['2027-spring'], { prerequisites: ['BIB101'] }),
  course('MIN230', ['2027-summer']),
];
const program = (table: string, delivery = 'hybrid', requiredCourses: string[] = []) => ({
  file: 'src/content/programs/p.mdx',
  delivery,
  requiredCourses,
  body: `Intro.\n\n| Year | Fall semester | Spring semester | Summer term |\n|---|---|---|---|\n${table}\n\nAfter.`,
});

describe('program plans', () => {
  it('reads the table of courses by semester: each row, and the codes in each season', () => {
    expect(planOf(program('| Year 1 | BIB101, BIB110, one elective | BIB211 | Dissertation proposal |').body)).toEqual([
      {
        label: 'Year 1',
        cells: [
          { season: 'fall', codes: ['BIB101', 'BIB110'] },
          { season: 'spring', codes: ['BIB211'] },
          { season: 'summer', codes: [] },
        ],
      },
    ]);
    expect(planOf('No table here.\n\n| A | B |\n|---|---|\n| 1 | 2 |')).toEqual([]);
  });

  it('accepts a plan the courses can be taken in', () => {
    expect(findPlanConflicts(courses, [program('| Year 1 | BIB101, BIB110 | BIB211 | MIN230 |')])).toEqual([]);
  });

  it('names a course placed in a season it never runs, with the seasons it does', () => {
    expect(findPlanConflicts(courses, [program('| Year 1 | BIB101, MIN230 | BIB110 | |')])).toEqual([
      expect.stringMatching(/p\.mdx: the plan puts MIN230 in fall \(Year 1\), but it runs only in summer/),
      expect.stringMatching(/the plan puts BIB110 in spring \(Year 1\), but it runs only in fall .*bib110\.mdx/),
    ]);
  });

  it('names a course planned with or before a course it requires', () => {
    const same = course('BIB211', ['2026-fall'], { prerequisites: ['BIB101'] });
    expect(findPlanConflicts([courses[0]!, same], [program('| Year 1 | BIB101, BIB211 | | |')])).toEqual([
      expect.stringMatching(/puts BIB211 in fall \(Year 1\) with or before BIB101, which it requires/),
    ]);
  });

  it('names an online program that requires a course taught on campus only', () => {
    const online = program('| Year 1 | BIB101, BIB110 | BIB211 | |', 'online', ['BIB101', 'BIB110']);
    expect(findPlanConflicts(courses, [online])).toEqual([
      expect.stringMatching(/field "delivery": the program is online, but it requires BIB110/),
    ]);
  });

  it('finds the plan in a real program page', async () => {
    const body = await readFile('src/content/programs/bachelor-of-ministry.mdx', 'utf8');
    const plan = planOf(body);
    expect(plan.map((r) => r.label)).toEqual(['Year 1', 'Year 2', 'Year 3']);
    expect(plan[0]!.cells.flatMap((c) => c.codes)).toContain('BIB101');
  });
});
