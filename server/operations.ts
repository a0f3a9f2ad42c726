/**
 * The operators' endpoints, answered before Astro and outside /api/ (not part of the public API or its OpenAPI
 * document): /metrics for Prometheus and /readyz for load balancers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../src/lib/config.ts';
import { registry } from '../src/lib/metrics/index.ts';
import { allMetrics } from './cluster.ts';
import { readiness } from '../src/lib/ops/readiness.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read /metrics: a client on this machine talking to us directly, or anyone sending METRICS_TOKEN as a
 * bearer token. A request a reverse proxy forwarded (it says so in X-Forwarded-For or Forwarded) comes from the
 * proxy's loopback socket but not from this machine, so it needs the token. With TRUST_PROXY set a proxy is in
 * front, and a proxy on this machine that adds no forwarding header would make every visitor look local: then
 * loopback proves nothing, and only the token opens /metrics.
 */
export function mayReadMetrics(req: IncomingMessage, token: string | undefined, behindProxy: boolean): boolean {
  const auth = req.headers.authorization;
  if (token && auth?.startsWith('Bearer ')) {
    const given = Buffer.from(auth.slice(7).trim());
    const wanted = Buffer.from(token);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
  }
  if (behindProxy) return false;
  const direct = req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined;
  return direct && LOOPBACK.has(req.socket.remoteAddress ?? '');
}

const methodNotAllowed = (res: ServerResponse) => {
  res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end('Method not allowed: use GET or HEAD.\n');
};

/** The handlers by path; `notFound` answers a client that may not read the metrics, as if there were none. */
export function operationsEndpoints(config: Config, notFound: Handler): Map<string, Handler> {
  const metrics: Handler = (req, res) => {
    if (!mayReadMetrics(req, config.METRICS_TOKEN, config.TRUST_PROXY.enabled)) return notFound(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res);
    allMetrics(registry).then(
      (text) => {
        res.writeHead(200, {
          'Content-Type': registry.contentType,
          'Cache-Control': 'no-store',
          'Content-Length': Buffer.byteLength(text),
        });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(`metrics failed: ${(err as Error).message}\n`);
      },
    );
  };
  const readyz: Handler = (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res);
    void readiness().then(({ ready, checks }) => {
      const body = JSON.stringify({ status: ready ? 'ready' : 'not ready', checks });
      res.writeHead(ready ? 200 : 503, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Length': Buffer.byteLength(body),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  };
  return new Map([
    ['/metrics', metrics],
    ['/readyz', readyz],
  ]);
}
