import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pageTypes, type PageType } from '../../schemas/search.ts';

/** Written next to the Pagefind bundle at build time by integrations/pagefind.ts. */
export const COMMON_TERMS_FILE = 'common-terms.json';

/**
 * Fills the answer cache, one query at a time, for the terms on the most pages (from COMMON_TERMS_FILE): they are
 * the searches that cost most (the wasm returns every matching page), so a request should not be the first to pay.
 * `warm` returns undefined once the pool it belongs to is closed, which ends the loop. A missing file means no warming.
 */
export async function warmCommonTerms(
  bundleDir: string,
  warm: (q: string, type?: PageType) => Promise<unknown> | undefined,
): Promise<void> {
  let terms: string[];
  try {
    terms = (
      JSON.parse(await readFile(join(bundleDir, COMMON_TERMS_FILE), 'utf8')) as { terms: { term: string }[] }
    ).terms.map((t) => t.term);
  } catch {
    return;
  }
  for (const type of [undefined, ...pageTypes]) {
    for (const term of terms) {
      const pending = warm(term, type);
      if (!pending) return;
      await pending.catch(() => {});
    }
  }
}
