import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';
import type { BuiltSite } from '../src/lib/site/built-site.ts';
import { memoryFiles } from './memory-files.ts';
import { estimateTokens, MARKDOWN_TOKENS_HEADER } from '../src/lib/site/markdown-tokens.ts';

export type Next = () => void;
type Handler = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

// Vite puts a content hash in every file name under /_astro/, so those never change.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Pages and other unhashed files: reuse while the ETag matches.
const REVALIDATE = 'public, max-age=0, must-revalidate';

/** Cache-Control, and a Content-Type where the file name alone says too little, for a file of the build. */
export function fileHeaders(pathname: string): Record<string, string> {
  const headers: Record<string, string> = { 'Cache-Control': pathname.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE };
  if (pathname.endsWith('.md')) headers['Content-Type'] = 'text/markdown; charset=utf-8';
  // llms.txt and robots.txt hold UTF-8 (curly quotes, dashes); a bare text/plain would not say so.
  else if (pathname.endsWith('.txt')) headers['Content-Type'] = 'text/plain; charset=utf-8';
  return headers;
}

// Responses whose representation was chosen by Accept (server/negotiate.ts). sirv sets `Vary: Accept-Encoding`
// itself just before setHeaders, replacing any earlier Vary, so the hook has to put Accept back.
const negotiated = new WeakSet<ServerResponse>();

/** Marks a response as negotiated on Accept: it carries `Vary: Accept` (304s included) as well as Accept-Encoding. */
export function varyOnAccept(res: ServerResponse): void {
  negotiated.add(res);
  res.setHeader('Vary', 'Accept, Accept-Encoding');
}

/**
 * Serves the built site: small files (pages, twins, styles, scripts) from the memory the built site holds them
 * in; anything larger from disk through sirv. Text files are precompressed at build time
 * (integrations/precompress.ts), so brotli and gzip cost nothing per request.
 */
export function createStaticHandler(site: BuiltSite): Handler {
  const fromDisk = sirv(site.dir, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    extensions: ['html'],
    setHeaders(res, pathname, stats) {
      for (const [name, value] of Object.entries(fileHeaders(pathname))) res.setHeader(name, value);
      // A twin too large to hold in memory: the same estimate, from its size on disk.
      if (pathname.endsWith('.md')) res.setHeader(MARKDOWN_TOKENS_HEADER, String(estimateTokens(stats.size)));
      if (negotiated.has(res)) res.setHeader('Vary', 'Accept, Accept-Encoding');
    },
  }) as Handler;
  const fromMemory = memoryFiles(site, fileHeaders);
  return (req, res, next) => fromMemory(req, res, () => fromDisk(req, res, next));
}
