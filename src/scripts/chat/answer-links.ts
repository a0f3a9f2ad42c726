/**
 * Where a link in a chat answer may go. Models write links, and sometimes invent them: only `http(s)` links and
 * pages of this site are links at all; a site page that is one of the answer's sources is shown as that source;
 * any other site path is a link only once the server has answered it (a HEAD request, cached per page view), so
 * an invented page is shown as plain text.
 */
import type { Source } from './conversation.ts';

export type LinkTarget =
  /** One of the answer's sources: linked to the same path as the sources list, `number` counted from 1. */
  | { kind: 'source'; href: string; number: number }
  /** A path on this site that is not a source: a link once `pageExists(href)` says so, stays in the tab. */
  | { kind: 'site'; href: string }
  /** An http(s) page elsewhere: opens in a new tab. */
  | { kind: 'external'; href: string }
  /** Anything else (`javascript:`, `data:`, `mailto:`, nonsense): shown as its text. */
  | { kind: 'text' };

/**
 * What a link's URL is, against the answer's sources and the page it is shown on (`base`, i.e. location.href).
 * A URL on the sources' origin counts as this site too: they carry the public origin, which may differ from the
 * one the page was opened under (a proxy, or a local copy).
 * @example linkTarget('/courses/bib201', [{ url: 'https://x.example/courses/bib201/', title: 'BIB201' }], 'https://x.example/')
 *   // → { kind: 'source', href: '/courses/bib201/', number: 1 }
 */
export function linkTarget(url: string, sources: readonly Source[], base: string): LinkTarget {
  const target = url.trim() === '' ? undefined : parse(url, base);
  if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:')) return { kind: 'text' };
  const siteOrigins = new Set([new URL(base).origin, ...sources.map((s) => parse(s.url, base)?.origin)]);
  if (!siteOrigins.has(target.origin)) return { kind: 'external', href: target.href };
  const number = sources.findIndex((s) => samePage(parse(s.url, base)?.pathname, target.pathname)) + 1;
  if (number > 0) return { kind: 'source', href: sourceHref(sources[number - 1], base), number };
  return { kind: 'site', href: target.pathname + target.search + target.hash };
}

/** The path a source is linked to, in the sources list and in the answer alike: with its anchor on the passage used. */
export function sourceHref(source: Source, base: string): string {
  const url = parse(source.url, base);
  return url ? url.pathname + url.hash : '/';
}

// A model writing a few invented links costs a few HEAD requests; a hostile answer with hundreds costs no more.
const MAX_CHECKS = 20;
const checked = new Map<string, Promise<boolean>>();

/** Whether the site answers `path` (a HEAD request, once per path per page view). Unsure counts as no. */
export function pageExists(path: string): Promise<boolean> {
  const key = path.replace(/[?#].*$/, '');
  let known = checked.get(key);
  if (!known) {
    known =
      checked.size >= MAX_CHECKS
        ? Promise.resolve(false)
        : fetch(key, { method: 'HEAD', credentials: 'same-origin' }).then(
            (r) => r.ok,
            () => false,
          );
    checked.set(key, known);
  }
  return known;
}

/** `/courses/bib201` and `/courses/bib201/` are one page (the site's paths end in a slash). */
function samePage(a: string | undefined, b: string): boolean {
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/$/, '') : p);
  return a !== undefined && trim(a) === trim(b);
}

function parse(url: string, base: string): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}
