/**
 * Pages' Markdown twins for the chat's context, and what their HTML offers a citation to land on, from the built
 * site the server already holds in memory (src/lib/site/built-site.ts); a page without a twin is skipped.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { builtSite } from '../site/built-site.ts';
import { pageTargets, type PageTargets } from './citation.ts';

/** The twin at `twinUrl` (e.g. '/courses/bib201.md'), or undefined when there is none. `root`: another build (tests). */
export function loadTwin(twinUrl: string, root?: string): Promise<string | undefined> {
  return builtSite(root).readTwin(twinUrl);
}

/**
 * Read once per page and kept for the most recently cited pages: a page's headings and block text are a few kB,
 * and a 10,000-page site would not all fit.
 */
const targets = new LRUCache<string, PageTargets>({ max: 500 });

/** The headings with ids and the block text of the page at `url` (e.g. '/handbook/refunds/'); undefined when the build has no such page. */
export async function loadPageTargets(url: string, root?: string): Promise<PageTargets | undefined> {
  const site = builtSite(root);
  if (!site.paths.has(url) || !url.endsWith('/')) return undefined;
  // The page as it reads today (its dated regions resolved, as the twin the model read is): keyed by its ETag.
  const held = site.fileAt(url);
  const key = `${site.dir}\u0000${url}\u0000${held?.etag ?? ''}`;
  const known = targets.get(key);
  if (known) return known;
  const html = held
    ? held.identity.toString('utf8')
    : await readFile(join(site.dir, url, 'index.html'), 'utf8').catch(() => undefined);
  if (html === undefined) return undefined;
  const read = pageTargets(html);
  targets.set(key, read);
  return read;
}
