import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Config } from '../src/lib/config.ts';
import { setSecurityHeaders } from './security-headers.ts';
import { createStaticHandler, varyOnAccept, type Next } from './static-files.ts';
import { prefersMarkdown, requestPath, twinLink } from './negotiate.ts';
import { builtSite } from '../src/lib/site/built-site.ts';
import { logRequest } from './request-log.ts';
import { loggablePath } from '../src/lib/http/log-path.ts';
import { apiCatalogLink } from '../src/lib/discovery/api-catalog.ts';
import { ApiError, internalError } from '../src/lib/http/api-error.ts';
import { publicOriginOfNodeRequest } from '../src/lib/http/public-origin.ts';
import { methodError } from '../src/lib/http/method-guard.ts';
import { errorAnswer, sendAnswer } from './answer.ts';
import { guardBody } from './body-guard.ts';
import { standInMethod } from './method-guard.ts';
import { operationsEndpoints } from './operations.ts';
import { requestContext, requestIdOf } from '../src/lib/http/request-id.ts';
import { clientIp } from '../src/lib/http/client-ip.ts';
import { directMcpAnswer } from '../src/lib/mcp/handle.ts';
import { refusal, refusedEarly } from '../src/lib/limits/rate-limit.ts';
import type { RateLimitRoute } from '../src/lib/limits/policies.ts';

export type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: Next, locals?: App.Locals) => void | Promise<void>;

export interface AppOptions {
  config: Config;
  log: Logger;
  /** The client build to serve (tests); default dist/client, as src/lib/site/built-site.ts finds it. */
  clientDir?: string;
  /** The node adapter's middleware-mode handler for on-demand routes. */
  astroHandler: AstroHandler;
}

/**
 * The request listener: a request id, security headers and a log line for everything, then the operators'
 * endpoints (/metrics, /readyz), then the prerendered files (a page's
 * HTML or, when Accept prefers it, its Markdown twin), then Astro's on-demand routes, then the site's 404 page.
 */
export function createApp({ config, log, clientDir, astroHandler }: AppOptions) {
  const site = builtSite(clientDir);
  const serveStatic = createStaticHandler(site);
  const notFoundPage = readFileSync(join(site.dir, '404.html'));
  const notFoundTwin = existsSync(join(site.dir, '404.md')) ? readFileSync(join(site.dir, '404.md')) : undefined;
  const { twins, paths: files, redirects } = site;

  const sendNotFound = (req: IncomingMessage, res: ServerResponse) => {
    if (!notFoundTwin) {
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': notFoundPage.length });
      res.end(notFoundPage);
      return;
    }
    const markdown = prefersMarkdown(req.headers.accept);
    const body = markdown ? notFoundTwin : notFoundPage;
    res.writeHead(404, {
      'Content-Type': markdown ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8',
      'Cache-Control': 'no-store', 'Content-Length': body.length, Vary: 'Accept',
      ...(markdown ? {} : { Link: twinLink('/404.md') }),
    });
    res.end(body);
  };

  /** Picks HTML or the Markdown twin of a prerendered page; a Markdown answer is served as the twin's own file. */
  const negotiate = (req: IncomingMessage, res: ServerResponse) => {
    const twin = twins.get(requestPath(req));
    if (!twin) return;
    varyOnAccept(res);
    if (prefersMarkdown(req.headers.accept)) {
      const query = req.url!.indexOf('?');
      req.url = query === -1 ? twin : twin + req.url!.slice(query);
    } else {
      res.setHeader('Link', twinLink(twin));
    }
  };

  /** Astro has no route here: a prerendered file takes GET and HEAD only; anything else is the 404 page. */
  const noRoute = (req: IncomingMessage, res: ServerResponse, path: string, clientMethod: string) => {
    if (req.method === 'GET' || req.method === 'HEAD' || !files.has(path)) return sendNotFound(req, res);
    sendAnswer(res, errorAnswer(path, methodError(clientMethod, ['GET', 'HEAD'])));
  };

  const operations = operationsEndpoints(config, sendNotFound);

  // Everything a request does runs inside its request context, so every log line and ApiError carries its id.
  return (req: IncomingMessage, res: ServerResponse) => {
    const requestId = requestIdOf(req.headers['x-request-id'], config.TRUST_PROXY);
    res.setHeader('X-Request-Id', requestId);
    requestContext.run({ requestId }, handle, req, res, requestId);
  };

  function handle(req: IncomingMessage, res: ServerResponse, requestId: string) {
    logRequest(log, req, res, requestId);
    setSecurityHeaders(req, res, config.TRUST_PROXY);
    let path: string;
    try {
      path = requestPath(req);
      decodeURI(req.url ?? '/');
    } catch {
      const rawPath = (req.url ?? '/').split(/[?#]/)[0];
      sendAnswer(res, errorAnswer(rawPath, malformedUrl));
      return;
    }
    const operation = operations.get(path);
    if (operation) return operation(req, res);
    const clientMethod = req.method!;
    const locals = standInMethod(req);
    const toAstro = () => {
      Promise.resolve(astroHandler(req, res, () => noRoute(req, res, path, clientMethod), locals)).catch((err) => {
        log.error({ err, path: loggablePath(req.url) }, 'astro handler failed');
        if (!res.headersSent) sendAnswer(res, errorAnswer(path, internalError()));
        else res.destroy();
      });
    };
    const route = () => {
      if (req.method === 'GET' || req.method === 'HEAD') {
        const moved = redirects.get(path);
        if (moved) return redirect(req, res, moved);
        negotiate(req, res);
        // RFC 9727 section 3: the homepage names the API catalog, so an agent that only knows the origin finds the API.
        if (path === '/' || path === '/index.html') res.appendHeader('Link', apiCatalogLink(publicOriginOfNodeRequest(req, config)));
        serveStatic(req, res, toAstro);
      }
      else toAstro();
    };
    // A client over a limit that counts every request gets its 429 here, the same answer the route would give,
    // without Astro's pipeline (refusing must cost less than answering). After the body guard: a 413 still wins.
    const limit = req.method === 'POST' ? refusedEarly.get(path) : undefined;
    // The common MCP tool calls (search_site, get_page) are answered here too, without a server per request.
    const mcp = req.method === 'POST' && path === '/mcp';
    const next = limit ? () => void refuseOrRoute(req, res, limit, route) : mcp ? () => void mcpOrRoute(req, res, route) : route;
    const bodyRead = guardBody(req, res, path);
    if (bodyRead === true) next();
    else if (bodyRead) void bodyRead.then((goOn) => goOn && next());
  }

  async function mcpOrRoute(req: IncomingMessage & { body?: Buffer }, res: ServerResponse, route: () => void) {
    if (!req.body) return route();
    const headers = nodeHeaders(req);
    const client = new AbortController();
    res.once('close', () => { if (!res.writableFinished) client.abort(); });
    const context = {
      origin: publicOriginOfNodeRequest(req, config), siteUrl: config.SITE_URL,
      ip: clientIp(req.socket.remoteAddress ?? '', headers, config.TRUST_PROXY),
    };
    let body: string | undefined;
    try {
      body = await directMcpAnswer(headers, req.body.toString('utf8'), context, client.signal);
    } catch (err) {
      log.error({ err, path: loggablePath(req.url) }, 'mcp: direct tool call failed');
      return sendAnswer(res, errorAnswer('/mcp', internalError()));
    }
    if (body === undefined) return route();
    if (!res.destroyed) sendAnswer(res, { status: 200, headers: { 'Content-Type': 'application/json' }, body });
  }

  async function refuseOrRoute(req: IncomingMessage, res: ServerResponse, limit: RateLimitRoute, route: () => void) {
    // Anything unexpected here: the route counts and answers as it always did.
    const refused = await refusal(limit, clientIp(req.socket.remoteAddress ?? '', nodeHeaders(req), config.TRUST_PROXY)).catch(() => undefined);
    if (!refused) return route();
    // As the route's json(): no Cache-Control added (errorAnswer would add one).
    sendAnswer(res, { status: refused.status, headers: { ...refused.headers, 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(refused.toBody()) });
  }
}

/** The `get` of a fetch Headers over Node's request headers (repeated headers joined, as fetch joins them). */
const nodeHeaders = (req: IncomingMessage) => ({
  get: (name: string) => {
    const value = req.headers[name];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  },
});

/** A page moved (`redirectFrom` in its front matter): 301 to its new URL, keeping the query. */
function redirect(req: IncomingMessage, res: ServerResponse, location: string) {
  const query = req.url!.indexOf('?');
  const target = query === -1 ? location : location + req.url!.slice(query);
  res.writeHead(301, { Location: target, 'Cache-Control': 'public, max-age=3600', 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(req.method === 'HEAD' ? undefined : `Moved permanently to ${target}\n`);
}

/** A URL whose percent-encoding does not decode (e.g. `/api/%E0%A4%A`): the request URL itself is the bad input. */
const malformedUrl = new ApiError(400, 'INVALID_QUERY', 'The URL is not valid: its percent-encoding does not decode to UTF-8.', {
  resolution: 'Percent-encode the path and query as UTF-8 (e.g. with encodeURIComponent).',
});
