import { estimateTokens, MARKDOWN_TOKENS_HEADER } from '../site/markdown-tokens.ts';

/** Discovery documents are public and read by tools in browsers too: any origin may read them. */
export const PUBLIC_HEADERS = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=300' };

/**
 * A discovery document: its media type, CORS for everyone and a five-minute shared cache (the documents change
 * only with a deploy or a configuration change, and a restart is when that happens).
 * @example discoveryJson(catalog, 'application/linkset+json')
 */
export function discoveryJson(
  data: unknown,
  contentType = 'application/json; charset=utf-8',
  init: ResponseInit = {},
): Response {
  // `undefined` is a HEAD answer: the headers without a body.
  return new Response(data === undefined ? null : JSON.stringify(data, null, 2), {
    ...init,
    headers: {
      ...PUBLIC_HEADERS,
      'Content-Type': contentType,
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

/** The same headers on a text document (auth.md). */
export function discoveryText(body: string, contentType: string): Response {
  const tokens: Record<string, string> = contentType.startsWith('text/markdown')
    ? { [MARKDOWN_TOKENS_HEADER]: String(estimateTokens(body)) }
    : {};
  return new Response(body, { headers: { ...PUBLIC_HEADERS, 'Content-Type': contentType, ...tokens } });
}
