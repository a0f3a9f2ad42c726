/**
 * What an agent that only knows the origin needs (RFC 8288 links): the API catalog (RFC 9727), the OpenAPI
 * document, the developer guide, /llms.txt and the MCP server card. Sent as a `Link` header by the home page and
 * /api/health, and written as <link> elements in the home page's head.
 */
import { API_CATALOG_PATH } from './api-catalog.ts';

/** Registered relation types only: llms.txt and the MCP server card have none of their own, so both are `describedby`, told apart by type and title. */
export interface DiscoveryLink {
  href: string;
  rel: string;
  type: string;
  title: string;
}

export const MCP_SERVER_CARD_PATH = '/.well-known/mcp/server-card.json';

export function discoveryLinks(origin: string): DiscoveryLink[] {
  return [
    {
      href: `${origin}${API_CATALOG_PATH}`,
      rel: 'api-catalog',
      type: 'application/linkset+json',
      title: 'API catalog',
    },
    {
      href: `${origin}/openapi.json`,
      rel: 'service-desc',
      type: 'application/vnd.oai.openapi+json;version=3.1',
      title: 'OpenAPI description',
    },
    { href: `${origin}/developers`, rel: 'service-doc', type: 'text/html', title: 'Developer guide' },
    { href: `${origin}/llms.txt`, rel: 'describedby', type: 'text/plain', title: 'llms.txt' },
    {
      href: `${origin}${MCP_SERVER_CARD_PATH}`,
      rel: 'describedby',
      type: 'application/json',
      title: 'MCP server card',
    },
  ];
}

/** The links as one `Link` header value (RFC 8288 section 3). */
export const discoveryLinkHeader = (origin: string) =>
  discoveryLinks(origin)
    .map((l) => `<${l.href}>; rel="${l.rel}"; type="${l.type}"; title="${l.title}"`)
    .join(', ');
