/**
 * The Markdown twins the MCP `get_page` tool may read: the public pages' twins of the built site
 * (src/lib/site/built-site.ts), and nothing else. A requested path is looked up in that list; it is never joined
 * to a folder as given, so `..`, encoded slashes, absolute paths and symlink tricks have nothing to work with.
 */
import { markdownUrl } from '../site/twin-path.ts';
import { builtSite } from '../site/built-site.ts';

/**
 * The twin URL for a site path, if it is a public page: '/courses/bib201/', '/courses/bib201' and
 * '/courses/bib201.md' all give '/courses/bib201.md'; '/' gives '/index.md'. Anything else is undefined.
 */
export function publicTwinUrl(path: string, twins: ReadonlySet<string>): string | undefined {
  // Plain path characters only: no '%', '\', '?', '#', control characters, no '..' or empty segments.
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(path) || /(^|\/)\.\.?(\/|$)/.test(path) || path.includes('//')) return undefined;
  const twin = path.endsWith('.md') ? path : markdownUrl(path);
  return twins.has(twin) ? twin : undefined;
}

/** A public page's Markdown twin, or undefined when the path is not one. `root`: another build (tests). */
export async function readPublicTwin(
  path: string,
  root?: string,
): Promise<{ url: string; markdown: string } | undefined> {
  const site = builtSite(root);
  const url = publicTwinUrl(path, site.publicTwins);
  const markdown = url && (await site.readTwin(url));
  return url && markdown !== undefined ? { url, markdown } : undefined;
}
