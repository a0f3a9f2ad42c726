import { allRoutes, pathPattern } from '../api/routes.ts';

/** The route table's paths: whole prefixes (`/api/`, `/.well-known/`, from their catch-all routes) and exact paths. */
const patterns = allRoutes.map((r) => pathPattern(r.path));

/** Paths whose every error is JSON (an ApiError, or JSON-RPC on /mcp), never HTML or text. */
export const answersJson = (pathname: string) =>
  patterns.some((p) => ('exact' in p ? pathname === p.exact : pathname.startsWith(p.prefix)));

/** /mcp speaks JSON-RPC: its transport-level errors are JSON-RPC error objects, not ApiError. */
export const isMcpPath = (pathname: string) => pathname === '/mcp' || pathname === '/mcp/';
