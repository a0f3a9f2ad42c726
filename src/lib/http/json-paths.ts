/** Discovery routes outside /api/ and /.well-known/ whose errors are JSON too. */
const JSON_DOCUMENTS = new Set(['/openapi.json', '/auth.md', '/mcp']);

/** Paths whose every error is JSON (an ApiError, or JSON-RPC on /mcp), never HTML or text. */
export const answersJson = (pathname: string) =>
  pathname.startsWith('/api/') || pathname.startsWith('/.well-known/') || JSON_DOCUMENTS.has(pathname);

/** /mcp speaks JSON-RPC: its transport-level errors are JSON-RPC error objects, not ApiError. */
export const isMcpPath = (pathname: string) => pathname === '/mcp' || pathname === '/mcp/';
