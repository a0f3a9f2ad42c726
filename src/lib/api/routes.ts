/**
 * The route table: every on-demand JSON route of the site, one entry each, and the only place its facts are kept.
 * Each capability keeps its routes, limits and descriptions together in `routes/<capability>.ts`; this module
 * puts them in the order /openapi.json lists them. /openapi.json, /developers, /auth.md, the `Allow` of each
 * route's 405, the JSON-only paths of the middleware, the body caps and fast paths of the server and the rate
 * limiter all read it. tests/unit/routes.test.ts fails when a route file has no entry here, or an entry no file.
 */
import packageJson from '../../../package.json' with { type: 'json' };
import { DEFAULT_BODY_LIMIT, type Route } from './route.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { chatRoutes } from './routes/chat.ts';
import { apiCatalogRoutes, discoveryDocuments, unknownApiRoutes } from './routes/discovery.ts';
import { challengeRoutes, formRoutes } from './routes/forms.ts';
import { healthRoutes } from './routes/health.ts';
import { mcpRoutes } from './routes/mcp.ts';
import { newsletterRoutes } from './routes/newsletter.ts';
import { searchRoutes } from './routes/search.ts';
import { staffRoutes } from './routes/staff.ts';

export type * from './route.ts';
export { DEFAULT_BODY_LIMIT } from './route.ts';

/** The API's version is the package's: /openapi.json, the AI catalog, the MCP server and /developers say it. No path carries it. */
export const API_VERSION: string = packageJson.version;

/** The API: /openapi.json describes these, in this order. */
export const apiRoutes: Route[] = [
  ...apiCatalogRoutes,
  ...healthRoutes,
  ...searchRoutes,
  ...catalogRoutes,
  ...chatRoutes,
  ...formRoutes,
  ...newsletterRoutes,
  ...challengeRoutes,
  ...staffRoutes,
  ...unknownApiRoutes,
];

/** The documents outside the API: JSON (or JSON-RPC on /mcp) on every error too, never HTML. */
export const documentRoutes: Route[] = [...discoveryDocuments, ...mcpRoutes];

export const allRoutes: Route[] = [...apiRoutes, ...documentRoutes];

/**
 * The entry of `path`, as the table spells it; throws for a path it does not hold, so a typo fails at start.
 * @example export const ALL = methodNotAllowed(route('/api/search'));
 */
export function route(path: string): Route {
  const found = allRoutes.find((r) => r.path === path);
  if (!found) throw new Error(`${path} is not in the route table (src/lib/api/routes/)`);
  return found;
}

/** A route's body cap in bytes. */
export const maxBody = (r: Route) => r.bodyLimit ?? DEFAULT_BODY_LIMIT;

/** The routes with a fast path in the server (server/app.ts), by path. */
export const fastPaths: ReadonlyMap<string, Route> = new Map(
  allRoutes.flatMap((r) => (r.fastPath ? [[r.path, r] as const] : [])),
);

/**
 * What a table path matches: a path with a parameter at the end matches every path under its prefix
 * (`/api/auth/{action}` → `/api/auth/`), any other exactly itself.
 */
export function pathPattern(path: string): { exact: string } | { prefix: string } {
  const param = path.indexOf('{');
  return param === -1 ? { exact: path } : { prefix: path.slice(0, param) };
}
