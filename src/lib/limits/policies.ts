/** The contract's limits: requests per fixed window, per client IP. */
export const rateLimitPolicies = {
  signup: { points: 3, durationSeconds: 600 },
  registration: { points: 3, durationSeconds: 600 },
  chat: { points: 20, durationSeconds: 600 },
  // Only searches the answer cache cannot answer count (GET /api/search, the /search/ page, MCP search_site,
  // together). Someone typing into the search box sends one request per pause, and common prefixes are cached:
  // 60 a minute is far above what a person asks, while one client can keep at most 60 worker searches a minute
  // busy, so a handful of addresses cannot starve the workers (docs/search.md has what a search costs).
  search: { points: 60, durationSeconds: 60 },
} as const;

export type RateLimitRoute = keyof typeof rateLimitPolicies;
export type RateLimitPolicy = (typeof rateLimitPolicies)[RateLimitRoute];

/** A window for people: 60 → "minute", 600 → "10 minutes", 90 → "90 seconds". */
export function windowText(seconds: number): string {
  if (seconds === 60) return 'minute';
  return seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} seconds`;
}
