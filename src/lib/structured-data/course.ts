/**
 * A course as schema.org Course with one CourseInstance per term it runs in, from the same catalog records as
 * the course page (src/lib/catalog). Search engines' course rich results ask for name, description, provider,
 * offers and, per instance, courseMode plus a schedule or workload; instructor and location are recommended.
 */
import type { Course, CourseInstance, Place, VirtualLocation } from 'schema-dts';
import type { CatalogCourse, CatalogTerm, DeliveryMode } from '../catalog/model.ts';
import { campus, institutionRef } from './institution.ts';

/** Google's courseMode values: teaching on campus, online, or both. */
export const courseModes: Record<DeliveryMode, 'Onsite' | 'Online' | 'Blended'> = {
  'on-campus': 'Onsite',
  online: 'Online',
  hybrid: 'Blended',
};

/** Tuition is charged per credit hour (the handbook page this links to); no price is published per course. */
const FEES_PATH = '/handbook/tuition-and-fees/';

const DAY = 86_400_000;

/**
 * The workload as an ISO 8601 duration: one contact hour per credit per teaching week of the term, the usual
 * meaning of a credit hour (an estimate: the handbook defines credits, not hours).
 */
export function courseWorkload(credits: number, term: Pick<CatalogTerm, 'starts' | 'ends'>): string {
  const weeks = Math.max(1, Math.round((Date.parse(term.ends) - Date.parse(term.starts)) / DAY / 7));
  return `PT${credits * weeks}H`;
}

function location(delivery: DeliveryMode, origin: string): (Place | VirtualLocation)[] {
  const online: VirtualLocation = { '@type': 'VirtualLocation', url: `${origin}/handbook/online-learning/` };
  if (delivery === 'online') return [online];
  return delivery === 'hybrid' ? [campus(), online] : [campus()];
}

export function courseInstance(course: CatalogCourse, term: CatalogTerm, origin: string): CourseInstance {
  return {
    '@type': 'CourseInstance',
    name: `${course.code} ${course.title}, ${term.name}`,
    courseMode: courseModes[course.delivery],
    courseWorkload: courseWorkload(course.credits, term),
    courseSchedule: { '@type': 'Schedule', startDate: term.starts, endDate: term.ends, repeatFrequency: 'P1W' },
    startDate: term.starts,
    endDate: term.ends,
    instructor: course.instructors.map((name) => ({ '@type': 'Person', name })),
    location: location(course.delivery, origin),
  };
}

export function courseJsonLd(
  course: CatalogCourse,
  terms: CatalogTerm[],
  origin: string,
  prerequisites: CatalogCourse[] = [],
): Course {
  return {
    '@type': 'Course',
    '@id': `${origin}${course.url}#course`,
    name: `${course.code}: ${course.title}`,
    courseCode: course.code,
    description: course.summary,
    url: `${origin}${course.url}`,
    inLanguage: 'en',
    provider: institutionRef(origin),
    numberOfCredits: course.credits,
    educationalLevel: course.level,
    coursePrerequisites:
      prerequisites.length === 0
        ? 'None'
        : prerequisites.map((p) => ({
            '@type': 'Course',
            name: `${p.code}: ${p.title}`,
            courseCode: p.code,
            url: `${origin}${p.url}`,
          })),
    offers: [{ '@type': 'Offer', category: 'Paid', url: `${origin}${FEES_PATH}` }],
    hasCourseInstance: terms.map((t) => courseInstance(course, t, origin)),
  };
}
