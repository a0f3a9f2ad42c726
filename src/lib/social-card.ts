import { createHash } from 'node:crypto';
import { SITE_NAME } from './site.ts';

/**
 * The link-preview image of a page (Open Graph, Twitter): a 1200×630 PNG with the title, the kind of page and the
 * institute's name, drawn at build time by integrations/social-cards.ts. The file name carries a hash of what is
 * drawn, so a card can be cached for ever and changes name when its title does. Pages rendered per request
 * (events) share the site's card: nothing is drawn at request time.
 */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Bump when the drawing changes, so every card gets a new name. */
const CARD_VERSION = 1;
export const SITE_CARD = '/og/site.png';

const KIND_LABELS = { course: 'Course', program: 'Program', handbook: 'Student handbook', page: 'Page' } as const;
export type CardKind = keyof typeof KIND_LABELS;

export interface SocialCard {
  path: string;
  /** The image's text alternative; the drawing tool reads the kind back from it (before the first ': '). */
  alt: string;
}

export function socialCard(pathname: string, title: string, kind: CardKind, prerendered: boolean): SocialCard {
  if (!prerendered) return { path: SITE_CARD, alt: SITE_NAME };
  const label = KIND_LABELS[kind];
  const slug =
    pathname
      .replace(/^\/+|\/+$/g, '')
      .replace(/[^a-z0-9]+/gi, '-')
      .toLowerCase() || 'home';
  const hash = createHash('sha256')
    .update(JSON.stringify([CARD_VERSION, label, title, SITE_NAME]))
    .digest('hex');
  return { path: `/og/${slug}.${hash.slice(0, 12)}.png`, alt: `${label}: ${title}, ${SITE_NAME}` };
}
