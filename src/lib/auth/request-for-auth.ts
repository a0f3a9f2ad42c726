/**
 * The request as Auth.js should see it: on the public origin (src/lib/http/public-origin.ts), with the forwarded
 * headers it would otherwise trust replaced by that origin. Auth.js builds its callback URL and cookie names from
 * them, so forwarded headers from an untrusted client never choose them.
 */
export function requestForAuth(request: Request, origin: URL): Request {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.set('x-forwarded-host', origin.host);
  headers.set('x-forwarded-proto', origin.protocol.slice(0, -1));
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body;
  return new Request(new URL(url.pathname + url.search, origin), {
    method: request.method,
    headers,
    body,
    ...(body ? { duplex: 'half' } : {}),
  } as RequestInit);
}
