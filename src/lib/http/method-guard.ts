import type { APIRoute } from 'astro';
import type { Route } from '../api/routes.ts';
import { ApiError } from './api-error.ts';

/**
 * The `ALL` handler of a route: answers the methods it does not serve with 405 and an `Allow` header listing the
 * route table's methods. Astro sends HEAD to `ALL` when a route exports no HEAD, so a GET route exports `HEAD = GET`
 * and the table lists both.
 * @example export const HEAD = GET; export const ALL = methodNotAllowed(route('/api/search'));
 */
export function methodNotAllowed({ methods }: Pick<Route, 'methods'>): APIRoute {
  return ({ request, locals }) => {
    throw methodError(locals.clientMethod ?? request.method, methods);
  };
}

/** The 405 ApiError for `method`, with `Allow`. */
export function methodError(method: string, allow: string[]): ApiError {
  return new ApiError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed here.`, {
    resolution: `Use ${allow.join(' or ')}. See /openapi.json.`,
    headers: { Allow: allow.join(', ') },
  });
}
