/**
 * The Markdown twins the MCP `get_page` tool may read: the `.md` files the build wrote under dist/client, and
 * nothing else. A requested path is looked up in that list; it is never joined to a folder as given, so `..`,
 * encoded slashes, absolute paths and symlink tricks have nothing to work with.
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { markdownUrl } from '../content/twin-path.ts';
import { clientDir } from '../paths.ts';

// The 404 page's twin is not a page; the search bundle and assets hold no twins.
const NOT_PAGES = /^(404\.md$|_astro\/|pagefind\/)/;

/** Every public twin's URL, e.g. '/courses/bib201.md', read from the build folder. */
export function listTwins(root: string): Set<string> {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).map((f) => f.replaceAll('\\', '/'));
  return new Set(files.filter((f) => f.endsWith('.md') && !NOT_PAGES.test(f)).map((f) => `/${f}`));
}

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

let twins: Set<string> | undefined;

/** A public page's Markdown twin, or undefined when the path is not one. */
export async function readPublicTwin(path: string, root = clientDir()): Promise<{ url: string; markdown: string } | undefined> {
  twins ??= listTwins(root);
  const url = publicTwinUrl(path, twins);
  if (!url) return undefined;
  return { url, markdown: await readFile(join(root, url), 'utf8') };
}
