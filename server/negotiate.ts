/**
 * Proactive content negotiation (RFC 9110 §12.5.1) between a prerendered page's HTML and its Markdown twin.
 * Which request paths have a twin is read once from the build at start-up, so a request costs a map lookup and,
 * when it sends `Accept`, one parse of that header.
 */
import { readdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import Negotiator from 'negotiator';
import { pageFile, requestPathsOf } from '../src/lib/twins/page-files.ts';

// HTML first: with equal q and equal specificity (`*/*`, `text/*`) the server's first preference wins.
const TYPES = ['text/html', 'text/markdown'];

/** True when the client's `Accept` ranks text/markdown above text/html; a tie goes to the type it lists first. */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept) return false; // no Accept (or an empty one): HTML
  return new Negotiator({ headers: { accept } }).mediaType(TYPES) === 'text/markdown';
}

/** Request path → twin URL path, for every path the static server answers with a page that has a twin. */
export function twinIndex(clientDir: string): Map<string, string> {
  const files = new Set(readdirSync(clientDir, { recursive: true, encoding: 'utf8' }).map((f) => f.replaceAll('\\', '/')));
  const index = new Map<string, string>();
  for (const file of files) {
    const page = pageFile(file);
    if (!page || !files.has(page.twinUrl.slice(1))) continue;
    for (const path of requestPathsOf(page)) index.set(path, page.twinUrl);
  }
  return index;
}

/** The path part of a request URL, decoded the way the static server decodes it. */
export function requestPath(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  return path.includes('%') ? decodeURI(path) : path;
}

/** `Link` header value pointing to a page's twin. */
export const twinLink = (twinUrl: string) => `<${twinUrl}>; rel="alternate"; type="text/markdown"`;
