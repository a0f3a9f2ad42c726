import type { ApiIssue } from '../../schemas/api-error.ts';

/** What the registration check needs from the catalog; pure data, so the check is testable without Astro. */
export interface RegistrationCatalog {
  terms: Map<string, { name: string; registrationOpen: boolean }>;
  courses: Map<string, { title: string; terms: string[] }>;
}

/**
 * Checks a registration against the catalog: the term exists and is open for registration, and every course
 * exists and runs in that term. Returns one issue per problem, at the field (`term`, `courses.N.code`).
 */
export function checkRegistration(
  input: { term: string; courses: { code: string }[] },
  catalog: RegistrationCatalog,
): ApiIssue[] {
  const issues: ApiIssue[] = [];
  const open = [...catalog.terms].filter(([, t]) => t.registrationOpen).map(([id]) => id);
  const term = catalog.terms.get(input.term);
  if (!term) {
    issues.push({
      path: 'term',
      message: `there is no term "${input.term}"; terms open for registration: ${open.join(', ')}`,
    });
  } else if (!term.registrationOpen) {
    issues.push({
      path: 'term',
      message: `registration for ${term.name} (${input.term}) is not open; terms open for registration: ${open.join(', ')}`,
    });
  }
  input.courses.forEach(({ code }, i) => {
    const course = catalog.courses.get(code);
    if (!course) {
      issues.push({ path: `courses.${i}.code`, message: `there is no course ${code} in the catalog` });
    } else if (term && !course.terms.includes(input.term)) {
      issues.push({
        path: `courses.${i}.code`,
        message: `${code} (${course.title}) is not offered in ${term.name}; it runs in ${course.terms.join(', ')}`,
      });
    }
  });
  return issues;
}
