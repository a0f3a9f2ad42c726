import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { getConfig } from '../config.ts';
import { ApiError, internalError } from '../http/api-error.ts';
import { log } from '../log.ts';
import { createLimiter } from './create-limiter.ts';
import { rateLimitRefusals } from '../metrics/index.ts';
import { rateLimitPolicies, windowText, type RateLimitPolicy, type RateLimitRoute } from './policies.ts';
import { allRoutes } from '../api/routes.ts';

export type RateLimitHeaders = Record<string, string>;

const limiters = new Map<RateLimitRoute, RateLimiterAbstract>();

/**
 * Counts one request of `ip` against `route`'s limit. Returns the `X-RateLimit-*` headers for the response;
 * over the limit, throws `429 RATE_LIMITED` carrying those headers and `Retry-After` (whole seconds, rounded up).
 * With RATE_LIMIT_DISABLED=1 (benchmarks on loopback only) nothing is counted and no headers are returned.
 * @example const headers = await rateLimit('signup', ip);
 */
export async function rateLimit(route: RateLimitRoute, ip: string): Promise<RateLimitHeaders> {
  if (getConfig().RATE_LIMIT_DISABLED) return {};
  const policy = rateLimitPolicies[route];
  try {
    return headersFor(policy.points, await limiterFor(route).consume(rateLimitKey(ip)));
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    rateLimitRefusals.inc({ limit: route });
    const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw rateLimited(policy, retryAfter, headersFor(policy.points, rejection));
  }
}

/** 429 RATE_LIMITED: over `policy`, free again in `retryAfter` seconds. */
export const rateLimited = (policy: RateLimitPolicy, retryAfter: number, headers: RateLimitHeaders = {}) =>
  new ApiError(
    429,
    'RATE_LIMITED',
    `Too many requests: at most ${policy.points} every ${windowText(policy.durationSeconds)}.`,
    {
      resolution: `Wait ${retryAfter} seconds (Retry-After) before trying again. For higher limits, contact the operator.`,
      headers: { ...headers, 'Retry-After': String(retryAfter) },
    },
  );

/**
 * The `X-RateLimit-*` headers of `ip` on `route` without counting anything, for answers that cost nothing (a
 * search answered from the cache). Informational only: if the counter store fails, no headers rather than an error.
 */
export async function peekRateLimit(route: RateLimitRoute, ip: string): Promise<RateLimitHeaders> {
  if (getConfig().RATE_LIMIT_DISABLED) return {};
  const policy = rateLimitPolicies[route];
  try {
    const res = await limiterFor(route).get(rateLimitKey(ip));
    if (res) return headersFor(policy.points, res);
    // No request in a window yet: the whole limit is left, and a window would start now.
    return headersFor(policy.points, new RateLimiterRes(policy.points, policy.durationSeconds * 1000, 0));
  } catch (err) {
    log.warn({ err, route }, 'rate limit: could not read the counter');
    return {};
  }
}

/**
 * The 429 for `ip` on `route` when its window is already used up, read without counting: the server answers such a
 * request before Astro (server/app.ts), for the routes whose limit counts every request (refusedEarly below).
 * Undefined when the request may go on; the route then counts it as usual, so no request is counted twice. The
 * refusal is the one rateLimit() would give: the same headers (Remaining 0, the same Reset) and body.
 */
export async function refusal(route: RateLimitRoute, ip: string): Promise<ApiError | undefined> {
  if (getConfig().RATE_LIMIT_DISABLED) return undefined;
  const policy = rateLimitPolicies[route];
  let res: RateLimiterRes | null;
  try {
    res = await limiterFor(route).get(rateLimitKey(ip));
  } catch {
    return undefined; // the counter store failed: the route's own count decides (and logs)
  }
  if (!res || res.consumedPoints < policy.points) return undefined;
  rateLimitRefusals.inc({ limit: route });
  return rateLimited(policy, Math.max(1, Math.ceil(res.msBeforeNext / 1000)), headersFor(policy.points, res));
}

/**
 * The POST routes whose limit counts every request first, before any validation (the contract), by path: an
 * over-limit client gets its 429 whatever it sends, so the server can say it before Astro. The route table marks
 * them with the `early-429` fast path. Search is not among them: it counts only the searches the answer cache
 * cannot give, which only the route knows.
 */
export const refusedEarly: ReadonlyMap<string, RateLimitRoute> = new Map(
  allRoutes.flatMap((r) => (r.fastPath === 'early-429' && r.rateLimit ? [[r.path, r.rateLimit.name] as const] : [])),
);

function limiterFor(route: RateLimitRoute): RateLimiterAbstract {
  let limiter = limiters.get(route);
  if (!limiter) limiters.set(route, (limiter = createLimiter(route, rateLimitPolicies[route])));
  return limiter;
}

/**
 * Runs a route body under a limit: counts first (before any validation, as the contract says), then puts the
 * rate-limit headers on whatever comes out, success or ApiError.
 */
export async function withRateLimit(
  route: RateLimitRoute,
  ip: string,
  handle: () => Promise<Response>,
): Promise<Response> {
  const { value: response, headers } = await underRateLimit(route, ip, handle);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/**
 * withRateLimit for an answer that is not a Response yet (the chat's, which the server writes itself): counts
 * first, then hands back the result with the headers it must carry; an error carries them already.
 */
export async function underRateLimit<T>(
  route: RateLimitRoute,
  ip: string,
  handle: () => Promise<T>,
): Promise<{ value: T; headers: RateLimitHeaders }> {
  const headers = await rateLimit(route, ip);
  try {
    return { value: await handle(), headers };
  } catch (err) {
    if (err instanceof ApiError) {
      Object.assign(err.headers, headers);
      throw err;
    }
    // Even an unexpected failure is an answer of a limited route: it keeps the headers (no internals in the body).
    log.error({ err, route }, 'unhandled error in a rate-limited route');
    const internal = internalError();
    Object.assign(internal.headers, headers);
    throw internal;
  }
}

function headersFor(limit: number, res: RateLimiterRes): RateLimitHeaders {
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(Math.max(0, limit - res.consumedPoints)),
    // Whole seconds: the window's end then reads the same on every response of the window, despite clock drift
    // between the counter store and this process.
    'X-RateLimit-Reset': String(Math.ceil((Date.now() + res.msBeforeNext) / 1000) * 1000),
  };
}

/** One IPv6 subscriber usually holds a whole /64, so it counts as one client; IPv4 addresses count alone. */
export function rateLimitKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const full = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${full
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`;
}
