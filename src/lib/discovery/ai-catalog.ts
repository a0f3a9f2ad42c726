import { API_VERSION } from '../api/routes.ts';
import { SITE_NAME } from '../site.ts';

/**
 * /.well-known/ai-catalog.json (AI Catalog, specVersion 1.0): the MCP server card, the OpenAPI document and
 * llms.txt. Entries name their artifact with `type` (the specification's ADR 0014 renamed `mediaType` to it).
 * @example aiCatalog('https://northgate.example').entries.map((e) => e.url)
 */
export function aiCatalog(origin: string) {
  const host = new URL(origin).host;
  // ARD identifiers are `urn:air:<publisher>:<namespace>:<name>`, the publisher a DNS-like name: no port, and
  // nothing outside [A-Za-z0-9.-] (an IPv6 literal's brackets and colons become dashes).
  const publisher = new URL(origin).hostname.replace(/[^A-Za-z0-9.-]/g, '-');
  const urn = (...names: string[]) => ['urn:air', publisher, ...names].join(':');
  return {
    specVersion: '1.0',
    host: { displayName: SITE_NAME, identifier: host, documentationUrl: `${origin}/developers` },
    entries: [
      {
        identifier: urn('mcp', 'site'),
        displayName: `${SITE_NAME} MCP server`,
        type: 'application/mcp-server-card+json',
        url: `${origin}/.well-known/mcp/server-card.json`,
        description:
          'Search the site, read its pages as Markdown and ask questions answered from them (Streamable HTTP at /mcp, no credentials).',
        tags: ['mcp', 'search', 'education'],
        representativeQueries: [
          'Which online courses start in Spring 2027?',
          'When is the next open day?',
          'What are the entry requirements for the Master of Divinity?',
        ],
      },
      {
        identifier: urn('openapi', 'public-api'),
        displayName: `${SITE_NAME} public API`,
        type: 'application/vnd.oai.openapi+json',
        url: `${origin}/openapi.json`,
        version: API_VERSION,
        description: 'OpenAPI 3.1 description of the public HTTP API: search, chat, forms, health.',
        tags: ['openapi', 'api'],
        representativeQueries: ['Search the institute site by HTTP', 'List courses by department and term as JSON'],
      },
      {
        identifier: urn('llms-txt', 'index'),
        displayName: `${SITE_NAME} llms.txt`,
        type: 'text/plain',
        url: `${origin}/llms.txt`,
        description: 'Index of every public page as Markdown (llmstxt.org format).',
        tags: ['llms.txt', 'markdown'],
        representativeQueries: [
          'Read every page of the institute site as Markdown',
          'Program and course pages for an agent',
        ],
      },
    ],
  };
}
