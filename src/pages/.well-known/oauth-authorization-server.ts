import type { APIRoute } from 'astro';
import { configuredIssuers } from '../../lib/discovery/identity-provider.ts';
import { authorizationServerMetadata, noIdentityProvider } from '../../lib/discovery/oauth.ts';
import { discoveryJson, siteOrigin } from '../../lib/discovery/respond.ts';
import { route } from '../../lib/api/routes.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';

export const prerender = false;

/** RFC 8414 (and, re-exported, OpenID Discovery): the staff identity provider's metadata, repeated; 404 when there is none. */
export const GET = (async ({ url }) => {
  const [issuer] = configuredIssuers();
  if (!issuer) throw noIdentityProvider();
  return discoveryJson(await authorizationServerMetadata(issuer, siteOrigin(url)));
}) satisfies APIRoute;
export const HEAD = GET;
export const ALL = methodNotAllowed(route('/.well-known/oauth-authorization-server'));
