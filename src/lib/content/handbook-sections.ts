import type { handbookSections } from '../../schemas/content.ts';

/** Display names of the handbook sections, in the order the handbook presents them. */
export const handbookSectionNames: Record<(typeof handbookSections)[number], string> = {
  'admissions-and-enrolment': 'Admissions and enrolment',
  'academic-calendar': 'Academic calendar',
  policies: 'Policies',
  assessment: 'Assessment',
  'student-services': 'Student services',
  'fees-and-finance': 'Fees and finance',
};
