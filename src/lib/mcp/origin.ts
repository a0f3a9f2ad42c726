import { isIP } from 'node:net';

/**
 * The MCP specification (Streamable HTTP, "Security Warning") requires servers to validate `Origin` against
 * DNS rebinding. Clients outside browsers send none and are welcome. A browser's `Origin` must be the site's
 * public origin: SITE_URL when set. Without SITE_URL the public origin (http/public-origin.ts: the request's own,
 * or what a trusted proxy forwarded) is accepted only on loopback and IP-literal hosts, because a rebinding attack
 * names its own domain in `Host`, which makes the request's own origin match whatever the attacker chose.
 * @example originAllowed('https://evil.example', 'https://evil.example', undefined) === false
 */
export function originAllowed(origin: string | null, requestOrigin: string, siteUrl: string | undefined): boolean {
  if (origin === null) return true;
  if (siteUrl) return origin === new URL(siteUrl).origin;
  if (origin !== requestOrigin) return false;
  const host = new URL(requestOrigin).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || isIP(host) !== 0;
}
