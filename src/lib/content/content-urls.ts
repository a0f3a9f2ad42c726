/**
 * Where each content file is published. Plain code (no astro:content), so the build's link checker and redirect
 * writer (integrations/content-checks.ts) and the pages (catalog.ts) agree on one mapping.
 */
export const PAGE_COLLECTIONS = ['courses', 'programs', 'handbook', 'pages'] as const;
export type PageCollection = (typeof PAGE_COLLECTIONS)[number];

/** @example contentUrl('handbook', 'refunds') === '/handbook/refunds/'; contentUrl('pages', 'home') === '/' */
export function contentUrl(collection: PageCollection, id: string): string {
  if (collection === 'pages') return id === 'home' ? '/' : `/${id}/`;
  return `/${collection}/${id}/`;
}
