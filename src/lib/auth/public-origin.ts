import type { Config } from '../config.ts';

/**
 * The origin visitors use: SITE_URL when set; otherwise the request's own, made https when a trusted proxy
 * (TRUST_PROXY) says so. Auth.js builds its callback URL and cookie names from this, so forwarded headers from
 * an untrusted client never choose them.
 */
export function publicOrigin(request: Request, config: Config): URL {
  if (config.SITE_URL) return new URL(new URL(config.SITE_URL).origin);
  const url = new URL(new URL(request.url).origin);
  if (config.TRUST_PROXY > 0 && request.headers.get('x-forwarded-proto')?.split(',').at(-1)?.trim() === 'https') {
    url.protocol = 'https:';
  }
  return url;
}

/** The request as Auth.js should see it: on the public origin, with forwarded headers it would otherwise trust. */
export function requestForAuth(request: Request, origin: URL): Request {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.set('x-forwarded-host', origin.host);
  headers.set('x-forwarded-proto', origin.protocol.slice(0, -1));
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body;
  return new Request(new URL(url.pathname + url.search, origin), {
    method: request.method, headers, body, ...(body ? { duplex: 'half' } : {}),
  } as RequestInit);
}
