/**
 * Checks the references between collections that a single file's schema cannot see:
 * program course lists and course prerequisites must name courses that exist, and course codes must be unique.
 * Returns every problem at once so an editor can fix them in one go.
 */
export interface CourseRef {
  file: string;
  code: string;
  prerequisites: string[];
}
export interface ProgramRef {
  file: string;
  requiredCourses: string[];
  electiveCourses: string[];
}

export function findBrokenReferences(courses: CourseRef[], programs: ProgramRef[]): string[] {
  const problems: string[] = [];
  const known = new Map<string, string>();
  for (const course of courses) {
    const other = known.get(course.code);
    if (other)
      problems.push(
        `${course.file}: field "code": ${course.code} is already used by ${other}; course codes must be unique.`,
      );
    known.set(course.code, course.file);
    const expected = `${course.code.toLowerCase()}.mdx`;
    if (!course.file.endsWith(`/${expected}`) && course.file !== expected) {
      problems.push(
        `${course.file}: field "code": ${course.code} does not match the file name; rename the file to ${expected}.`,
      );
    }
  }
  const check = (file: string, field: string, codes: string[]) =>
    codes.forEach((code, i) => {
      if (!known.has(code))
        problems.push(
          `${file}: field "${field}[${i}]": unknown course code "${code}"; use a code from src/content/courses/ (listed below).`,
        );
    });
  for (const course of courses) check(course.file, 'prerequisites', course.prerequisites);
  for (const program of programs) {
    check(program.file, 'requiredCourses', program.requiredCourses);
    check(program.file, 'electiveCourses', program.electiveCourses);
  }
  return problems;
}
