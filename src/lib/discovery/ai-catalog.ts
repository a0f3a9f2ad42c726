import { API_VERSION } from '../api/routes.ts';
import { SITE_NAME } from '../site.ts';

/**
 * /.well-known/ai-catalog.json (AI Catalog, specVersion 1.0): the MCP server card, the OpenAPI document and
 * llms.txt. Entries name their artifact with `type` (the specification's ADR 0014 renamed `mediaType` to it).
 * @example aiCatalog('https://northgate.example').entries.map((e) => e.url)
 */
export function aiCatalog(origin: string) {
  const host = new URL(origin).host;
  return {
    specVersion: '1.0',
    host: { displayName: SITE_NAME, identifier: host, documentationUrl: `${origin}/developers` },
    entries: [
      {
        identifier: `urn:${host}:mcp:site`,
        displayName: `${SITE_NAME} MCP server`,
        type: 'application/mcp-server-card+json',
        url: `${origin}/.well-known/mcp/server-card.json`,
        description:
          'Search the site, read its pages as Markdown and ask questions answered from them (Streamable HTTP at /mcp, no credentials).',
        tags: ['mcp', 'search', 'education'],
      },
      {
        identifier: `urn:${host}:openapi:public-api`,
        displayName: `${SITE_NAME} public API`,
        type: 'application/vnd.oai.openapi+json',
        url: `${origin}/openapi.json`,
        version: API_VERSION,
        description: 'OpenAPI 3.1 description of the public HTTP API: search, chat, forms, health.',
        tags: ['openapi', 'api'],
      },
      {
        identifier: `urn:${host}:llms-txt`,
        displayName: `${SITE_NAME} llms.txt`,
        type: 'text/plain',
        url: `${origin}/llms.txt`,
        description: 'Index of every public page as Markdown (llmstxt.org format).',
        tags: ['llms.txt', 'markdown'],
      },
    ],
  };
}
