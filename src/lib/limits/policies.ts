/**
 * The rate limits: requests per fixed window, per client IP, one counter each (Redis key prefix `rl:<name>`),
 * shared by whatever uses it. The route table (src/lib/api/routes/) names which routes count against which;
 * the limiter, OpenAPI, /auth.md and /developers read the numbers from here.
 */
export type RateLimitName = 'signup' | 'registration' | 'chat' | 'search' | 'newsletter-link' | 'insights' | 'mcp';
/** The name a route's limit goes by in the limiter and the metrics. */
export type RateLimitRoute = RateLimitName;

export interface RateLimitPolicy {
  name: RateLimitName;
  points: number;
  durationSeconds: number;
  /** What counts against it besides the route, for the limits table of /developers. */
  shared?: string;
}

export const rateLimitPolicies = {
  // Only searches the answer cache cannot answer count (GET /api/search, the /search/ page, MCP search_site,
  // together). Someone typing into the search box sends one request per pause, and common prefixes are cached:
  // 60 a minute is far above what a person asks, while one client can keep at most 60 worker searches a minute
  // busy, so a handful of addresses cannot starve the workers.
  search: {
    name: 'search',
    points: 60,
    durationSeconds: 60,
    shared: 'MCP search_site too; only searches the cache does not answer count',
  },
  chat: { name: 'chat', points: 20, durationSeconds: 600 },
  signup: { name: 'signup', points: 3, durationSeconds: 600 },
  registration: { name: 'registration', points: 3, durationSeconds: 600 },
  // The links in the emails (confirm and unsubscribe, API and pages together). The tokens are HMAC-signed, so the
  // limit only caps the work one address can cause; it is wider than the forms' because mail providers send
  // RFC 8058 one-click unsubscribes for many people from few addresses.
  'newsletter-link': {
    name: 'newsletter-link',
    points: 60,
    durationSeconds: 60,
    shared: 'The confirm and unsubscribe pages and routes, together',
  },
  // Every JSON-RPC message to /mcp (one per request: batches are refused). A get_page costs a file read and
  // tens of KB of answer; 120 a minute is far above what an agent reading the site needs, and 600 in a burst
  // slowed every other route. search_site counts against the search limit as well, ask_site against the chat's.
  mcp: {
    name: 'mcp',
    points: 120,
    durationSeconds: 60,
    shared:
      'Every MCP message (tools/call, initialize, tools/list …); search_site also counts against the search limit',
  },
  // Click beacons and chat feedback, together: a visitor clicks a few results and rates a few answers a minute;
  // the limit keeps one address from stuffing the counts (they are capped per day besides).
  insights: {
    name: 'insights',
    points: 30,
    durationSeconds: 60,
    shared: 'POST /api/search/clicks and POST /api/chat/feedback, together',
  },
} as const satisfies { [N in RateLimitName]: RateLimitPolicy & { name: N } };

/** How /mcp is limited, in one sentence for OpenAPI, the server card and /llms.txt. */
export const mcpLimitText = () =>
  `The MCP endpoint /mcp is rate limited: ${rateLimitPolicies.mcp.points} messages per ` +
  `${windowText(rateLimitPolicies.mcp.durationSeconds)} per client IP, every message counting (search_site also counts against ` +
  `the search limit); one JSON-RPC message per request, batches are refused with -32600.`;

/** A window for people: 60 → "minute", 600 → "10 minutes", 90 → "90 seconds". */
export function windowText(seconds: number): string {
  if (seconds === 60) return 'minute';
  return seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} seconds`;
}

/** The sentence OpenAPI and /developers give a limited route. */
export const policyText = ({ points, durationSeconds }: RateLimitPolicy) =>
  `Rate limited: ${points} requests per ${windowText(durationSeconds)} per client IP.`;
