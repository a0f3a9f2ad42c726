/**
 * Proactive content negotiation (RFC 9110 §12.5.1) between a prerendered page's HTML and its Markdown twin.
 * Which request paths have a twin the built site knows from start-up (src/lib/site/built-site.ts), so a request
 * costs a map lookup and, when it sends `Accept`, one parse of that header.
 */
import type { IncomingMessage } from 'node:http';
import Negotiator from 'negotiator';

// HTML first: with equal q and equal specificity (`*/*`, `text/*`) the server's first preference wins.
const TYPES = ['text/html', 'text/markdown'];

/** True when the client's `Accept` ranks text/markdown above text/html; a tie goes to the type it lists first. */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept) return false; // no Accept (or an empty one): HTML
  return new Negotiator({ headers: { accept } }).mediaType(TYPES) === 'text/markdown';
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
