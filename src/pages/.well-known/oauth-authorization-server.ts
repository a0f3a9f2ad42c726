import type { APIRoute } from 'astro';
import { configuredIssuers } from '../../lib/discovery/identity-provider.ts';
import { authorizationServerMetadata, noIdentityProvider } from '../../lib/discovery/oauth.ts';
import { discoveryJson } from '../../lib/discovery/respond.ts';
import { publicOrigin } from '../../lib/http/public-origin.ts';
import { route } from '../../lib/api/routes.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';

export const prerender = false;

/** RFC 8414 (and, re-exported, OpenID Discovery): the staff identity provider's metadata, repeated; 404 when there is none. */
export const GET = (async ({ request }) => {
  const [issuer] = configuredIssuers();
  if (!issuer) throw noIdentityProvider();
  return discoveryJson(await authorizationServerMetadata(issuer, publicOrigin(request)));
}) satisfies APIRoute;
export const HEAD = GET;
export const ALL = methodNotAllowed(route('/.well-known/oauth-authorization-server'));
