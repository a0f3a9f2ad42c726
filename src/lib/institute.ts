/**
 * The institute's facts as one record: what the contact page says (src/content/pages/contact.mdx) and what the
 * structured data and social cards name. A unit test checks the contact page still says the same, so the two
 * cannot drift apart.
 */
import { SITE_NAME } from './site.ts';

export const INSTITUTE = {
  name: SITE_NAME,
  address: {
    streetAddress: '1 College Hill',
    addressLocality: 'Harrow Vale',
    postalCode: 'HV2 4NG',
    addressCountry: 'GB',
  },
  /** Main reception, as written on the contact page. */
  telephone: '+44 1632 960 410',
  email: 'info@northgate.example',
  /** Site path of the logo (the favicon is the mark). */
  logo: '/favicon.svg',
} as const;
