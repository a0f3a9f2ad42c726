import type { APIRoute } from 'astro';
import { configuredIssuers } from '../../lib/discovery/identity-provider.ts';
import { protectedResourceMetadata } from '../../lib/discovery/oauth.ts';
import { discoveryJson } from '../../lib/discovery/respond.ts';
import { publicOrigin } from '../../lib/http/public-origin.ts';
import { route } from '../../lib/api/routes.ts';
import { methodNotAllowed } from '../../lib/http/method-guard.ts';

export const prerender = false;

/** RFC 9728: what protects this site (staff pages only) and that no bearer token is accepted. */
export const GET = (({ request }) =>
  discoveryJson(protectedResourceMetadata(publicOrigin(request), configuredIssuers()))) satisfies APIRoute;
export const HEAD = GET;
export const ALL = methodNotAllowed(route('/.well-known/oauth-protected-resource'));
