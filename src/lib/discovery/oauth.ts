/**
 * Honest OAuth metadata. The site issues no tokens and accepts none: the public API is anonymous and staff
 * pages use a session cookie from Auth.js after signing in at an external identity provider. So the protected
 * resource document (RFC 9728) names that provider and no bearer methods, and the authorization-server
 * documents (RFC 8414, OpenID Discovery) repeat the provider's own metadata rather than invent endpoints here.
 */
import { ApiError } from '../http/api-error.ts';
import { SITE_NAME } from '../site.ts';
import { PUBLIC_HEADERS } from './respond.ts';

/** The provider's fields worth repeating: where to authorize, get tokens and keys, and what it supports. */
const REPEATED = [
  'issuer',
  'authorization_endpoint',
  'token_endpoint',
  'userinfo_endpoint',
  'jwks_uri',
  'end_session_endpoint',
  'registration_endpoint',
  'revocation_endpoint',
  'introspection_endpoint',
  'device_authorization_endpoint',
  'scopes_supported',
  'response_types_supported',
  'response_modes_supported',
  'grant_types_supported',
  'subject_types_supported',
  'id_token_signing_alg_values_supported',
  'token_endpoint_auth_methods_supported',
  'code_challenge_methods_supported',
  'claims_supported',
] as const;

const CACHE_MS = 60 * 60 * 1000;
const cache = new Map<string, { at: number; metadata: Promise<Record<string, unknown>> }>();

/** RFC 9728 metadata for this site. */
export function protectedResourceMetadata(origin: string, issuers: string[]) {
  return {
    resource: origin,
    resource_name: `${SITE_NAME} (staff pages only; the public API needs no credentials)`,
    ...(issuers.length > 0 ? { authorization_servers: issuers } : {}),
    // No route accepts a bearer token: staff pages use a session cookie, everything else is anonymous.
    bearer_methods_supported: [],
    resource_documentation: `${origin}/auth.md`,
  };
}

export const noIdentityProvider = () =>
  new ApiError(
    404,
    'NOT_FOUND',
    'This site has no staff identity provider configured, so there is no authorization server to describe.',
    {
      resolution:
        'Read /auth.md: the public API needs no credentials, and this site is not an OAuth server for third parties.',
      headers: PUBLIC_HEADERS,
    },
  );

/**
 * The identity provider's metadata as this site repeats it: the provider's own issuer and endpoints (fetched from
 * its OpenID discovery document, kept an hour), plus our documentation link.
 * @throws ApiError 500 when the provider's document cannot be read or is not its own.
 */
export async function authorizationServerMetadata(issuer: string, origin: string, fetchImpl: typeof fetch = fetch) {
  let entry = cache.get(issuer);
  if (!entry || Date.now() - entry.at > CACHE_MS) {
    entry = { at: Date.now(), metadata: fetchProviderMetadata(issuer, fetchImpl) };
    cache.set(issuer, entry);
    entry.metadata.catch(() => cache.delete(issuer));
  }
  const metadata = await entry.metadata;
  const repeated = Object.fromEntries(REPEATED.filter((k) => metadata[k] !== undefined).map((k) => [k, metadata[k]]));
  return { ...repeated, service_documentation: `${origin}/auth.md` };
}

async function fetchProviderMetadata(issuer: string, fetchImpl: typeof fetch): Promise<Record<string, unknown>> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const unreadable = (why: string) =>
    new ApiError(500, 'INTERNAL_ERROR', `The identity provider's metadata could not be read (${why}).`, {
      resolution: `Read it at the provider directly: ${url}`,
    });
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
  } catch {
    throw unreadable('network error');
  }
  if (!response.ok) throw unreadable(`HTTP ${response.status}`);
  const metadata = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  // OpenID Discovery section 4.3: the document must name the issuer it was fetched for.
  if (!metadata || metadata.issuer !== issuer) throw unreadable('issuer mismatch');
  return metadata;
}
