/**
 * Build-time checks of what editors link to and where pages moved from. Pure functions over the content files
 * (content-sources.ts) and what the build wrote; integrations/content-checks.ts runs them and fails the build.
 * Every problem names the file and line, so an editor can fix them all in one go.
 */
import type { ContentSource } from './content-sources.ts';

export interface Link {
  line: number;
  href: string;
}

/** What the build answers, as far as links are concerned. */
export interface BuiltPages {
  /** Canonical URL of every page (`/handbook/refunds/`), for suggestions. */
  pageUrls: string[];
  /** The canonical page URL a request path answers with, or undefined when it is no page. */
  pageOf(path: string): string | undefined;
  /** True for any other file of the build (`/llms.txt`, `/courses/bib101.md`) or an on-demand route (`/api/search`). */
  isOtherFile(path: string): boolean;
  /** The element ids of a page (its #anchors). */
  idsOf(pageUrl: string): ReadonlySet<string>;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
// `[text](href "title")`, not `![alt](src)` (images are files, checked by the image pipeline); `[label]: href`;
// `href="…"`, `href='…'`, `href={"…"}` in JSX.
const PATTERNS = [
  /(?<!!)\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g,
  /^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/g,
  /\bhref=\{?\s*["'`]([^"'`]+)["'`]\s*\}?/g,
];

/** Every link in an MDX file with its line number: outside front matter, fenced code and inline code. */
export function extractLinks(text: string): Link[] {
  const links: Link[] = [];
  scanLines(text, (line, n) => {
    for (const pattern of PATTERNS) for (const match of line.matchAll(pattern)) links.push({ line: n, href: match[1] });
  });
  return links;
}

/** Calls `visit` with each line of content (number from 1) outside front matter and fenced code, inline code removed. */
function scanLines(text: string, visit: (line: string, n: number) => void): void {
  const lines = text.split(/\r?\n/);
  let inFrontMatter = lines[0] === '---';
  let fence: string | undefined;
  lines.forEach((raw, i) => {
    if (inFrontMatter) {
      if (i > 0 && raw === '---') inFrontMatter = false;
      return;
    }
    const marker = /^\s*(`{3,}|~{3,})/.exec(raw)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) {
      fence = fence ? undefined : marker;
      return;
    }
    if (fence) return;
    visit(raw.replace(/`[^`]*`/g, ''), i + 1);
  });
}

/**
 * Images without alt text, e.g. `src/content/pages/about.mdx:9: image "./campus.jpg" has no alt text; …`.
 * Markdown cannot tell a forgotten description from a decorative image, so `![](…)` is refused and a decorative
 * image says so explicitly with `<Image src={…} alt="" />`; an `<img>`/`<Image>` tag needs an `alt` attribute.
 */
export function findMissingAlt(sources: ContentSource[]): string[] {
  const problems: string[] = [];
  const fix =
    'describe what it shows, e.g. ![Students in the library](./library.jpg); for a purely decorative image write <Image src={…} alt="" />';
  for (const source of sources) {
    if (source.draft) continue;
    scanLines(source.text, (line, n) => {
      for (const m of line.matchAll(/!\[\s*\]\(\s*<?([^)\s>]+)/g))
        problems.push(`${source.file}:${n}: image "${m[1]}" has no alt text; ${fix}`);
      for (const m of line.matchAll(/<(img|Image)\b([^>]*)>/g)) {
        if (!/\balt=/.test(m[2])) problems.push(`${source.file}:${n}: <${m[1]}> has no alt attribute; ${fix}`);
      }
    });
  }
  return problems;
}

/** True for a link to this site (a path, `#anchor` or relative link), false for other sites, mailto:, tel:. */
export const isInternal = (href: string) => !EXTERNAL.test(href) && href !== '';

/**
 * Problems with the internal links of the published content files, e.g.
 * `src/content/handbook/grading.mdx:12: link "/handbook/refundz/" goes to no page; did you mean /handbook/refunds/?`
 */
export function findBrokenLinks(
  sources: ContentSource[],
  site: BuiltPages,
  redirects: ReadonlyMap<string, string>,
): string[] {
  const drafts = new Map(sources.filter((s) => s.draft).map((s) => [s.url, s.file]));
  const problems: string[] = [];
  for (const source of sources) {
    if (source.draft) continue;
    for (const { line, href } of extractLinks(source.text)) {
      if (!isInternal(href)) continue;
      const problem = checkLink(href, source.url, site, redirects, drafts);
      if (problem) problems.push(`${source.file}:${line}: link "${href}" ${problem}`);
    }
  }
  return problems;
}

function checkLink(
  href: string,
  from: string,
  site: BuiltPages,
  redirects: ReadonlyMap<string, string>,
  drafts: ReadonlyMap<string, string>,
): string | undefined {
  const url = new URL(href, `http://site.invalid${from}`);
  let path: string;
  try {
    path = decodeURI(url.pathname);
  } catch {
    return 'is not a valid URL';
  }
  const page = site.pageOf(path);
  if (!page) {
    if (site.isOtherFile(path))
      return url.hash ? `points at #${url.hash.slice(1)} in ${path}, which is not a page` : undefined;
    const slashed = path.endsWith('/') ? path : `${path}/`;
    const moved = redirects.get(slashed);
    if (moved) return `goes to an old address; the page moved to ${moved}: link to ${moved}${url.hash} instead`;
    const draft = drafts.get(slashed);
    if (draft)
      return `goes to a draft (${draft} has draft: true), which is not published; publish it or remove the link`;
    const near = nearest(path, site.pageUrls);
    return `goes to no page${near ? `; did you mean ${near}?` : ''}`;
  }
  if (!url.hash || url.hash === '#') return undefined;
  let id: string;
  try {
    id = decodeURIComponent(url.hash.slice(1));
  } catch {
    return 'has an anchor that is not valid';
  }
  const ids = site.idsOf(page);
  if (ids.has(id)) return undefined;
  const near = nearest(id, [...ids]);
  return `goes to ${page}, which has no #${id}${near ? `; did you mean ${page === from ? '' : page}#${near}?` : ''}`;
}

/** The candidate closest to `target` by edit distance, if any is reasonably close. */
export function nearest(target: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    // Edit distance relative to the longer string: "summer" is close to "summer-term", "/a/" is not close to "/about-us/".
    const d = distance(target, candidate);
    const score = d / Math.max(target.length, candidate.length, 1);
    if (d <= Math.max(3, Math.ceil(Math.max(target.length, candidate.length) / 2)) && score < bestScore)
      [best, bestScore] = [candidate, score];
  }
  return best;
}

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

/**
 * The redirects the published pages ask for (`redirectFrom`), old path → new page URL, and the problems that
 * make them unsafe: an old path that is still a page of the site, or one claimed by two pages.
 */
export function planRedirects(
  sources: ContentSource[],
  site: Pick<BuiltPages, 'pageOf' | 'isOtherFile'>,
): { redirects: Map<string, string>; problems: string[] } {
  const redirects = new Map<string, string>();
  const claimedBy = new Map<string, ContentSource>();
  const problems: string[] = [];
  for (const source of sources) {
    if (source.draft) continue;
    for (const old of source.redirectFrom) {
      const where = `${source.file}:${lineOf(source.text, old)}: redirectFrom "${old}"`;
      const page = site.pageOf(old) ?? (site.isOtherFile(old.slice(0, -1)) ? old.slice(0, -1) : undefined);
      const other = claimedBy.get(old);
      if (page)
        problems.push(
          `${where} is a page of the site (${page}); an old path must be free: remove it from redirectFrom or move that page`,
        );
      else if (other)
        problems.push(
          `${where} is also claimed by ${other.file}; an old path can lead to one page only: remove it from one of them`,
        );
      else {
        claimedBy.set(old, source);
        redirects.set(old, source.url);
      }
    }
  }
  return { redirects, problems };
}

function lineOf(text: string, needle: string): number {
  const index = text.indexOf(needle);
  return index === -1 ? 1 : text.slice(0, index).split('\n').length;
}
