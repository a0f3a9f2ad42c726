/**
 * Reads pages' Markdown twins (`<path>.md` in the client build) for the chat's context. Twins are build output
 * and never change while the server runs, so each is read from disk once; a page without a twin is skipped.
 */
import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { clientDir } from '../paths.ts';

const MAX_CACHED = 512;
const cache = new Map<string, Promise<string | undefined>>();

/** The twin at `twinUrl` (e.g. '/courses/bib201.md'), or undefined when there is none. */
export function loadTwin(twinUrl: string, root = clientDir()): Promise<string | undefined> {
  const key = `${root}\u0000${twinUrl}`;
  let twin = cache.get(key);
  if (!twin) {
    twin = read(twinUrl, root);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(key, twin);
  }
  return twin;
}

async function read(twinUrl: string, root: string): Promise<string | undefined> {
  // The URL comes from our own search index, but a path outside the build must never be read.
  try {
    const file = normalize(join(root, decodeURIComponent(twinUrl)));
    if (!file.startsWith(root.endsWith(sep) ? root : root + sep) || !file.endsWith('.md')) return undefined;
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}
