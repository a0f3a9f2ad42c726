/**
 * The built site (dist/client) as the running server knows it: where it is, which request paths it answers,
 * which of them have a Markdown twin, and its small files' bytes, read once at start-up. The static server,
 * negotiation, the chat and MCP `get_page` all read it from here; the build never changes while the process runs.
 *
 * Small files (pages, twins, styles, scripts, with their .br/.gz) are held in memory: a prerendered page is a few
 * kilobytes, and opening, reading and closing it per request costs more CPU than everything else the server does
 * for it. Larger files, and whatever exceeds the budget, stay on disk.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isTwinFile, pageFile, requestPathsOf } from './page-files.ts';
import { markdownUrl } from './twin-path.ts';
import { readRedirects } from './redirects.ts';
import { datedFiles } from './dated-files.ts';
import { liveTwinPaths } from './live-pages.ts';
import { calendarNow } from '../catalog/clock.ts';

const MAX_FILE_BYTES = 256 * 1024;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;
/** The 404 page has a twin (for agents that get a 404), but it is not a page of the site. */
const NOT_FOUND_TWIN = markdownUrl('/404');

/** One file of the build held in memory, with its precompressed variants. */
export interface HeldFile {
  /** Path relative to the build folder, e.g. `courses/bib201/index.html`. */
  name: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
}

export interface BuiltSite {
  /** The build folder, absolute. */
  dir: string;
  /** Every request path the build answers: each page under all its paths, every other file under its own. */
  paths: ReadonlySet<string>;
  /** Request path → twin URL, for every path that answers a page with a twin. */
  twins: ReadonlyMap<string, string>;
  /** The twins of the site's pages (every twin but the 404 page's), e.g. '/courses/bib201.md'. */
  publicTwins: ReadonlySet<string>;
  /** Request path → the file's bytes as built, for the files held in memory. */
  held: ReadonlyMap<string, HeldFile>;
  /**
   * The held file at a request path as it reads at `now` (default: the calendar's clock): as built, except the
   * pages with dated regions and their twins, resolved for `now` (dated-files.ts).
   */
  fileAt(path: string, now?: Date): HeldFile | undefined;
  /** Request path → where that page moved (`redirectFrom`), answered with a 301: e.g. '/old/' → '/new/', '/old.md' → '/new.md'. */
  redirects: ReadonlyMap<string, string>;
  /** The text of the twin at `twinUrl` (e.g. '/courses/bib201.md'), or undefined when the build has none there. */
  readTwin(twinUrl: string): Promise<string | undefined>;
}

/**
 * The client build of this checkout. This module always runs from source (the server bundle imports it, see
 * integrations/shared-lib.ts), so the build is at a fixed place relative to it, whatever the working directory.
 */
export function clientDir(): string {
  return CLIENT_DIR;
}
const CLIENT_DIR = fileURLToPath(new URL('../../../dist/client', import.meta.url));

const opened = new Map<string, BuiltSite>();

/** The build in `dir` (default: clientDir()), read on first use and kept for the life of the process. */
export function builtSite(dir = clientDir()): BuiltSite {
  // Called per request (MCP get_page): the default folder is absolute already, so skip resolve()'s normalising.
  const key = dir === CLIENT_DIR ? dir : resolve(dir);
  let site = opened.get(key);
  if (!site) {
    site = load(key);
    // No build yet (`astro dev` before a build): answer empty now, and read it once it exists.
    if (existsSync(key)) opened.set(key, site);
  }
  return site;
}

function load(dir: string): BuiltSite {
  const entries = existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }) : [];
  const names = entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).replaceAll('\\', '/'))
    .sort();
  const present = new Set(names);
  const paths = new Set<string>();
  const twins = new Map<string, string>();
  const twinFiles = new Set<string>();
  const held = new Map<string, HeldFile>();
  let total = 0;
  for (const name of names) {
    const page = pageFile(name);
    const requestPaths = page ? requestPathsOf(page) : [`/${name}`];
    for (const path of requestPaths) paths.add(path);
    if (isTwinFile(name)) twinFiles.add(`/${name}`);
    if (page && present.has(page.twinUrl.slice(1))) for (const path of requestPaths) twins.set(path, page.twinUrl);

    if (name.endsWith('.br') || name.endsWith('.gz')) continue; // held with the file they compress
    const size = statSync(join(dir, name)).size;
    if (size > MAX_FILE_BYTES || total + size > MAX_TOTAL_BYTES) continue;
    const file = hold(dir, name, present);
    total += file.identity.length + (file.br?.length ?? 0) + (file.gzip?.length ?? 0);
    for (const path of requestPaths) held.set(path, file);
  }
  const publicTwins = new Set([...twinFiles].filter((url) => url !== NOT_FOUND_TWIN));

  const redirects = readRedirects(dir, twins);
  const dated = datedFiles(held, (path) => twins.get(path) ?? liveTwinPaths.get(path), etagOf);
  const fileAt = (path: string, now = calendarNow()) => {
    const file = held.get(path);
    return file && dated.at(file, now);
  };

  return {
    dir,
    paths,
    twins,
    publicTwins,
    held,
    fileAt,
    redirects,
    async readTwin(twinUrl) {
      let path: string;
      try {
        path = decodeURI(twinUrl);
      } catch {
        return undefined;
      }
      // Looked up in the build's own list, never joined to the folder as given: nothing outside the build is read.
      if (!twinFiles.has(path)) return undefined;
      const file = fileAt(path);
      return file ? file.identity.toString('utf8') : readFile(join(dir, path), 'utf8').catch(() => undefined);
    },
  };
}

function hold(dir: string, name: string, present: ReadonlySet<string>): HeldFile {
  const path = join(dir, name);
  const identity = readFileSync(path);
  const variant = (suffix: string) => (present.has(name + suffix) ? readFileSync(path + suffix) : undefined);
  return { name, identity, br: variant('.br'), gzip: variant('.gz'), etag: etagOf(identity) };
}

const etagOf = (bytes: Buffer) => `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 20)}"`;
