/**
 * A program as schema.org EducationalOccupationalProgram: its full-time length, the credential, the entry
 * requirements and its courses as parts, from the program's front matter.
 */
import type { EducationalOccupationalProgram } from 'schema-dts';
import type { z } from 'zod';
import type { programSchema } from '../../schemas/content.ts';

type Program = z.infer<typeof programSchema>;
import type { CatalogCourse } from '../catalog/model.ts';
import { courseModes } from './course.ts';
import { institutionRef } from './institution.ts';

const ENTRY_REQUIREMENTS_PATH = '/handbook/entry-requirements/';

const credentialNames: Record<Program['award'], string> = {
  certificate: 'Certificate',
  diploma: 'Diploma',
  bachelor: "Bachelor's degree",
  master: "Master's degree",
};

/** "3 years full-time, 6 years part-time" → "P3Y": the first (full-time) length, as an ISO 8601 duration. */
export function fullTimeDuration(duration: string): string | undefined {
  const match = /(\d+)\s*(year|month|week)s?/i.exec(duration);
  if (!match) return undefined;
  return `P${match[1]}${{ year: 'Y', month: 'M', week: 'W' }[match[2]!.toLowerCase() as 'year' | 'month' | 'week']}`;
}

export function programJsonLd(
  program: Program,
  path: string,
  courses: CatalogCourse[],
  origin: string,
): EducationalOccupationalProgram {
  const timeToComplete = fullTimeDuration(program.duration);
  return {
    '@type': 'EducationalOccupationalProgram',
    name: program.title,
    description: program.summary,
    url: `${origin}${path}`,
    provider: institutionRef(origin),
    ...(timeToComplete && { timeToComplete }),
    educationalProgramMode: courseModes[program.delivery],
    educationalCredentialAwarded: {
      '@type': 'EducationalOccupationalCredential',
      name: credentialNames[program.award],
      credentialCategory: program.award,
    },
    programPrerequisites: {
      '@type': 'EducationalOccupationalCredential',
      name: 'Entry requirements',
      url: `${origin}${ENTRY_REQUIREMENTS_PATH}`,
    },
    hasCourse: courses.map((c) => ({
      '@type': 'Course',
      name: `${c.code}: ${c.title}`,
      courseCode: c.code,
      url: `${origin}${c.url}`,
    })),
  };
}
