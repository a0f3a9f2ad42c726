/**
 * The facts a visitor compares programs by: credential, length, delivery, credits and entry requirements. Credits
 * are counted from the required courses' own credits, so they never drift from the catalog; the entry
 * requirements are the handbook's by award (src/content/handbook/entry-requirements.mdx) plus what a program's
 * front matter adds (`entryRequirements`).
 */
import type { CollectionEntry } from 'astro:content';
import type { ProgramEntry } from './catalog.ts';

type CourseEntry = CollectionEntry<'courses'>;

export const awardNames = {
  certificate: 'Certificate',
  diploma: 'Diploma',
  bachelor: "Bachelor's degree",
  master: "Master's degree",
} as const;

const entryByAward = {
  certificate: 'Completed secondary education, or equivalent life and work experience; a personal statement',
  diploma: 'Completed secondary education; a personal statement and one reference',
  bachelor:
    'Completed secondary education with good grades in an essay-based subject; a personal statement and one reference',
  master: "A bachelor's degree in any subject; a personal statement, an academic reference and a writing sample",
} as const;

export interface ProgramFacts {
  credential: string;
  length: string;
  delivery: string;
  /** Credits of the required courses. */
  requiredCredits: number;
  requiredCourses: number;
  electiveCourses: number;
  entry: string;
}

export function programFacts(program: ProgramEntry, courseByCode: ReadonlyMap<string, CourseEntry>): ProgramFacts {
  const p = program.data;
  const requiredCredits = p.requiredCourses.reduce((sum, code) => sum + (courseByCode.get(code)?.data.credits ?? 0), 0);
  return {
    credential: awardNames[p.award],
    length: p.duration,
    delivery: p.delivery[0].toUpperCase() + p.delivery.slice(1),
    requiredCredits,
    requiredCourses: p.requiredCourses.length,
    electiveCourses: p.electiveCourses.length,
    entry: p.entryRequirements ? `${entryByAward[p.award]}. ${p.entryRequirements}` : entryByAward[p.award],
  };
}

/** The programs a comparison URL names (`?program=a&program=b`), known ones only, at most `max`, in URL order. */
export function chosenPrograms(params: URLSearchParams, programs: readonly ProgramEntry[], max = 3): ProgramEntry[] {
  const ids = [...new Set(params.getAll('program'))];
  return ids
    .map((id) => programs.find((p) => p.id === id))
    .filter((p): p is ProgramEntry => p !== undefined)
    .slice(0, max);
}
