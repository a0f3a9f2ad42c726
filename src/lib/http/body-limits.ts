import { allRoutes, DEFAULT_BODY_LIMIT, pathPattern } from '../api/routes.ts';

/**
 * How many bytes of request body each on-demand route may send (the route table's `bodyLimit`), checked by the
 * server (server/body-guard.ts) before anything reads a body. Exact paths (with or without a trailing slash), and
 * prefixes ending in `/` for routes whose last segment is a parameter.
 */
const LIMITS: [path: string, bytes: number][] = allRoutes.flatMap((r) => {
  if (r.bodyLimit === undefined) return [];
  const pattern = pathPattern(r.path);
  return [['exact' in pattern ? pattern.exact : pattern.prefix, r.bodyLimit]];
});

/**
 * The body cap for a request path. A path spelled so that it matches no entry gets the smallest cap, so odd
 * spellings can only lower a cap, never raise it.
 */
export function bodyLimit(pathname: string): number {
  const path =
    pathname.endsWith('/') && pathname.length > 1 && !LIMITS.some(([p]) => p === pathname)
      ? pathname.slice(0, -1)
      : pathname;
  for (const [prefix, bytes] of LIMITS) {
    if (prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix) return bytes;
  }
  return DEFAULT_BODY_LIMIT;
}
