import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitPolicy, RateLimitRoute } from './policies.ts';

/**
 * The counter store behind one route's limit. In memory for now: one process, one count. The scale-out issue
 * swaps in `RateLimiterRedis` here (REDIS_URL) with this memory limiter as its `insuranceLimiter`, so a Redis
 * outage degrades to per-instance limits instead of failing requests; callers do not change.
 */
export function createLimiter(route: RateLimitRoute, policy: RateLimitPolicy): RateLimiterAbstract {
  // rate-limiter-flexible counts a fixed window that starts at a key's first request.
  return new RateLimiterMemory({ keyPrefix: `rl:${route}`, points: policy.points, duration: policy.durationSeconds });
}
