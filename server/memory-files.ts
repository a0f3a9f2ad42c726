/**
 * Answers requests for the build's small files from the bytes the built site holds in memory
 * (src/lib/site/built-site.ts): no file is opened per request. Anything not held goes on to the disk handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { lookup } from 'mrmime';
import type { BuiltSite } from '../src/lib/site/built-site.ts';
import { requestPath } from './negotiate.ts';
import { estimateTokens, MARKDOWN_TOKENS_HEADER } from '../src/lib/site/markdown-tokens.ts';

/** A request handler answering GET/HEAD for the files the site holds and passing everything else on. */
export function memoryFiles(site: BuiltSite, fileHeaders: (pathname: string) => Record<string, string>) {
  // Headers per file name, worked out once: a page is held under several request paths, and a dated page
  // (src/lib/site/dated-files.ts) is a new file, of the same name, whenever it changes.
  const headersOf = new Map<string, Record<string, string>>();
  for (const file of site.held.values()) {
    if (headersOf.has(file.name)) continue;
    const headers: Record<string, string> = {
      'Content-Type': lookup(file.name) ?? 'application/octet-stream',
      ...fileHeaders(`/${file.name}`),
    };
    if (headers['Content-Type']!.startsWith('text/') && !headers['Content-Type']!.includes('charset'))
      headers['Content-Type'] += '; charset=utf-8';
    headersOf.set(file.name, headers);
  }
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const file = site.fileAt(requestPath(req));
    if (!file || req.headers.range) return next();
    const accepted = req.headers['accept-encoding'] ?? '';
    const [body, encoding] =
      file.br && /\bbr\b/.test(accepted)
        ? [file.br, 'br']
        : file.gzip && /\bgzip\b/.test(accepted)
          ? [file.gzip, 'gzip']
          : [file.identity, undefined];
    const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
    const headers = headersOf.get(file.name)!;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (headers['Content-Type']!.startsWith('text/markdown'))
      res.setHeader(MARKDOWN_TOKENS_HEADER, String(estimateTokens(file.identity)));
    res.setHeader('ETag', etag);
    // A negotiated page already carries `Vary: Accept, Accept-Encoding` (server/negotiate.ts).
    if ((file.br || file.gzip) && !res.hasHeader('Vary')) res.setHeader('Vary', 'Accept-Encoding');
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304).end();
      return;
    }
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.writeHead(200).end(body);
  };
}
