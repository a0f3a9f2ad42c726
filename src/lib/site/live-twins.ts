/**
 * The Markdown twins of the live pages (live-pages.ts), made per request from the very HTML a visitor gets, with the converter the build uses for
 * every other twin.
 */
import { htmlToMarkdown } from '../../../integrations/html-to-markdown.ts';
import { builtSite } from './built-site.ts';
import { LIVE_CACHE_CONTROL, liveTwinPaths } from './live-pages.ts';
import { estimateTokens, MARKDOWN_TOKENS_HEADER } from './markdown-tokens.ts';

/** A rendered live page's HTML as its twin; links to pages with a twin point to it, as in built twins. */
export function liveTwinOf(html: string, pageUrl: string): string {
  const twins = builtSite().twins;
  const markdown = htmlToMarkdown(html, { pageUrl, twinOf: (path) => twins.get(path) ?? liveTwinPaths.get(path) });
  if (markdown === undefined) throw new Error(`${pageUrl}: no <article data-pagefind-body> to make a twin of`);
  return markdown;
}

/** The Response of a live twin route: the page rendered for this request (`render`), converted. */
export async function liveTwinResponse(pageUrl: string, render: () => Promise<Response>): Promise<Response> {
  const page = await render();
  if (!page.ok) return page;
  const markdown = liveTwinOf(await page.text(), pageUrl);
  return new Response(markdown, {
    headers: {
      'Content-Type': 'text/markdown; charset=utf-8',
      'Cache-Control': LIVE_CACHE_CONTROL,
      Vary: 'Accept',
      [MARKDOWN_TOKENS_HEADER]: String(estimateTokens(markdown)),
    },
  });
}
