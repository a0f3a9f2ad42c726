/**
 * Moved pages: the old paths editors list in `redirectFrom`, as the request paths the server answers with a 301.
 * The build writes the map (integrations/content-checks.ts, after checking no old path is a page or claimed
 * twice) next to the served folder, not in it; the built site reads it once at start.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The map's file name, in the folder above dist/client. */
export const REDIRECTS_FILE = 'redirects.json';

/**
 * Request path → where it moved: each old path under every form the static server would answer for a page
 * (`/old/`, `/old`, `/old/index.html`), and its twin (`/old.md`) → the new page's twin.
 */
export function readRedirects(clientDir: string, twins: ReadonlyMap<string, string>): Map<string, string> {
  const file = join(clientDir, '..', REDIRECTS_FILE);
  const moved = new Map<string, string>();
  if (!existsSync(file)) return moved;
  const map = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  for (const [old, target] of Object.entries(map)) {
    const bare = old.slice(0, -1); // '/handbook/refund-policy'
    for (const path of [old, bare, `${old}index.html`]) moved.set(path, target);
    const twin = twins.get(target);
    if (twin) moved.set(`${bare}.md`, twin);
  }
  return moved;
}
