/**
 * Checks each program's plan of study (its page's table of courses by semester) against the course data: a plan
 * that puts a course in a season it never runs, or beside a course it needs first, is one a student cannot follow,
 * and the chat would cite it as the program's word. A program taught online cannot require a course taught only on
 * campus. The plan is prose an editor writes; the course data is what the calendar, the API and the feeds read, so
 * the plan is the one that must give way. Returns every problem at once, as findBrokenReferences does.
 */
export interface PlannedCourse {
  code: string;
  /** Term ids the course runs in (src/content/terms.json), e.g. "2027-spring". */
  terms: string[];
  delivery: string;
  prerequisites: string[];
}
export interface PlannedProgram {
  file: string;
  delivery: string;
  requiredCourses: string[];
  /** The page's Markdown, where the plan's table is. */
  body: string;
}

const SEASONS = ['fall', 'spring', 'summer'] as const;
const COURSE_CODE = /\b[A-Z]{3}\d{3}\b/g;

/** A term id's season: "2027-spring" → "spring". */
const seasonOf = (termId: string) => SEASONS.find((s) => termId.endsWith(`-${s}`));
/** The seasons of a course's terms, each once, in the terms' order: ["2026-fall", "2027-summer"] → fall, summer. */
export const seasonsOf = (termIds: string[]) => [...new Set(termIds.map(seasonOf))].filter((s) => s !== undefined);

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/**
 * The plan's rows: each a label ("Year 1", "Part-time, year 2") and the course codes it places in each season, in
 * the table's column order. The plan is the first table with a column naming a season ("Fall semester").
 */
export function planOf(body: string): { label: string; cells: { season: string; codes: string[] }[] }[] {
  const lines = body.split('\n');
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i]!.trim().startsWith('|')) continue;
    const columns = cellsOf(lines[i]!).map((c) => SEASONS.find((s) => c.toLowerCase().includes(s)));
    if (!columns.some(Boolean)) continue;
    const rows = [];
    for (let j = i + 2; j < lines.length && lines[j]!.trim().startsWith('|'); j++) {
      const cells = cellsOf(lines[j]!);
      rows.push({
        label: cells[0] ?? '',
        cells: columns.flatMap((season, c) => (season ? [{ season, codes: cells[c]?.match(COURSE_CODE) ?? [] }] : [])),
      });
    }
    return rows;
  }
  return [];
}

export function findPlanConflicts(courses: PlannedCourse[], programs: PlannedProgram[]): string[] {
  const byCode = new Map(courses.map((c) => [c.code, c]));
  const problems: string[] = [];
  for (const program of programs) {
    for (const { label, cells } of planOf(program.body)) {
      cells.forEach(({ season, codes }, at) => {
        for (const code of codes) {
          const course = byCode.get(code);
          if (!course) continue; // an unknown code is findBrokenReferences' to report
          const seasons = seasonsOf(course.terms);
          if (!seasons.includes(season as (typeof SEASONS)[number]))
            problems.push(
              `${program.file}: the plan puts ${code} in ${season} (${label}), but it runs only in ${seasons.join(' and ')} (its terms: ${course.terms.join(', ')}); move it in the table, or add a ${season} term to src/content/courses/${code.toLowerCase()}.mdx.`,
            );
          for (const first of course.prerequisites) {
            const where = cells.findIndex((c) => c.codes.includes(first));
            if (where >= at)
              problems.push(
                `${program.file}: the plan puts ${code} in ${season} (${label}) with or before ${first}, which it requires; put ${first} in an earlier semester.`,
              );
          }
        }
      });
    }
    if (program.delivery === 'online')
      for (const code of program.requiredCourses)
        if (byCode.get(code)?.delivery === 'on-campus')
          problems.push(
            `${program.file}: field "delivery": the program is online, but it requires ${code}, which is taught on campus only; make the program "hybrid" (and say so on the page), or ${code} online or hybrid.`,
          );
  }
  return problems;
}
