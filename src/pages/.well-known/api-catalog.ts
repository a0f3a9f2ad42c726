import type { APIRoute } from 'astro';
import { API_CATALOG_TYPE, apiCatalog, apiCatalogLink } from '../../lib/discovery/api-catalog.ts';
import { discoveryJson } from '../../lib/discovery/respond.ts';
import { publicOrigin } from '../../lib/http/public-origin.ts';
import { route } from '../../lib/api/routes.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';

export const prerender = false;

/** RFC 9727 API catalog: where the OpenAPI document, the guide and the health probe are. */
export const GET = (({ request }) => {
  const origin = publicOrigin(request);
  return discoveryJson(apiCatalog(origin), API_CATALOG_TYPE, { headers: { Link: apiCatalogLink(origin) } });
}) satisfies APIRoute;

/** RFC 9727 section 3: HEAD names the catalog in a `Link` header. */
export const HEAD = (({ request }) =>
  discoveryJson(undefined, API_CATALOG_TYPE, {
    headers: { Link: apiCatalogLink(publicOrigin(request)) },
  })) satisfies APIRoute;
export const ALL = methodNotAllowed(route('/.well-known/api-catalog'));
