import { getCatalog } from '../content/catalog.ts';
import type { RegistrationCatalog } from './check-registration.ts';

let index: Promise<RegistrationCatalog> | undefined;

/** Terms and course offerings from the built content collections, indexed once per process. */
export function getRegistrationCatalog(): Promise<RegistrationCatalog> {
  index ??= getCatalog().then(({ terms, courses }) => ({
    terms: new Map(terms.map((t) => [t.id, { name: t.name, registrationOpen: t.registrationOpen }])),
    courses: new Map(courses.map((c) => [c.data.code, { title: c.data.title, terms: c.data.terms }])),
  }));
  return index;
}
