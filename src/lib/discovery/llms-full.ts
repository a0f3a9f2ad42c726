/**
 * /llms-full.txt: every public page's Markdown twin, in the order /llms.txt lists them, in one document, with a
 * size line at the top so an agent knows what it is about to read. Written at build time from the twins just
 * written (integrations/markdown-twins.ts); pages rendered per request (the events pages) are not files then,
 * so the size line says to fetch those by their .md URL.
 */
import { estimateTokens } from '../site/markdown-tokens.ts';

/** The Markdown twin URLs /llms.txt links to, in its order, each once. */
export function twinUrlsOf(llmsTxt: string): string[] {
  const urls = [...llmsTxt.matchAll(/\]\((\/[^)\s]*\.md)\)/g)].map((m) => m[1]!);
  return [...new Set(urls)];
}

/** The document, from llms.txt and a reader of twins (undefined: no such file at build time). */
export function llmsFull(name: string, llmsTxt: string, readTwin: (url: string) => string | undefined): string {
  const included: string[] = [];
  const live: string[] = [];
  const parts: string[] = [];
  for (const url of twinUrlsOf(llmsTxt)) {
    const markdown = readTwin(url);
    if (markdown === undefined) {
      live.push(url);
      continue;
    }
    included.push(url);
    parts.push(`<!-- ${url} -->\n${markdown.trimEnd()}\n`);
  }
  const body = parts.join('\n');
  const bytes = Buffer.byteLength(body, 'utf8');
  const header = [
    `# ${name}: every page in Markdown`,
    '',
    `> Size: ${included.length} pages, ${bytes} bytes, about ${estimateTokens(bytes)} tokens (estimated at four bytes a token), in /llms.txt order; each page starts with a comment naming its URL.` +
      (live.length > 0 ? ` Rendered per request, so not here: ${live.join(', ')}.` : ''),
    '',
  ].join('\n');
  return `${header}\n${body}`;
}
