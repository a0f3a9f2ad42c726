/**
 * Where a page's Markdown twin lives. The twin of `/courses/bib201/` is `/courses/bib201.md`; the homepage's is
 * `/index.md`. Shared by the twin writer, negotiation, search results, chat retrieval and the MCP `get_page` tool.
 */

/** @example markdownUrl('/courses/bib201/') === '/courses/bib201.md'; markdownUrl('/') === markdownUrl('/index.html') === '/index.md' */
export function markdownUrl(pageUrl: string): string {
  const path = pageUrl.split(/[?#]/)[0];
  const bare = path.replace(/\/(index\.html)?$/, '').replace(/\.html$/, '');
  return bare === '' ? '/index.md' : `${bare}.md`;
}

/** @example pageUrlOfTwin('/courses/bib201.md') === '/courses/bib201/'; pageUrlOfTwin('/index.md') === '/' */
export function pageUrlOfTwin(twinUrl: string): string {
  return twinUrl === '/index.md' ? '/' : `${twinUrl.replace(/\.md$/, '')}/`;
}
