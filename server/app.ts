import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Config } from '../src/lib/config.ts';
import { setSecurityHeaders } from './security-headers.ts';
import { createStaticHandler, type Next } from './static-files.ts';
import { logRequest } from './request-log.ts';

export type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: Next) => void | Promise<void>;

export interface AppOptions {
  config: Config;
  log: Logger;
  /** dist/client: the prerendered pages, twins, search index and assets. */
  clientDir: string;
  /** The node adapter's middleware-mode handler for on-demand routes. */
  astroHandler: AstroHandler;
}

/**
 * The request listener: security headers and a log line for everything, then the prerendered files,
 * then Astro's on-demand routes, then the site's 404 page.
 */
export function createApp({ config, log, clientDir, astroHandler }: AppOptions) {
  const serveStatic = createStaticHandler(clientDir);
  const notFoundPage = readFileSync(join(clientDir, '404.html'));

  const sendNotFound = (res: ServerResponse) => {
    res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': notFoundPage.length });
    res.end(notFoundPage);
  };

  return (req: IncomingMessage, res: ServerResponse) => {
    logRequest(log, req, res);
    setSecurityHeaders(req, res, config.TRUST_PROXY);
    try {
      decodeURI(req.url ?? '/');
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request: the URL is not valid.');
      return;
    }
    const toAstro = () => {
      Promise.resolve(astroHandler(req, res, () => sendNotFound(res))).catch((err) => {
        log.error({ err, path: req.url }, 'astro handler failed');
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Internal server error');
        else res.destroy();
      });
    };
    if (req.method === 'GET' || req.method === 'HEAD') serveStatic(req, res, toAstro);
    else toAstro();
  };
}
