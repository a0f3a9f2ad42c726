import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';

export type Next = () => void;

// Vite puts a content hash in every file name under /_astro/, so those never change.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Pages and other unhashed files: reuse while the ETag matches.
const REVALIDATE = 'public, max-age=0, must-revalidate';

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
    },
  }) as (req: IncomingMessage, res: ServerResponse, next: Next) => void;
}
