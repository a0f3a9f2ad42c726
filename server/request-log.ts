import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { observeRequest } from '../src/lib/metrics/index.ts';

/**
 * Query parameters whose values the log keeps: paging, filters and formats, which name no one and hold no secret.
 * Every other value (search terms, confirm and unsubscribe tokens, OAuth `code` and `state`, whatever a client
 * invents) is replaced by a placeholder, so the log never holds what a visitor typed or a link's secret.
 */
const LOGGED_PARAMETERS = new Set([
  'limit',
  'offset',
  'page',
  'type',
  'status',
  'department',
  'level',
  'delivery',
  'term',
  'registrationOpen',
  'credits',
  'kind',
  'from',
  'to',
  'error',
]);
export const REDACTED = 'REDACTED';

/** The request target as the log keeps it: the path, and the query with only allow-listed values. */
export function loggablePath(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  const kept = [...params].map(([name, value]) => [name, LOGGED_PARAMETERS.has(name) ? value : REDACTED]);
  return `${url.slice(0, queryAt)}?${new URLSearchParams(kept)}`;
}

/**
 * One structured line per request, written when the response has been sent (or the client went away), and the
 * request counted in the metrics. The id is passed in: a 'close' listener does not run in the request's context.
 */
export function logRequest(log: Logger, req: IncomingMessage, res: ServerResponse, requestId: string): void {
  const start = process.hrtime.bigint();
  // Read now: negotiation may point req.url at a page's Markdown twin; the log names what the client asked for.
  const url = req.url ?? '/';
  res.once('close', () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    observeRequest(url, req.method!, res.statusCode, ms / 1000);
    log.info(
      {
        requestId,
        method: req.method,
        path: loggablePath(url),
        status: res.statusCode,
        ms,
        bytes: Number(res.getHeader('Content-Length') ?? 0) || undefined,
        aborted: !res.writableFinished || undefined,
      },
      'request',
    );
  });
}
