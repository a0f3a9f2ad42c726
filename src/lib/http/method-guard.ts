import type { APIRoute } from 'astro';
import { ApiError } from './api-error.ts';

/**
 * The `ALL` handler of a route: answers the methods it does not serve with 405 and an `Allow` header.
 * @example export const ALL = methodNotAllowed(['GET']);
 */
export function methodNotAllowed(allowed: string[]): APIRoute {
  const allow = allowed.includes('GET') && !allowed.includes('HEAD') ? [...allowed, 'HEAD'] : allowed;
  return ({ request }) => {
    throw new ApiError(405, 'METHOD_NOT_ALLOWED', `${request.method} is not allowed here.`, {
      resolution: `Use ${allow.join(' or ')}. See /openapi.json.`,
      headers: { Allow: allow.join(', ') },
    });
  };
}
