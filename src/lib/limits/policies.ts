import { allRoutes, windowText, type RateLimitName, type RateLimitPolicy } from '../api/routes.ts';

export { windowText, type RateLimitPolicy };
export type RateLimitRoute = RateLimitName;

/** The rate limits of the route table (src/lib/api/routes.ts) by name: requests per fixed window, per client IP. */
export const rateLimitPolicies = Object.fromEntries(
  allRoutes.flatMap((r) => (r.rateLimit ? [[r.rateLimit.name, r.rateLimit]] : [])),
) as Record<RateLimitName, RateLimitPolicy>;
