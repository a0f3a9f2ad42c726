import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the client build (dist/client): prerendered pages, Markdown twins, the Pagefind bundle.
 * Found next to the server bundle this code runs from, so it works whatever the working directory;
 * falls back to ./dist/client (dev server, tests importing source).
 */
export function clientDir(): string {
  return (found ??= find()) ?? resolve('dist/client');
}

// The build does not move while the process runs; the lookup (existsSync per level) is done once, not per chat
// twin read. Only a build found next to the server bundle is kept: the fallback depends on the working directory.
let found: string | undefined;

function find(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (dir.endsWith('/server') && existsSync(join(dir, '..', 'client'))) return resolve(dir, '..', 'client');
    dir = dirname(dir);
  }
  return undefined;
}
