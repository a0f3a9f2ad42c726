import cluster from 'node:cluster';
import {
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { log } from '../log.ts';
import type { RateLimitPolicy, RateLimitRoute } from './policies.ts';
import { getRedis } from './redis.ts';
import { redisFallbacks } from '../metrics/index.ts';

/**
 * The counter store behind one route's limit. Without REDIS_URL: in memory, one process, one count. With it: in
 * Redis, so every instance counts against the same limit (an atomic INCR per request: concurrent requests on
 * different instances cannot both take the last point). A memory limiter is the insurance: while Redis is not
 * connected or a command fails, requests are counted per instance instead of failing. Without REDIS_URL but with
 * several processes (WEB_CONCURRENCY): in the primary's memory (server/cluster.ts), each count one IPC round trip,
 * so the limit stays exact across the processes.
 */
export function createLimiter(route: RateLimitRoute, policy: RateLimitPolicy): RateLimiterAbstract {
  // rate-limiter-flexible counts a fixed window that starts at a key's first request.
  const options = { keyPrefix: `rl:${route}`, points: policy.points, duration: policy.durationSeconds };
  const redis = getRedis();
  if (!redis)
    return cluster.isWorker ? new RateLimiterCluster({ ...options, timeoutMs: 2000 }) : new RateLimiterMemory(options);
  // rejectIfRedisNotReady: while disconnected, go to the insurance limiter at once instead of trying Redis.
  return new RateLimiterRedis({
    ...options,
    storeClient: redis,
    insuranceLimiter: new InsuranceLimiter(route, options),
    rejectIfRedisNotReady: true,
  });
}

/** The memory limiter standing in for Redis; says so in the log (at most once a minute per route). */
class InsuranceLimiter extends RateLimiterMemory {
  #route: RateLimitRoute;
  #lastWarning = 0;

  constructor(route: RateLimitRoute, options: ConstructorParameters<typeof RateLimiterMemory>[0]) {
    super(options);
    this.#route = route;
  }

  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    redisFallbacks.inc({ limit: this.#route });
    if (Date.now() - this.#lastWarning > 60_000) {
      this.#lastWarning = Date.now();
      log.warn({ route: this.#route }, "Redis did not answer: rate limits counted in this instance's memory");
    }
    return super.consume(...args);
  }
}
