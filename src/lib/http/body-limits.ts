/**
 * How many bytes of request body each on-demand route may send, checked by the server (server/body-guard.ts)
 * before anything reads a body: the contract's form and chat caps, a few KiB for Auth.js's forms (a CSRF token
 * and a callback URL), and a small default for everything that takes no body.
 */
export const FORM_BODY_LIMIT = 16 * 1024;
export const CHAT_BODY_LIMIT = 64 * 1024;
export const MCP_BODY_LIMIT = 64 * 1024;
export const AUTH_BODY_LIMIT = 8 * 1024;
export const DEFAULT_BODY_LIMIT = 1024;

/** Exact paths (with or without a trailing slash), and prefixes ending in `/`. */
const LIMITS: [path: string, bytes: number][] = [
  ['/api/auth/', AUTH_BODY_LIMIT],
  ['/api/chat', CHAT_BODY_LIMIT],
  ['/api/email-marketing-signup', FORM_BODY_LIMIT],
  ['/api/course-registration', FORM_BODY_LIMIT],
  ['/mcp', MCP_BODY_LIMIT],
];

/**
 * The body cap for a request path. A path spelled so that it matches no entry gets the smallest cap, so odd
 * spellings can only lower a cap, never raise it.
 */
export function bodyLimit(pathname: string): number {
  const path = pathname.endsWith('/') && pathname.length > 1 && !LIMITS.some(([p]) => p === pathname) ? pathname.slice(0, -1) : pathname;
  for (const [prefix, bytes] of LIMITS) {
    if (prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix) return bytes;
  }
  return DEFAULT_BODY_LIMIT;
}
