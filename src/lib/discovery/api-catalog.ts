import type { z } from 'zod';
import type { apiCatalogSchema } from '../../schemas/discovery.ts';

export const API_CATALOG_PATH = '/.well-known/api-catalog';
export const API_CATALOG_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/** `Link` header value announcing the catalog (RFC 9727 section 3), sent by HEAD of the catalog and by the homepage. */
export const apiCatalogLink = (origin: string) => `<${origin}${API_CATALOG_PATH}>; rel="api-catalog"`;

/**
 * The RFC 9727 API catalog: one linkset entry for the public API, anchored at /api/.
 * @example apiCatalog('https://northgate.example').linkset[0]['service-desc'][0].href === 'https://northgate.example/openapi.json'
 */
export function apiCatalog(origin: string): z.infer<typeof apiCatalogSchema> {
  return {
    linkset: [
      {
        anchor: `${origin}/api/`,
        'service-desc': [
          {
            href: `${origin}/openapi.json`,
            type: 'application/vnd.oai.openapi+json;version=3.1',
            title: 'OpenAPI 3.1 description',
          },
        ],
        'service-doc': [{ href: `${origin}/developers`, type: 'text/html', title: 'Developer guide' }],
        status: [{ href: `${origin}/api/health`, type: 'application/json', title: 'Health probe' }],
      },
    ],
  };
}
