import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentSecurityPolicy } from '../src/lib/http/content-security-policy.ts';
import { forwardedValue } from '../src/lib/http/public-origin.ts';

const CSP = contentSecurityPolicy();

const COMMON: [string, string][] = [
  ['Content-Security-Policy', CSP],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
];

/** Whether the client reached us over https: directly, or through a proxy we were told to trust (http/public-origin.ts). */
export function isHttps(req: IncomingMessage, trustedHops: number): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  const proto = req.headers['x-forwarded-proto'];
  return forwardedValue(Array.isArray(proto) ? proto.join(', ') : proto, trustedHops)?.toLowerCase() === 'https';
}

/** Headers every response carries, whatever answers it. */
export function setSecurityHeaders(req: IncomingMessage, res: ServerResponse, trustedHops: number): void {
  for (const [name, value] of COMMON) res.setHeader(name, value);
  if (isHttps(req, trustedHops)) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
