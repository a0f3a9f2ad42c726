/**
 * Which files of the client build (dist/client) are pages, and where their twins live. Shared by the twin writer
 * (build time) and the built site (server start-up, built-site.ts), so both agree on exactly the same pages.
 */
import { markdownUrl } from './twin-path.ts';

export interface PageFile {
  /** Path of the HTML file relative to dist/client, e.g. `courses/bib201/index.html`. */
  file: string;
  /** The page's canonical URL path, e.g. `/courses/bib201/`; `/` for the homepage, `/404` for the 404 page. */
  pageUrl: string;
  /** Its twin's URL path, e.g. `/courses/bib201.md`. */
  twinUrl: string;
}

/** Folders that hold no pages and no twins: hashed assets and the search index. */
const NOT_PAGES = /^(_astro|pagefind)\//;

/** The page behind an HTML file of the build, or undefined for anything else. */
export function pageFile(file: string): PageFile | undefined {
  const path = file.replaceAll('\\', '/');
  if (!path.endsWith('.html') || NOT_PAGES.test(path)) return undefined;
  const pageUrl =
    path === 'index.html'
      ? '/'
      : path.endsWith('/index.html')
        ? `/${path.slice(0, -'index.html'.length)}`
        : `/${path.slice(0, -'.html'.length)}`;
  return { file: path, pageUrl, twinUrl: markdownUrl(pageUrl) };
}

/** True for a Markdown twin of the build (`courses/bib201.md`), false for anything else. */
export function isTwinFile(file: string): boolean {
  const path = file.replaceAll('\\', '/');
  return path.endsWith('.md') && !NOT_PAGES.test(path);
}

/**
 * Every request path the static server answers with this page's HTML (sirv tries `<path>`, `<path>.html` and
 * `<path>/index.html`, with or without a trailing slash).
 */
export function requestPathsOf({ file }: PageFile): string[] {
  const noExt = `/${file.slice(0, -'.html'.length)}`;
  if (!file.endsWith('index.html')) return [`/${file}`, noExt, `${noExt}/`];
  const dir = noExt.slice(0, -'index'.length); // '/' or '/courses/bib201/'
  return dir === '/' ? ['/', `/${file}`, noExt] : [dir, dir.slice(0, -1), `/${file}`, noExt];
}
