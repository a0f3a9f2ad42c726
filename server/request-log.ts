import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { loggablePath } from '../src/lib/http/log-path.ts';
import { observeRequest } from '../src/lib/metrics/index.ts';

/**
 * One structured line per request, written when the response has been sent (or the client went away), and the
 * request counted in the metrics. The id is passed in: a 'close' listener does not run in the request's context.
 */
export function logRequest(log: Logger, req: IncomingMessage, res: ServerResponse, requestId: string): void {
  const start = process.hrtime.bigint();
  // Read now: negotiation may point req.url at a page's Markdown twin; the log names what the client asked for.
  // Only allow-listed query values are kept (tokens, OAuth codes and search terms are not: log-path.ts).
  const path = loggablePath(req.url);
  res.once('close', () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    observeRequest(req.url ?? '/', req.method!, res.statusCode, ms / 1000);
    log.info({
      requestId,
      method: req.method,
      path,
      status: res.statusCode,
      ms,
      bytes: Number(res.getHeader('Content-Length') ?? 0) || undefined,
      aborted: !res.writableFinished || undefined,
    }, 'request');
  });
}
