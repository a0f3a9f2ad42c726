/**
 * The held pages with dated regions (dated.ts), and their twins, as they read at an instant. A page is resolved
 * once per change, not per request: the resolved bytes, their brotli and gzip forms and their ETag are kept until
 * the next instant at which a region starts or stops holding. The twin is made from the resolved page, with the
 * converter the build uses, so a page and its twin never disagree about what comes next.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { htmlToMarkdown } from '../../../integrations/html-to-markdown.ts';
import { hasDated, resolveDated } from './dated.ts';
import type { HeldFile } from './built-site.ts';
import { pageFile } from './page-files.ts';

interface Rendition {
  since: number;
  until: number;
  file: HeldFile;
}

export interface DatedFiles {
  /** The file as it reads at `now`: itself, or for a dated page or its twin, its rendition for `now`. */
  at(file: HeldFile, now: Date): HeldFile;
}

/**
 * Finds the dated pages among `held` (request path → file). `twinOf` gives a page path's twin URL, for the links
 * of a twin made here, as the build gives them.
 */
export function datedFiles(
  held: ReadonlyMap<string, HeldFile>,
  twinOf: (path: string) => string | undefined,
  etagOf: (bytes: Buffer) => string,
): DatedFiles {
  // Dated page → its page URL; twin of a dated page → the page.
  const pages = new Map<HeldFile, string>();
  const twinsOfPages = new Map<HeldFile, HeldFile>();
  for (const file of new Set(held.values())) {
    const page = pageFile(file.name);
    if (!page || !hasDated(file.identity.toString('utf8'))) continue;
    pages.set(file, page.pageUrl);
    const twin = held.get(page.twinUrl);
    if (twin) twinsOfPages.set(twin, file);
  }
  const renditions = new Map<HeldFile, Rendition>();

  const heldFile = (name: string, text: string): HeldFile => {
    const identity = Buffer.from(text, 'utf8');
    return {
      name,
      identity,
      // Made once per change of the page, so a quick setting: the build's precompressed files use the best.
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip: gzipSync(identity),
      etag: etagOf(identity),
    };
  };

  const renditionOf = (file: HeldFile, now: Date, make: () => Omit<Rendition, 'file'> & { text: string }) => {
    const at = now.getTime();
    const kept = renditions.get(file);
    if (kept && kept.since <= at && at < kept.until) return kept.file;
    const { since, until, text } = make();
    const rendition = { since, until, file: heldFile(file.name, text) };
    renditions.set(file, rendition);
    return rendition.file;
  };

  const page = (file: HeldFile, now: Date) => {
    const resolved = resolveDated(file.identity.toString('utf8'), now);
    return {
      text: resolved.text,
      since: resolved.since?.getTime() ?? -Infinity,
      until: resolved.until?.getTime() ?? Infinity,
    };
  };

  return {
    at(file, now) {
      if (pages.has(file)) return renditionOf(file, now, () => page(file, now));
      const source = twinsOfPages.get(file);
      if (!source) return file;
      return renditionOf(file, now, () => {
        const resolved = page(source, now);
        const markdown = htmlToMarkdown(resolved.text, { pageUrl: pages.get(source)!, twinOf });
        return { ...resolved, text: markdown ?? file.identity.toString('utf8') };
      });
    },
  };
}
