import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Config } from '../src/lib/config.ts';
import { setSecurityHeaders } from './security-headers.ts';
import { createStaticHandler, varyOnAccept, type Next } from './static-files.ts';
import { prefersMarkdown, requestPath, twinLink } from './negotiate.ts';
import { builtSite } from '../src/lib/site/built-site.ts';
import { liveTwinPaths } from '../src/lib/site/live-pages.ts';
import { logRequest } from './request-log.ts';
import { discoveryLinkHeader } from '../src/lib/discovery/links.ts';
import { estimateTokens, MARKDOWN_TOKENS_HEADER } from '../src/lib/site/markdown-tokens.ts';
import { ApiError, internalError } from '../src/lib/http/api-error.ts';
import { publicOriginOfNodeRequest } from '../src/lib/http/public-origin.ts';
import { methodError } from '../src/lib/http/method-guard.ts';
import { errorAnswer, sendAnswer } from './answer.ts';
import { guardBody } from './body-guard.ts';
import { standInMethod } from './method-guard.ts';
import { operationsEndpoints } from './operations.ts';
import { requestContext, requestIdOf } from '../src/lib/http/request-id.ts';
import { clientIp } from '../src/lib/http/client-ip.ts';
import { admitMcpRequest, directMcpAnswer } from '../src/lib/mcp/handle.ts';
import { refusal } from '../src/lib/limits/rate-limit.ts';
import { fastPaths, type FastPath, type Route } from '../src/lib/api/routes.ts';
import { answerChatRequest } from './chat.ts';
import { nodeHeaders } from './node-headers.ts';

/** A fast path of the route table: answers the request itself, or calls `route` to pass it on. */
type FastPathHandler = (
  req: IncomingMessage & { body?: Buffer },
  res: ServerResponse,
  entry: Route,
  route: () => void,
) => Promise<void>;

export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: Next,
  locals?: App.Locals,
) => void | Promise<void>;

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
      res.writeHead(404, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Length': notFoundPage.length,
      });
      res.end(notFoundPage);
      return;
    }
    const markdown = prefersMarkdown(req.headers.accept);
    const body = markdown ? notFoundTwin : notFoundPage;
    res.writeHead(404, {
      'Content-Type': markdown ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': body.length,
      Vary: 'Accept',
      ...(markdown ? { [MARKDOWN_TOKENS_HEADER]: String(estimateTokens(body)) } : { Link: twinLink('/404.md') }),
    });
    res.end(body);
  };

  /**
   * Picks HTML or the Markdown twin of a page; a Markdown answer is served as the twin's own URL: a file for a
   * prerendered page, Astro's twin route for a page rendered per request (src/lib/site/live-twins.ts).
   */
  const negotiate = (req: IncomingMessage, res: ServerResponse) => {
    const path = requestPath(req);
    const twin = twins.get(path) ?? liveTwinPaths.get(path);
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
  const fastPathHandlers: Record<FastPath, FastPathHandler> = {
    'early-429': refuseOrRoute,
    'mcp-tool-call': mcpOrRoute,
    'chat-answer': (req, res) => answerChatRequest(req, res, config, log),
  };

  // Everything a request does runs inside its request context, so every log line and ApiError carries its id.
  return (req: IncomingMessage, res: ServerResponse) => {
    // Decided once, from the peer's address: how many X-Forwarded-* entries our own proxies wrote (0 for anyone
    // else). Everything that reads those headers while serving this request reads it from the context.
    const trustedHops = config.TRUST_PROXY.hopsFor(req.socket.remoteAddress ?? '', req.headers['x-forwarded-for']);
    const requestId = requestIdOf(req.headers['x-request-id'], trustedHops);
    res.setHeader('X-Request-Id', requestId);
    requestContext.run({ requestId, trustedHops }, handle, req, res, requestId, trustedHops);
  };

  function handle(req: IncomingMessage, res: ServerResponse, requestId: string, trustedHops: number) {
    logRequest(log, req, res, requestId);
    setSecurityHeaders(req, res, trustedHops);
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
        log.error({ err, path: req.url }, 'astro handler failed');
        if (!res.headersSent) sendAnswer(res, errorAnswer(path, internalError()));
        else res.destroy();
      });
    };
    const route = () => {
      if (req.method === 'GET' || req.method === 'HEAD') {
        const moved = redirects.get(path);
        if (moved) return redirect(req, res, moved);
        negotiate(req, res);
        // RFC 9727 section 3: the homepage names the API catalog (and the rest of src/lib/discovery/links.ts), so an
        // agent that only knows the origin finds the API.
        if (path === '/' || path === '/index.html')
          res.appendHeader('Link', discoveryLinkHeader(publicOriginOfNodeRequest(req, config)));
        serveStatic(req, res, toAstro);
      } else toAstro();
    };
    // The route table's fast paths (src/lib/api/route.ts, FastPath): answered here, after the body guard (a 413
    // still wins), or passed on to the route.
    const fast = req.method === 'POST' ? fastPaths.get(path) : undefined;
    const next = fast ? () => void fastPathHandlers[fast.fastPath!](req, res, fast, route) : route;
    const bodyRead = guardBody(req, res, path);
    if (bodyRead === true) next();
    else if (bodyRead) void bodyRead.then((goOn) => goOn && next());
  }

  /** The common MCP tool calls (search_site, get_page), answered without an MCP server per request. */
  async function mcpOrRoute(
    req: IncomingMessage & { body?: Buffer },
    res: ServerResponse,
    _entry: Route,
    route: () => void,
  ) {
    const headers = nodeHeaders(req);
    const ip = clientIp(req.socket.remoteAddress ?? '', headers);
    // Every request counts against the /mcp limit, and a batch is refused, whichever path answers it.
    const text = req.body?.toString('utf8');
    let admission: Awaited<ReturnType<typeof admitMcpRequest>>;
    try {
      admission = await admitMcpRequest(text, ip);
    } catch (err) {
      log.error({ err, path: '/mcp' }, 'mcp: rate limit failed');
      return sendAnswer(res, errorAnswer('/mcp', internalError()));
    }
    if ('status' in admission) return sendAnswer(res, admission);
    for (const [name, value] of Object.entries(admission.headers)) res.setHeader(name, value);
    if (!text) return route();
    const client = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) client.abort();
    });
    const context = { origin: publicOriginOfNodeRequest(req, config), siteUrl: config.SITE_URL, ip };
    let body: string | undefined;
    try {
      body = await directMcpAnswer(headers, text, context, client.signal);
    } catch (err) {
      log.error({ err, path: req.url }, 'mcp: direct tool call failed');
      return sendAnswer(res, errorAnswer('/mcp', internalError()));
    }
    if (body === undefined) return route();
    if (!res.destroyed) sendAnswer(res, { status: 200, headers: { 'Content-Type': 'application/json' }, body });
  }

  /** A client over a limit that counts every request gets its 429 here, the same answer the route would give. */
  async function refuseOrRoute(req: IncomingMessage, res: ServerResponse, entry: Route, route: () => void) {
    if (!entry.rateLimit) return route();
    // Anything unexpected here: the route counts and answers as it always did.
    const refused = await refusal(
      entry.rateLimit.name,
      clientIp(req.socket.remoteAddress ?? '', nodeHeaders(req)),
    ).catch(() => undefined);
    if (!refused) return route();
    // As the route's json(): no Cache-Control added (errorAnswer would add one).
    sendAnswer(res, {
      status: refused.status,
      headers: { ...refused.headers, 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify(refused.toBody()),
    });
  }
}

/** A page moved (`redirectFrom` in its front matter): 301 to its new URL, keeping the query. */
function redirect(req: IncomingMessage, res: ServerResponse, location: string) {
  const query = req.url!.indexOf('?');
  const target = query === -1 ? location : location + req.url!.slice(query);
  res.writeHead(301, {
    Location: target,
    'Cache-Control': 'public, max-age=3600',
    'Content-Type': 'text/plain; charset=utf-8',
  });
  res.end(req.method === 'HEAD' ? undefined : `Moved permanently to ${target}\n`);
}

/** A URL whose percent-encoding does not decode (e.g. `/api/%E0%A4%A`): the request URL itself is the bad input. */
const malformedUrl = new ApiError(
  400,
  'INVALID_QUERY',
  'The URL is not valid: its percent-encoding does not decode to UTF-8.',
  {
    resolution: 'Percent-encode the path and query as UTF-8 (e.g. with encodeURIComponent).',
  },
);
