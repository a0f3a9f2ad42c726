/**
 * Which courses a filter keeps: one rule for the API, the MCP tool, the course finder's script and its
 * no-JavaScript list, so the four always agree. Pure, no imports beyond types: the browser bundle includes it.
 */
import type { CourseLevel, DeliveryMode } from './model.ts';

export interface CourseFilter {
  department?: string;
  level?: CourseLevel;
  delivery?: DeliveryMode;
  /** A term id: the course runs in it. */
  term?: string;
  /** true: registration is open for the course (in `term` when one is given, else in any of its terms). */
  registrationOpen?: boolean;
  credits?: number;
  /** Free text: every word must appear in the code, title, summary or an instructor's name. */
  q?: string;
}

/** The fields of a course the filter reads. */
export interface FilterableCourse {
  code: string;
  title: string;
  summary: string;
  department: string;
  credits: number;
  level: string;
  delivery: string;
  terms: string[];
  instructors: string[];
}

/** Lowercase, accents off: "Théologie" and "theologie" match. */
export const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a free-text filter, folded; empty for blank text. */
export const queryWords = (q: string | undefined) =>
  q
    ? foldText(q)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
    : [];

/** The text the free-text filter searches, folded once per course. */
export const searchableText = (c: FilterableCourse) =>
  foldText([c.code, c.title, c.summary, ...c.instructors].join(' '));

/**
 * Whether `course` passes `filter`. `openTerms` is the set of term ids whose registration is open; `text` the
 * course's searchableText when the caller keeps it (computed otherwise).
 */
export function matchesCourse(
  course: FilterableCourse,
  filter: CourseFilter,
  openTerms: ReadonlySet<string>,
  text?: string,
): boolean {
  if (filter.department !== undefined && course.department !== filter.department) return false;
  if (filter.level !== undefined && course.level !== filter.level) return false;
  if (filter.delivery !== undefined && course.delivery !== filter.delivery) return false;
  if (filter.credits !== undefined && course.credits !== filter.credits) return false;
  if (filter.term !== undefined && !course.terms.includes(filter.term)) return false;
  if (filter.registrationOpen !== undefined) {
    const candidates = filter.term === undefined ? course.terms : [filter.term];
    const open = candidates.some((t) => openTerms.has(t));
    if (open !== filter.registrationOpen) return false;
  }
  const words = queryWords(filter.q);
  if (words.length > 0) {
    const haystack = text ?? searchableText(course);
    if (!words.every((w) => haystack.includes(w))) return false;
  }
  return true;
}
