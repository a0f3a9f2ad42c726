/**
 * Pages rendered per request because what they list depends on the day (the events page and its archive), and
 * their Markdown twins, made per request from the very HTML a visitor gets, with the converter the build uses for
 * every other twin. The server negotiates them like prerendered twins (server/app.ts); MCP get_page and the
 * chat read them through liveTwin().
 */
import { htmlToMarkdown } from '../../../integrations/html-to-markdown.ts';
import { builtSite } from './built-site.ts';
import { markdownUrl } from './twin-path.ts';

/** Page URL → twin URL of every live page. */
export const livePages: ReadonlyMap<string, string> = new Map(['/events/', '/events/archive/'].map((url) => [url, markdownUrl(url)]));

/** The request paths of each live page (`/events`, `/events/`, `/events/index.html`) → its twin URL. */
export const liveTwinPaths: ReadonlyMap<string, string> = new Map([...livePages].flatMap(([url, twin]) =>
  [url, url.slice(0, -1), `${url}index.html`].map((path) => [path, twin] as [string, string])));

/** The live twin URLs → their page. */
const pageOfTwin = new Map([...livePages].map(([url, twin]) => [twin, url]));
export const isLiveTwin = (twinUrl: string) => pageOfTwin.has(twinUrl);

/** A rendered live page's HTML as its twin; links to pages with a twin point to it, as in built twins. */
export function liveTwinOf(html: string, pageUrl: string): string {
  const twins = builtSite().twins;
  const markdown = htmlToMarkdown(html, { pageUrl, twinOf: (path) => twins.get(path) ?? liveTwinPaths.get(path) });
  if (markdown === undefined) throw new Error(`${pageUrl}: no <article data-pagefind-body> to make a twin of`);
  return markdown;
}

/** How long a live page or twin may be reused: what is "upcoming" is at most this stale. */
export const LIVE_CACHE_CONTROL = 'public, max-age=60';

/** The Response of a live twin route: the page rendered for this request (`render`), converted. */
export async function liveTwinResponse(pageUrl: string, render: () => Promise<Response>): Promise<Response> {
  const page = await render();
  if (!page.ok) return page;
  return new Response(liveTwinOf(await page.text(), pageUrl), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8', 'Cache-Control': LIVE_CACHE_CONTROL, Vary: 'Accept' },
  });
}
