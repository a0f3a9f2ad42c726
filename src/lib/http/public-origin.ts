/**
 * The origin visitors use, for every absolute URL the site writes: discovery documents, the homepage's API
 * catalog link, chat sources, MCP answers, Auth.js callbacks and cookies. SITE_URL when set; otherwise the
 * request's own origin, with the scheme and host a proxy forwarded (`X-Forwarded-Proto`, `X-Forwarded-Host`)
 * when TRUST_PROXY says proxies are in front, read the way client-ip.ts reads `X-Forwarded-For`. Forwarded headers
 * from an untrusted client never choose an origin.
 */
import type { IncomingMessage } from 'node:http';
import { getConfig, type Config } from '../config.ts';
import { currentTrustedHops } from './request-id.ts';

// A host name, IPv4 or bracketed IPv6 literal, with an optional port: nothing that could smuggle a path or user.
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(:\d{1,5})?$/i;

/**
 * The value `trustedHops` proxies forwarded in an `X-Forwarded-*` header, or undefined when none is trusted or
 * sent. Each proxy appends what it saw, so the N right-most entries are our proxies' and the outermost one's, the
 * N-th from the right, describes the client's connection; entries left of it are whatever the client sent.
 * @example forwardedValue('https, http', 1) === 'http'; forwardedValue('https, http', 2) === 'https'
 */
export function forwardedValue(header: string | null | undefined, trustedHops: number): string | undefined {
  if (trustedHops === 0 || !header) return undefined;
  const hops = header
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  // Fewer entries than trusted proxies: some proxy set rather than appended; the left-most is the farthest seen.
  return hops.length === 0 ? undefined : hops[Math.max(hops.length - trustedHops, 0)];
}

/**
 * The public origin of this request, e.g. 'https://northgate.example' (no trailing slash).
 * @example publicOrigin(new Request('http://10.0.0.5:4321/', { headers: { 'x-forwarded-proto': 'https' } })) // with TRUST_PROXY=1: 'https://10.0.0.5:4321'
 */
export function publicOrigin(request: Request, config: Config = getConfig()): string {
  return originOf(request.url, (name) => request.headers.get(name), config);
}

/**
 * publicOrigin() for a request as Node's HTTP server hands it over, before Astro has made a Request of it
 * (server/app.ts). Our server speaks plain HTTP; https reaches it only through a proxy.
 */
export function publicOriginOfNodeRequest(req: IncomingMessage, config: Config = getConfig()): string {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return originOf(`http://${req.headers.host ?? 'localhost'}/`, header, config);
}

function originOf(requestUrl: string, header: (name: string) => string | null | undefined, config: Config): string {
  if (config.SITE_URL) return new URL(config.SITE_URL).origin;
  // A Host the URL parser refuses cannot be linked to; fall back to the address the server answers on.
  const own =
    URL.parse(requestUrl) ??
    new URL(`http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`);
  // Inside a request, the hops its peer earned (server/app.ts); outside one (tests, scripts), a hop count's.
  const trustedHops = currentTrustedHops(config.TRUST_PROXY.hopsFor('', undefined));
  const proto = forwardedValue(header('x-forwarded-proto'), trustedHops)?.toLowerCase();
  const host = forwardedValue(header('x-forwarded-host'), trustedHops);
  const protocol = proto === 'https' || proto === 'http' ? `${proto}:` : own.protocol;
  return URL.parse(`${protocol}//${host && HOST.test(host) ? host : own.host}`)?.origin ?? own.origin;
}
