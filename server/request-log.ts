import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/** One structured line per request, written when the response has been sent (or the client went away). */
export function logRequest(log: Logger, req: IncomingMessage, res: ServerResponse): void {
  const start = process.hrtime.bigint();
  // Read now: negotiation may point req.url at a page's Markdown twin; the log names what the client asked for.
  const path = req.url;
  res.once('close', () => {
    log.info({
      method: req.method,
      path,
      status: res.statusCode,
      ms: Number(process.hrtime.bigint() - start) / 1e6,
      bytes: Number(res.getHeader('Content-Length') ?? 0) || undefined,
      aborted: !res.writableFinished || undefined,
    }, 'request');
  });
}
