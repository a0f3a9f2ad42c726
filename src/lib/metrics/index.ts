/**
 * The process's Prometheus metrics (prom-client), served at /metrics by server/metrics-endpoint.ts. One registry
 * per process: the server and the Astro bundle load this same module (integrations/shared-lib.ts). Lib modules
 * count what they do here; gauges that read another module's state get it from `gaugeSources`, which that module
 * fills in, so this module imports nothing heavy and loads under plain Node.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { allRoutes, pathPattern } from '../api/routes.ts';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** Read when /metrics is scraped; the search and chat modules replace them with their own. */
export const gaugeSources = { searchQueueDepth: () => 0, chatStreamsInFlight: () => 0 };

/**
 * Requests by route, method and status with their latency: a histogram prom-client's registry serialises like its
 * own, kept here because prom-client's Histogram validates and hashes the labels on every observe (~3 µs), which
 * the static-file hot path (~13k requests/s) should not pay. Here an observe is one Map lookup and a bucket scan.
 */
class RequestHistogram {
  readonly name = 'http_request_duration_seconds';
  readonly help =
    'HTTP requests by route (the route table\'s path, /metrics, /readyz, or "page" for the site\'s pages), method and status, and their latency; _count counts them';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #bounds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
  #series = new Map<string, { labels: Record<string, string>; buckets: number[]; sum: number; count: number }>();

  observe(route: string, method: string, status: number, seconds: number): void {
    const key = `${route} ${method} ${status}`;
    let s = this.#series.get(key);
    if (!s)
      this.#series.set(
        key,
        (s = {
          labels: { route, method, status: String(status) },
          buckets: this.#bounds.map(() => 0),
          sum: 0,
          count: 0,
        }),
      );
    const bounds = this.#bounds;
    let i = 0;
    while (i < bounds.length && seconds > bounds[i]!) i++;
    if (i < bounds.length) s.buckets[i]!++;
    s.sum += seconds;
    s.count++;
  }

  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const s of this.#series.values()) {
      let cumulative = 0;
      this.#bounds.forEach((le, i) => {
        cumulative += s.buckets[i]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le: '+Inf' }, value: s.count });
      values.push({ metricName: `${this.name}_sum`, labels: s.labels, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: s.labels, value: s.count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.#series.clear();
  }
}
const requestDuration = new RequestHistogram();
registry.registerMetric(requestDuration as unknown as Parameters<Registry['registerMetric']>[0]);

export const searchCache = new Counter({
  name: 'search_cache_lookups_total',
  help: 'Search answer cache lookups, by result (hit, miss); hit rate = hit / all',
  labelNames: ['result'] as const,
  registers: [registry],
});
new Gauge({
  name: 'search_queue_depth',
  help: 'Searches waiting for a busy search worker',
  registers: [registry],
  collect() {
    this.set(gaugeSources.searchQueueDepth());
  },
});
export const searchWorkerCpu = new Histogram({
  name: 'search_worker_cpu_seconds',
  help: 'CPU time a search worker spent on one query',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

new Gauge({
  name: 'chat_streams_in_flight',
  help: 'Chat answers being written now (POST /api/chat and MCP ask_site)',
  registers: [registry],
  collect() {
    this.set(gaugeSources.chatStreamsInFlight());
  },
});
export const chatFirstToken = new Histogram({
  name: 'chat_time_to_first_token_seconds',
  help: "From the chat request's start of the model call to its first token",
  buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
  registers: [registry],
});
export const chatModelErrors = new Counter({
  name: 'chat_model_errors_total',
  help: 'Language model failures, before or after the first token',
  registers: [registry],
});

// What visitors look for (src/lib/insights/): counted whether or not INSIGHTS records them; labels are fixed sets.
export const searchQueries = new Counter({
  name: 'search_queries_total',
  help: 'Searches answered (first pages), by whether they found anything (some, none)',
  labelNames: ['results'] as const,
  registers: [registry],
});
export const searchClicks = new Counter({
  name: 'search_clicks_total',
  help: 'Clicks on a search result, reported by the search page',
  registers: [registry],
});
export const chatQuestions = new Counter({
  name: 'chat_questions_total',
  help: 'Chat questions, by outcome (answered, no_source: no page found, declined: off topic, not_covered: the model found no answer on the pages)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
export const chatFeedback = new Counter({
  name: 'chat_feedback_total',
  help: 'Thumbs up or down on chat answers, by rating (up, down)',
  labelNames: ['rating'] as const,
  registers: [registry],
});

export const storeCommit = new Histogram({
  name: 'store_commit_duration_seconds',
  help: 'Submission store writes until durably committed, by store and operation',
  labelNames: ['store', 'operation'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [registry],
});
export const storeFailures = new Counter({
  name: 'store_commit_failures_total',
  help: 'Submission store writes that failed (the visitor got 503 STORAGE_UNAVAILABLE or an error)',
  labelNames: ['store', 'operation'] as const,
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: 'rate_limit_refusals_total',
  help: 'Requests refused with 429 RATE_LIMITED, by limit',
  labelNames: ['limit'] as const,
  registers: [registry],
});
export const redisFallbacks = new Counter({
  name: 'rate_limit_redis_fallbacks_total',
  help: "Rate-limit decisions taken in this instance's memory because Redis did not answer, by limit",
  labelNames: ['limit'] as const,
  registers: [registry],
});

/**
 * The route label of a request path: the route table's path it falls under, /metrics, /readyz, or "page" for
 * everything else (prerendered files, on-demand pages, 404s). Never the raw URL: every distinct label value is a
 * time series kept forever, and anyone can send any URL.
 */
const exact = new Map<string, string>([
  ['/metrics', '/metrics'],
  ['/readyz', '/readyz'],
]);
const prefixes: [string, string][] = [];
for (const r of allRoutes) {
  const p = pathPattern(r.path);
  if ('exact' in p) exact.set(p.exact, r.path);
  else prefixes.push([p.prefix, r.path]);
}
export function routeLabel(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const found = exact.get(path);
  if (found) return found;
  for (const [prefix, label] of prefixes) if (path.startsWith(prefix)) return label;
  return 'page';
}

const methods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Counts one finished request. */
export function observeRequest(url: string, method: string, status: number, seconds: number): void {
  requestDuration.observe(routeLabel(url), methods.has(method) ? method : 'other', status, seconds);
}

/** Awaits `work`, then tells `done` how long it took (seconds) and what it threw, if it did. */
export async function timed<T>(work: Promise<T>, done: (seconds: number, err?: unknown) => void): Promise<T> {
  const start = performance.now();
  try {
    const value = await work;
    done((performance.now() - start) / 1000);
    return value;
  } catch (err) {
    done((performance.now() - start) / 1000, err ?? new Error('rejected'));
    throw err;
  }
}
