import { isIP } from 'node:net';
import { getConfig } from '../config.ts';
import { currentTrustedHops } from './request-id.ts';

/**
 * The client's IP address for rate limiting and challenge verification.
 *
 * `socketAddress` is Astro's `clientAddress`: with no `security.allowedDomains` configured (astro.config.mjs),
 * the node adapter gives the socket's peer address and ignores `X-Forwarded-For`. With `trustedHops` N (what
 * TRUST_PROXY says for this request's peer: http/trusted-proxies.ts), the N
 * right-most `X-Forwarded-For` entries were written by our own proxies, so the client is the N-th entry from
 * the right. Everything left of it is whatever the client sent and cannot buy a new identity.
 * @example clientIp('10.0.0.2', headers, 1) // 'X-Forwarded-For: 6.6.6.6, 203.0.113.9' → '203.0.113.9'
 */
export function clientIp(
  socketAddress: string,
  headers: Pick<Headers, 'get'>,
  trustedHops = currentTrustedHops(
    getConfig().TRUST_PROXY.hopsFor(socketAddress, headers.get('x-forwarded-for') ?? undefined),
  ),
): string {
  const socket = normalise(socketAddress);
  if (trustedHops === 0) return socket;
  const hops = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  if (hops.length === 0) return socket;
  // Fewer hops than trusted proxies: the left-most entry is the farthest address any trusted proxy saw.
  const candidate = normalise(hops[Math.max(hops.length - trustedHops, 0)]!);
  // A malformed entry can only come from a misconfigured proxy; the socket is the safer identity then.
  return isIP(candidate) ? candidate : socket;
}

/** IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is the same client as `1.2.3.4`; brackets and ports are noise. */
function normalise(address: string): string {
  let a = address.trim();
  const bracketed = a.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (bracketed) a = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  if (a.toLowerCase().startsWith('::ffff:') && isIP(a.slice(7)) === 4) a = a.slice(7);
  return a.toLowerCase();
}
