import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';

export type Next = () => void;

// Vite puts a content hash in every file name under /_astro/, so those never change.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Pages and other unhashed files: reuse while the ETag matches.
const REVALIDATE = 'public, max-age=0, must-revalidate';

// Responses whose representation was chosen by Accept (server/negotiate.ts). sirv sets `Vary: Accept-Encoding`
// itself just before setHeaders, replacing any earlier Vary, so the hook has to put Accept back.
const negotiated = new WeakSet<ServerResponse>();

/** Marks a response as negotiated on Accept: it carries `Vary: Accept` (304s included) as well as Accept-Encoding. */
export function varyOnAccept(res: ServerResponse): void {
  negotiated.add(res);
  res.setHeader('Vary', 'Accept, Accept-Encoding');
}

/**
 * Serves the prerendered site from dist/client. Text files are precompressed at build time
 * (integrations/precompress.ts), so brotli and gzip cost nothing per request.
 */
export function createStaticHandler(clientDir: string) {
  return sirv(clientDir, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    extensions: ['html'],
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', pathname.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE);
      if (pathname.endsWith('.md')) res.setHeader('Content-Type', 'text/markdown; charset=utf-8');
      // llms.txt and robots.txt hold UTF-8 (curly quotes, dashes); sirv would send a bare text/plain.
      else if (pathname.endsWith('.txt')) res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      if (negotiated.has(res)) res.setHeader('Vary', 'Accept, Accept-Encoding');
    },
  }) as (req: IncomingMessage, res: ServerResponse, next: Next) => void;
}
