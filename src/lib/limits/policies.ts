/** The contract's limits: requests per fixed window, per client IP. */
export const rateLimitPolicies = {
  signup: { points: 3, durationSeconds: 600 },
  registration: { points: 3, durationSeconds: 600 },
  chat: { points: 20, durationSeconds: 600 },
} as const;

export type RateLimitRoute = keyof typeof rateLimitPolicies;
export type RateLimitPolicy = (typeof rateLimitPolicies)[RateLimitRoute];
