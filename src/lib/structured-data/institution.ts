/** The institute as a CollegeOrUniversity, and the site as a WebSite whose search is /search/?q=. */
import type { CollegeOrUniversity, Place, PostalAddress, SearchAction, WebSite } from 'schema-dts';
import { INSTITUTE } from '../institute.ts';

export const institutionId = (origin: string) => `${origin}/#institute`;

export const postalAddress = (): PostalAddress => ({ '@type': 'PostalAddress', ...INSTITUTE.address });

/** The campus: where on-campus teaching and events happen. `name` narrows it, e.g. "Chapel, Harrow Vale". */
export const campus = (name = `${INSTITUTE.name}, Harrow Vale campus`): Place => ({
  '@type': 'Place',
  name,
  address: postalAddress(),
});

export function institution(origin: string): CollegeOrUniversity {
  return {
    '@type': 'CollegeOrUniversity',
    '@id': institutionId(origin),
    name: INSTITUTE.name,
    url: `${origin}/`,
    logo: `${origin}${INSTITUTE.logo}`,
    address: postalAddress(),
    telephone: INSTITUTE.telephone,
    email: INSTITUTE.email,
  };
}

/** A reference to the institute, for provider and organizer (the full record is on the home, about and contact pages). */
export const institutionRef = (origin: string): CollegeOrUniversity => ({
  '@type': 'CollegeOrUniversity',
  '@id': institutionId(origin),
  name: INSTITUTE.name,
  url: `${origin}/`,
});

// schema-dts has no 'query-input' (a schema.org annotation on action inputs, not a property), hence the widening.
type SiteSearch = SearchAction & { 'query-input': string };

export function webSite(origin: string): WebSite {
  const search: SiteSearch = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search/?q={search_term_string}` },
    'query-input': 'required name=search_term_string',
  };
  return {
    '@type': 'WebSite',
    name: INSTITUTE.name,
    url: `${origin}/`,
    publisher: { '@id': institutionId(origin) },
    potentialAction: search,
  };
}
