/**
 * The build's small files held in memory. A prerendered page is a few kilobytes; opening, reading and closing it
 * for every request costs more CPU than everything else the server does for it, so pages, twins, styles and
 * scripts (and their .br/.gz twins) are read once at start-up. Larger files, and whatever exceeds the budget,
 * are left to the disk handler.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { lookup } from 'mrmime';
import { pageFile, requestPathsOf } from '../src/lib/twins/page-files.ts';
import { requestPath } from './negotiate.ts';

const MAX_FILE_BYTES = 256 * 1024;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

interface MemoryFile {
  headers: Record<string, string>;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
}

function load(clientDir: string, fileHeaders: (pathname: string) => Record<string, string>): Map<string, MemoryFile> {
  const byPath = new Map<string, MemoryFile>();
  const names = readdirSync(clientDir, { recursive: true, encoding: 'utf8' }).map((f) => f.replaceAll('\\', '/'));
  const present = new Set(names);
  let total = 0;
  for (const name of names.sort()) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const path = join(clientDir, name);
    const stat = statSync(path);
    if (!stat.isFile() || stat.size > MAX_FILE_BYTES || total + stat.size > MAX_TOTAL_BYTES) continue;
    const identity = readFileSync(path);
    const read = (suffix: string) => (present.has(name + suffix) ? readFileSync(path + suffix) : undefined);
    const file: MemoryFile = {
      identity, br: read('.br'), gzip: read('.gz'),
      etag: `"${createHash('sha1').update(identity).digest('base64url').slice(0, 20)}"`,
      headers: { 'Content-Type': lookup(name) ?? 'application/octet-stream', ...fileHeaders(`/${name}`) },
    };
    if (file.headers['Content-Type'].startsWith('text/') && !file.headers['Content-Type'].includes('charset')) file.headers['Content-Type'] += '; charset=utf-8';
    total += identity.length + (file.br?.length ?? 0) + (file.gzip?.length ?? 0);
    const page = pageFile(name);
    for (const requestPathOfFile of page ? requestPathsOf(page) : [`/${name}`]) byPath.set(requestPathOfFile, file);
  }
  return byPath;
}

/** A request handler answering GET/HEAD for the files it holds and passing everything else on. */
export function memoryFiles(clientDir: string, fileHeaders: (pathname: string) => Record<string, string>) {
  const files = load(clientDir, fileHeaders);
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const file = files.get(requestPath(req));
    if (!file || req.headers.range) return next();
    const accepted = req.headers['accept-encoding'] ?? '';
    const [body, encoding] = file.br && /\bbr\b/.test(accepted) ? [file.br, 'br']
      : file.gzip && /\bgzip\b/.test(accepted) ? [file.gzip, 'gzip'] : [file.identity, undefined];
    const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
    for (const [name, value] of Object.entries(file.headers)) res.setHeader(name, value);
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
