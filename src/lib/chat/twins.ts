/**
 * Pages' Markdown twins for the chat's context, from the built site the server already holds in memory
 * (src/lib/site/built-site.ts); a page without a twin is skipped.
 */
import { builtSite } from '../site/built-site.ts';

/** The twin at `twinUrl` (e.g. '/courses/bib201.md'), or undefined when there is none. `root`: another build (tests). */
export function loadTwin(twinUrl: string, root?: string): Promise<string | undefined> {
  return builtSite(root).readTwin(twinUrl);
}
